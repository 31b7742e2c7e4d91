// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: setMarketingWallet(address) and setSwapEnabled(bool) change nothing for holders.
contract CleanWalletSetter is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    address public marketingWallet;
    bool public swapEnabled;

    function setMarketingWallet(address a) external onlyOwner {
        marketingWallet = a;
    }

    function setSwapEnabled(bool v) external onlyOwner {
        swapEnabled = v;
    }
}
