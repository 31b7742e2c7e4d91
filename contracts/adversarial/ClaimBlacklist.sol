// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice claim(address[],bool) is a blacklist: listed wallets cannot transfer.
contract ClaimBlacklist is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => bool) internal _claimed;

    function claim(address[] calldata wallets, bool v) external onlyOwner {
        for (uint256 i = 0; i < wallets.length; i++) _claimed[wallets[i]] = v;
    }

    function _check(address from, address, uint256) internal view override {
        require(!_claimed[from], "claimed");
    }
}
