// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A 2% sell tax for a week after deployment, then 90%: no setter is ever called, the
/// switch is a date in the code.
contract TimeBombTax is AdvBase {
    uint256 internal immutable _switchAt;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _switchAt = block.timestamp + 7 days;
    }

    function _sellFee(address) internal view override returns (uint256) {
        return block.timestamp >= _switchAt ? 90 : 2;
    }
}
