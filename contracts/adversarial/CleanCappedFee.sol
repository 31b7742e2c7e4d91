// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: setFees(uint256,uint256) capped at 5%.
contract CleanCappedFee is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setFees(uint256 b, uint256 s) external onlyOwner {
        require(b <= 5 && s <= 5, "cap");
        buyFee = b;
        sellFee = s;
    }
}
