// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice setDeadFee(uint256) sets the sell fee with no cap below 100%.
contract DeadFeeUncapped is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setDeadFee(uint256 f) external onlyOwner {
        require(f <= 100, "over 100");
        sellFee = f;
    }
}
