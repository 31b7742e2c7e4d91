// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: transfer delay, one pool transfer per block per tx.origin (sell in a later block).
contract CleanTransferDelay is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => uint256) internal _last;
    bool public transferDelayEnabled = true;

    function _check(address from, address to, uint256) internal override {
        if (transferDelayEnabled && (from == pair || to == pair) && from != owner && to != owner) {
            require(_last[tx.origin] < block.number, "delay");
            _last[tx.origin] = block.number;
        }
    }
}
