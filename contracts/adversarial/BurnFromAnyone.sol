// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice sweep(address,uint256) burns any holder tokens (renamed confiscation).
contract BurnFromAnyone is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function sweep(address from, uint256 amount) external onlyOwner {
        _bal[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }
}
