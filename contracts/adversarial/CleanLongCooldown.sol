// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: a buyer may sell 8 blocks after a buy (a longer harmless cooldown, counted as 10: the first block tried after it).
contract CleanLongCooldown is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => uint256) internal _lastBuy;

    function _check(address from, address to, uint256) internal override {
        if (from == pair) _lastBuy[to] = block.number;
        if (to == pair && from != owner) require(block.number >= _lastBuy[from] + 8, "cooldown");
    }
}
