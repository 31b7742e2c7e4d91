// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice lockAccount(address) blocks one wallet (a blacklist under another name).
contract LockAccount is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => bool) internal _locked;

    function lockAccount(address a) external onlyOwner {
        _locked[a] = true;
    }

    function _check(address from, address, uint256) internal view override {
        require(!_locked[from], "locked");
    }
}
