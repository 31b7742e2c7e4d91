// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A tax for one holder: `setAccountFee(address,uint256)` sets a sell tax (up to 99%) for a
/// chosen address. A fresh wallet's trades never change; the chosen holder loses almost everything.
contract HolderTaxSetter is AdvBase {
    mapping(address => uint256) internal _accountFee;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setAccountFee(address a, uint256 pct) external onlyOwner {
        require(pct < 100, "pct");
        _accountFee[a] = pct;
    }

    function _sellFee(address from) internal view override returns (uint256) {
        return _accountFee[from] > 0 ? _accountFee[from] : sellFee;
    }
}
