// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice openTrading(bool) is a pause: false stops every pool trade except the owner trades.
contract OpenTradingPause is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    bool internal _open = true;

    function openTrading(bool v) external onlyOwner {
        _open = v;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == pair || to == pair) require(_open || from == owner || to == owner, "closed");
    }
}
