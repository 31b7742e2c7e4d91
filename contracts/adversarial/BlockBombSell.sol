// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A time bomb keyed to block NUMBERS, not time: sells revert for everyone but the owner once
/// 100,000 blocks (about 2.3 days on Base) have passed since deployment. Moving only the clock never
/// sets it off; moving the block number does.
contract BlockBombSell is AdvBase {
    uint256 internal immutable _armedAt;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _armedAt = block.number + 100_000;
    }

    function _check(address from, address to, uint256) internal view override {
        if (to == pair && from != owner && block.number >= _armedAt) revert("trading closed");
    }
}

/// @notice CLEAN look-alike: a launch tax keyed to block numbers that FALLS to 1% after 100,000 blocks.
contract CleanBlockDecayTax is AdvBase {
    uint256 internal immutable _launch;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _launch = block.number;
    }

    function _sellFee(address) internal view override returns (uint256) {
        return block.number < _launch + 100_000 ? 3 : 1;
    }
}
