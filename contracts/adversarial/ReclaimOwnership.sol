// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A fake renounce: renouncing stores the old owner in a private slot, and `unlock()` lets it
/// take ownership back at any time (the SafeMoon-era lock/unlock pattern). owner() reads zero; the
/// mint is one call away.
contract ReclaimOwnership is AdvBase {
    address private _previousOwner;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function lock() external onlyOwner {
        _previousOwner = owner;
        emit OwnershipTransferred(owner, address(0));
        owner = address(0);
    }

    function unlock() external {
        require(msg.sender == _previousOwner, "no");
        emit OwnershipTransferred(address(0), _previousOwner);
        owner = _previousOwner;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}

/// @notice CLEAN look-alike: two-step ownership (a pending owner must accept) with a mint, renounced
/// for real: nothing is pending, so nobody can take it back.
contract CleanOwnable2Step is AdvBase {
    address public pendingOwner;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function transferOwnership(address to) external onlyOwner {
        pendingOwner = to;
    }

    function acceptOwnership() external {
        require(msg.sender == pendingOwner && pendingOwner != address(0), "not pending");
        emit OwnershipTransferred(owner, pendingOwner);
        owner = pendingOwner;
        pendingOwner = address(0);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
