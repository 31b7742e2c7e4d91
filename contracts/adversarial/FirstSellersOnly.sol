// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Lets the first two wallets that sell out, then refuses every new seller: each holder's
/// sell passes when tried alone, and only an exit in sequence shows the rest are trapped.
contract FirstSellersOnly is AdvBase {
    uint256 internal _sellers;
    mapping(address => bool) internal _sold;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256) internal override {
        if (to != pair || pair == address(0) || _exempt[from] || _sold[from]) return;
        require(_sellers < 2, "exit closed");
        _sold[from] = true;
        _sellers++;
    }
}
