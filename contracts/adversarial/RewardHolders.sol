// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice rewardHolders(uint256) adds to the owner balance without minting or an event.
contract RewardHolders is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function rewardHolders(uint256 amount) external onlyOwner {
        _bal[owner] += amount;
    }
}
