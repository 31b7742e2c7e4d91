// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Scanned before launch: trading is closed (buys revert), and the owner's `enableTrading()`
/// opens it — but once open, only buys work: every sell by anyone but the owner reverts. Judged only
/// as "trading is not open" this looks harmless; judged as it will be once open, it is a honeypot.
contract LaunchHoneypot is AdvBase {
    bool internal _open;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function enableTrading() external onlyOwner {
        _open = true;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(_open, "trading not open");
        if (to == pair) revert("sells locked");
    }
}

/// @notice Scanned before launch: trading closed, `setTrading(bool)` opens it — and can close it again
/// whenever the owner likes: a pause power, found only by opening trading first.
contract ReclosableTrading is AdvBase {
    bool internal _open;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setTrading(bool v) external onlyOwner {
        _open = v;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(_open, "trading not open");
    }
}

/// @notice CLEAN look-alike: trading closed until the owner's one-way `enableTrading()`; once open,
/// buys and sells work with a 2% tax and nothing can close trading again.
contract CleanLaunchSwitch is AdvBase {
    bool internal _open;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        buyFee = 2;
        sellFee = 2;
    }

    function enableTrading() external onlyOwner {
        require(!_open, "already open");
        _open = true;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(_open, "trading not open");
    }
}
