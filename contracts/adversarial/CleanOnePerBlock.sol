// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: launch template, one purchase per block per tx.origin.
contract CleanOnePerBlock is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => uint256) internal _lastPurchase;

    function _check(address from, address, uint256) internal override {
        if (from == pair) {
            require(_lastPurchase[tx.origin] < block.number, "one per block");
            _lastPurchase[tx.origin] = block.number;
        }
    }
}
