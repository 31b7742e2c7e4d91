// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Bad input: snapshot() returns about 600 KB of data (as much as the probe's gas allows), and
/// a hidden mint sits beside it. The probe must not copy the data into the report and must say the
/// call was inconclusive; the mint must still be found.
contract HugeReturnMint is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function snapshot() external pure {
        assembly {
            return(0, 600000)
        }
    }

    function boost(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
