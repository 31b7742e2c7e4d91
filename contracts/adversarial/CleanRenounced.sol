// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: has mint, blacklist and pause functions, but ownership is renounced.
contract CleanRenounced is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => bool) internal _bl;
    bool internal _paused;

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function setBlacklist(address a, bool v) external onlyOwner {
        _bl[a] = v;
    }

    function pause() external onlyOwner {
        _paused = true;
    }

    function _check(address from, address, uint256) internal view override {
        require(!_paused && !_bl[from], "blocked");
    }
}
