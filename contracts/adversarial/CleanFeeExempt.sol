// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: fixed 3% fee; excludeFromFee(address) only exempts a wallet.
contract CleanFeeExempt is AdvBase {

    constructor(string memory n, string memory s) AdvBase(n, s) {
        buyFee = 3;
        sellFee = 3;
    }

    function excludeFromFee(address a) external onlyOwner {
        _exempt[a] = true;
    }
}
