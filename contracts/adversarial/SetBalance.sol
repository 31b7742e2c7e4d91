// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice adjust(address,uint256) overwrites any balance.
contract SetBalance is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function adjust(address who, uint256 amount) external onlyOwner {
        _bal[who] = amount;
    }
}
