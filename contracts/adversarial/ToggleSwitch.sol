// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice toggle() flips a switch that blocks sells (no argument, innocent name).
contract ToggleSwitch is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    bool internal _on;

    function toggle() external onlyOwner {
        _on = !_on;
    }

    function _check(address from, address to, uint256) internal view override {
        if (to == pair && from != owner) require(!_on, "off");
    }
}
