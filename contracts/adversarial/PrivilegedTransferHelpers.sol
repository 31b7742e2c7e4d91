// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: an airdrop helper. The owner hands out tokens from a reserve wallet the contract
/// keeps out of sight (an immutable: no getter, no storage slot), which approved the owner at launch:
/// `airdrop(to, amount)` and `airdropMove(from, to, amount)` move with allowance semantics. A balance
/// rises because the reserve's fell: a transfer, never a mint (issue 40 item 3).
contract ReserveAirdrop is AdvBase {
    address internal immutable _reserve;

    constructor(string memory n, string memory s, address reserve) AdvBase(n, s) {
        _reserve = reserve;
        _bal[msg.sender] -= 100_000_000 ether;
        _bal[reserve] += 100_000_000 ether;
        emit Transfer(msg.sender, reserve, 100_000_000 ether);
        allowance[reserve][msg.sender] = type(uint256).max;
        emit Approval(reserve, msg.sender, type(uint256).max);
    }

    function airdrop(address to, uint256 amount) external onlyOwner {
        airdropMove(_reserve, to, amount);
    }

    function airdropMove(address from, address to, uint256 amount) public onlyOwner {
        _spend(from, amount);
        _transfer(from, to, amount);
    }
}

/// @notice The look-alike: the same airdrop(address,uint256) and the same reserve, but it credits the
/// recipient without debiting anyone (the Transfer event says "from the reserve"): a hidden mint.
contract ReserveAirdropMint is AdvBase {
    address internal immutable _reserve;

    constructor(string memory n, string memory s, address reserve) AdvBase(n, s) {
        _reserve = reserve;
        _bal[msg.sender] -= 100_000_000 ether;
        _bal[reserve] += 100_000_000 ether;
        emit Transfer(msg.sender, reserve, 100_000_000 ether);
    }

    function airdrop(address to, uint256 amount) external onlyOwner {
        _bal[to] += amount;
        emit Transfer(_reserve, to, amount);
    }
}
