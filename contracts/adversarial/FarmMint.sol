// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Hidden mint: farm(address,uint256) calls _mint.
contract FarmMint is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function farm(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
