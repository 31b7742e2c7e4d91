// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: a launch sell tax of 8% that falls by the clock to 2% after a day (the harmless
/// direction: a later clock shows a lower tax, never a blocked sell).
contract CleanTimeDecayTax is AdvBase {
    uint256 internal immutable _deployedAt;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _deployedAt = block.timestamp;
    }

    function _sellFee(address) internal view override returns (uint256) {
        return block.timestamp >= _deployedAt + 1 days ? 2 : 8;
    }
}
