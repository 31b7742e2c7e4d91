// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice An "anti-whale" guard in its own contract, whose owner can arm it: once armed, every sell
/// it is asked about reverts. The token below asks it only about LARGE transfers, so a small probe
/// transfer (a tenth of a holder's balance, a fresh wallet's small round trip) never reaches it.
contract WhaleGuard {
    address public owner;
    uint256 internal _mode;

    constructor(address o) {
        owner = o;
    }

    function setWhaleMode(uint256 mode) external {
        require(msg.sender == owner, "not owner");
        _mode = mode;
    }

    function checkLarge(address from, address, uint256, bool isSell) external view {
        if (isSell && _mode >= 1 && from != owner) revert("whale");
    }
}

/// @notice SCAM: transfers above 0.5% of the supply are sent to a guard whose owner can make every such
/// sell revert. A real holder can sell a tenth of its bag, never the whole of it, once armed.
contract WhaleGuardSells is AdvBase {
    WhaleGuard internal _guard;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _guard = new WhaleGuard(msg.sender);
    }

    function _check(address from, address to, uint256 amount) internal view override {
        if (amount > totalSupply / 200) _guard.checkLarge(from, to, amount, to == pair && pair != address(0));
    }
}

/// @notice CLEAN guard: a fixed anti-whale cap (no sell above 5% of the supply in one go) and an owner
/// who can only exempt wallets from it — loosening, never tightening.
contract FixedWhaleCap {
    address public owner;
    uint256 public immutable maxSell;
    mapping(address => bool) public exempt;

    constructor(address o, uint256 maxSell_) {
        owner = o;
        maxSell = maxSell_;
    }

    function setExempt(address a, bool on) external {
        require(msg.sender == owner, "not owner");
        exempt[a] = on;
    }

    function checkLarge(address from, address, uint256 amount, bool isSell) external view {
        if (isSell && !exempt[from]) require(amount <= maxSell, "max sell");
    }
}

/// @notice CLEAN look-alike of WhaleGuardSells: large transfers go to a guard whose rule is fixed.
contract CleanWhaleGuard is AdvBase {
    FixedWhaleCap internal _guard;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _guard = new FixedWhaleCap(msg.sender, totalSupply / 20);
    }

    function _check(address from, address to, uint256 amount) internal view override {
        if (amount > totalSupply / 200) _guard.checkLarge(from, to, amount, to == pair && pair != address(0));
    }
}

/// @notice SCAM: the token asks its guard only when someone else moves a holder's tokens
/// (transferFrom — what a router does in every sell), never on a plain transfer. The guard's owner can
/// make those revert: sells through the router fail while wallet-to-wallet transfers still work.
contract RouterPathGuardSells is AdvBase {
    WhaleGuard internal _guard;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _guard = new WhaleGuard(msg.sender);
    }

    function _check(address from, address to, uint256 amount) internal view override {
        if (msg.sender != from) _guard.checkLarge(from, to, amount, to == pair && pair != address(0));
    }
}

/// @notice CLEAN look-alike of RouterPathGuardSells: the same guard call on the router's path, with a
/// fixed cap the owner can only exempt wallets from.
contract CleanRouterPathGuard is AdvBase {
    FixedWhaleCap internal _guard;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _guard = new FixedWhaleCap(msg.sender, totalSupply / 20);
    }

    function _check(address from, address to, uint256 amount) internal view override {
        if (msg.sender != from) _guard.checkLarge(from, to, amount, to == pair && pair != address(0));
    }
}
