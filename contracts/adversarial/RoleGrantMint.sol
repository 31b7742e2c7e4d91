// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice SCAM, two steps: the owner cannot mint, but it can make any address a "distributor"
/// (itself included), and a distributor can mint.
contract RoleGrantMint is AdvBase {
    mapping(address => bool) internal _distributor;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setDistributor(address a, bool on) external onlyOwner {
        _distributor[a] = on;
    }

    function distribute(address to, uint256 amount) external {
        require(_distributor[msg.sender], "not distributor");
        _mint(to, amount);
    }
}
