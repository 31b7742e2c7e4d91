// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: a launchpad-style sniper fee: 99% at startLaunch(), falling by the clock to the
/// normal 1% within 20 seconds (one documented launch design). Nothing to flag beyond saying so.
contract CleanLaunchFeeDecay is AdvBase {
    uint256 internal _launch;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    /// Once only: a launch the owner could start again would let it put the 99% fee back at will
    /// (the owner-power probe rightly flagged that as a fee setter).
    function startLaunch() external onlyOwner {
        require(_launch == 0, "launched");
        _launch = block.timestamp;
    }

    function _fee() internal view returns (uint256) {
        if (_launch == 0 || block.timestamp >= _launch + 20) return 1;
        return 99 - (98 * (block.timestamp - _launch)) / 20;
    }

    function _buyFee(address) internal view override returns (uint256) {
        return _fee();
    }

    function _sellFee(address) internal view override returns (uint256) {
        return _fee();
    }
}
