// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Sells revert whenever tx.gasprice > 0: only a zero-gas simulation can sell.
contract GasPriceHoneypot is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256) internal view override {
        if (to == pair && from != owner) require(tx.gasprice == 0, "gas");
    }
}
