// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice An "anti-bot" guard kept in its own contract. The token asks it about every transfer;
/// its owner (the deployer) can raise a level after which every sell to the pair reverts. Nothing in
/// the token itself can block a sell: the power lives outside it.
contract SellGuard {
    address public owner;
    uint256 internal _level;

    constructor(address o) {
        owner = o;
    }

    function setAntiBotLevel(uint256 level) external {
        require(msg.sender == owner, "not owner");
        _level = level;
    }

    function onTransfer(address from, address, uint256, bool isSell) external view {
        if (isSell && _level >= 2 && from != owner) revert("bot");
    }
}

/// @notice SCAM: every transfer calls the guard at a private address; the guard's owner blocks sells.
contract ExternalGuardSells is AdvBase {
    SellGuard internal _guard;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _guard = new SellGuard(msg.sender);
    }

    function _check(address from, address to, uint256 amount) internal view override {
        _guard.onTransfer(from, to, amount, to == pair && pair != address(0));
    }
}

/// @notice CLEAN guard: a fixed anti-bot rule (no transfer above 2% of the supply in the first 3
/// blocks after launch) and an owner who can only exempt wallets from it — loosening, never tightening.
contract ExemptOnlyGuard {
    address public owner;
    uint256 public immutable launchBlock;
    uint256 public immutable maxEarly;
    mapping(address => bool) public exempt;

    constructor(address o, uint256 maxEarly_) {
        owner = o;
        launchBlock = block.number;
        maxEarly = maxEarly_;
        exempt[o] = true;
    }

    function setExempt(address a, bool on) external {
        require(msg.sender == owner, "not owner");
        exempt[a] = on;
    }

    function renounce() external {
        require(msg.sender == owner, "not owner");
        owner = address(0);
    }

    function onTransfer(address from, address to, uint256 amount, bool) external view {
        if (exempt[from] || exempt[to]) return;
        if (block.number <= launchBlock + 3) require(amount <= maxEarly, "early limit");
    }
}

/// @notice CLEAN look-alike of ExternalGuardSells: the same call to a guard on every transfer, but the
/// guard's owner has no power over trades.
contract CleanExternalGuard is AdvBase {
    ExemptOnlyGuard internal _guard;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _guard = new ExemptOnlyGuard(msg.sender, totalSupply / 50);
    }

    function _check(address from, address to, uint256 amount) internal view override {
        _guard.onTransfer(from, to, amount, to == pair && pair != address(0));
    }
}
