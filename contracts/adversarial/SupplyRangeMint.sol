// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A mint that accepts only amounts on the token's own scale: `rebaseSupply(uint256)` sets a
/// new total supply between today's and ten times it, the difference credited to the owner. A fixed
/// probe ladder (0…10,000, 10^30) never lands in that range.
contract SupplyRangeMint is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function rebaseSupply(uint256 newSupply) external onlyOwner {
        require(newSupply > totalSupply && newSupply <= totalSupply * 10, "range");
        _mint(owner, newSupply - totalSupply);
    }
}

/// @notice CLEAN look-alike: the same range check, but it only records a supply cap for a future
/// vote; no token is created.
contract CleanSupplyCap is AdvBase {
    uint256 public supplyCap;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setSupplyCap(uint256 cap) external onlyOwner {
        require(cap > totalSupply && cap <= totalSupply * 10, "range");
        supplyCap = cap;
    }
}
