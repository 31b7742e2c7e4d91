// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

interface IAdvRouter {
    function WETH() external pure returns (address);

    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// @notice CLEAN: a reflection token. Balances are shares times an index; a 2% fee on every pool trade
/// is taken from the trader's shares and the index rises, so every other holder's balance grows with
/// no Transfer event and no new supply. Not a mint.
contract CleanReflection is AdvBase {
    uint256 internal constant ONE = 1e18;
    uint256 internal _index = ONE;
    uint256 internal _totalShares;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _totalShares = _bal[msg.sender];
    }

    function balanceOf(address a) public view override returns (uint256) {
        return (_bal[a] * _index) / ONE;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        uint256 shares = (amount * ONE) / _index;
        require(_bal[from] >= shares, "balance");
        uint256 feeShares;
        if (!_exempt[from] && !_exempt[to] && pair != address(0) && (from == pair || to == pair)) {
            feeShares = shares / 50;
        }
        _bal[from] -= shares;
        _bal[to] += shares - feeShares;
        if (feeShares > 0) {
            // Reflect: the fee's shares vanish and the index rises so the supply stays the same.
            _totalShares -= feeShares;
            _index = (totalSupply * ONE) / _totalShares;
        }
        emit Transfer(from, to, ((shares - feeShares) * _index) / ONE);
    }
}

/// @notice CLEAN: a swap-back tax token. A 4% fee on pool trades collects in the contract, and once
/// enough has built up a user's sell also sells the collected fees for ETH to the marketing wallet
/// inside the same transaction. Sells work; it is not a honeypot.
contract CleanSwapBack is AdvBase {
    address internal immutable _router;
    address internal immutable _marketing;
    bool internal _swapping;

    constructor(string memory n, string memory s, address router) AdvBase(n, s) {
        _router = router;
        _marketing = address(uint160(uint256(keccak256(abi.encode(n)))));
        buyFee = 4;
        sellFee = 4;
        allowance[address(this)][router] = type(uint256).max;
    }

    function _check(address, address to, uint256) internal override {
        if (to != pair || _swapping || _bal[address(this)] < 1_000 ether) return;
        _swapping = true;
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = IAdvRouter(_router).WETH();
        uint256 amount = _bal[address(this)];
        try IAdvRouter(_router).swapExactTokensForETHSupportingFeeOnTransferTokens(
            amount, 0, path, _marketing, block.timestamp
        ) {} catch {}
        _swapping = false;
    }

    receive() external payable {}
}

/// @notice A rebasing token whose owner calls the rebase: `rebase(uint256 pct)` scales every balance
/// (and the supply) up. By design for an algorithmic token — and a supply power in the owner's hands.
contract RebaseOwner is AdvBase {
    uint256 internal constant ONE = 1e18;
    uint256 internal _scale = ONE;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function balanceOf(address a) public view override returns (uint256) {
        return (_bal[a] * _scale) / ONE;
    }

    function rebase(uint256 pct) external onlyOwner {
        require(pct > 0 && pct <= 100, "pct");
        _scale = (_scale * (100 + pct)) / 100;
        totalSupply = (totalSupply * (100 + pct)) / 100;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        uint256 raw = (amount * ONE) / _scale;
        require(_bal[from] >= raw, "balance");
        _bal[from] -= raw;
        _bal[to] += raw;
        emit Transfer(from, to, amount);
    }
}
