// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Gas abuse: every sell writes 70 fresh storage slots ("gas tokens") at the seller's cost,
/// about 1.6 million gas for a transfer that needs 50 thousand. It works; it just costs the seller.
contract GasBurnSell is AdvBase {
    uint256 internal _n;
    mapping(uint256 => uint256) internal _junk;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address, address to, uint256) internal override {
        if (to != pair) return;
        for (uint256 i = 0; i < 70; i++) {
            _junk[++_n] = _n;
        }
    }
}

/// @notice CLEAN look-alike: each sell updates a few bookkeeping slots (last-sell checkpoints), a
/// few tens of thousands of gas, as many real tokens do.
contract CleanSellCheckpoint is AdvBase {
    mapping(address => uint256) public lastSell;
    uint256 public sells;
    uint256 public sold;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256 amount) internal override {
        if (to != pair) return;
        lastSell[from] = block.number;
        sells += 1;
        sold += amount;
    }
}
