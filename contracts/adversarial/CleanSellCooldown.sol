// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: a buyer may sell 2 blocks after a buy (harmless cooldown).
contract CleanSellCooldown is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => uint256) internal _lastBuy;

    function _check(address from, address to, uint256) internal override {
        if (from == pair) _lastBuy[to] = block.number;
        if (to == pair && from != owner) require(block.number >= _lastBuy[from] + 2, "cooldown");
    }
}
