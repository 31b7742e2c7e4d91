// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: launch anti-bot tax of 30% decaying to 0 over 10 blocks after startLaunch().
contract CleanAntiBotDecay is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    uint256 internal _launch;

    function startLaunch() external onlyOwner {
        if (_launch == 0) _launch = block.number;
    }

    function _decay() internal view returns (uint256) {
        if (_launch == 0 || block.number >= _launch + 10) return 0;
        return 30 - 3 * (block.number - _launch);
    }

    function _buyFee(address) internal view override returns (uint256) {
        return _decay();
    }

    function _sellFee(address) internal view override returns (uint256) {
        return _decay();
    }
}
