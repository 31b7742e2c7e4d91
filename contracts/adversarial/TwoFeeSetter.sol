// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice configure(uint256,uint256) sets buy and sell fees with no cap below 100%.
contract TwoFeeSetter is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function configure(uint256 b, uint256 s) external onlyOwner {
        require(b <= 100 && s <= 100, "over 100");
        buyFee = b;
        sellFee = s;
    }
}
