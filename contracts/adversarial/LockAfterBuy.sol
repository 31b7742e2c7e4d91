// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A wallet is locked 3 blocks after its first buy: a same-block round trip passes, holders cannot sell.
contract LockAfterBuy is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => uint256) internal _firstBuy;

    function _check(address from, address to, uint256) internal override {
        if (from == pair && _firstBuy[to] == 0) _firstBuy[to] = block.number;
        if (to == pair && from != owner && _firstBuy[from] != 0) require(block.number <= _firstBuy[from] + 3, "locked");
    }
}
