// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN look-alike of HolderTaxSetter: a per-holder setting the owner can change for one
/// address — but it can only exempt that holder from the 3% sell tax, never raise it.
contract CleanHolderExemption is AdvBase {
    mapping(address => bool) internal _noTax;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        sellFee = 3;
        buyFee = 3;
    }

    function setAccountExempt(address a, bool on) external onlyOwner {
        _noTax[a] = on;
    }

    function _sellFee(address from) internal view override returns (uint256) {
        return _noTax[from] ? 0 : sellFee;
    }
}
