// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice setLimit(uint256) sets the max transaction with no floor (0 stops trading).
contract MaxTxShrink is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    uint256 public limit = type(uint256).max;

    function setLimit(uint256 l) external onlyOwner {
        limit = l;
    }

    function _check(address from, address to, uint256 amount) internal view override {
        if ((from == pair || to == pair) && from != owner && to != owner) require(amount <= limit, "limit");
    }
}
