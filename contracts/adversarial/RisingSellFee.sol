// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A sell fee that rises with time: 2% for the first hour after deployment, 60% after. No
/// setter is called; every sell made in the first hour passes at a normal fee.
contract RisingSellFee is AdvBase {
    uint256 internal immutable _deployedAt;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _deployedAt = block.timestamp;
    }

    function _sellFee(address) internal view override returns (uint256) {
        return block.timestamp >= _deployedAt + 1 hours ? 60 : 2;
    }
}
