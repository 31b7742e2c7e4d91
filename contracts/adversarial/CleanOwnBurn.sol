// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: burn(uint256) burns only the tokens of the caller.
contract CleanOwnBurn is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function burn(uint256 amount) external {
        _bal[msg.sender] -= amount;
        totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
    }
}
