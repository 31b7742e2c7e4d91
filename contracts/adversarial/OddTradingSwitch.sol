// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Scanned before launch: trading is closed. `enableTrading()` is a decoy — it sets a public
/// flag nothing reads — and the real switch is `syncRewards()`, a name no trading-switch list holds.
/// Once open, only buys work: every sell by anyone but the owner reverts. Found by effect (after
/// `syncRewards()` a buy passes), it is a honeypot once open; found by name, it looks harmless.
contract OddNameLaunch is AdvBase {
    bool public tradingEnabled;
    uint256 internal _rewardEpoch;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function enableTrading() external onlyOwner {
        tradingEnabled = true;
    }

    function syncRewards() external onlyOwner {
        _rewardEpoch += 1;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(_rewardEpoch != 0, "not live");
        if (to == pair) revert("sells locked");
    }
}

/// @notice Scanned before launch: trading is opened by `f7(uint256)` — a selector no signature list
/// names — with any non-zero argument. Once open, a sell pays 90% tax.
contract OpaqueSwitchTax is AdvBase {
    uint256 internal _liveAt;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        sellFee = 90;
    }

    function f7(uint256 k) external onlyOwner {
        require(k != 0, "k");
        _liveAt = block.number;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(_liveAt != 0, "not live");
    }
}

/// @notice CLEAN look-alike: trading closed until the owner's one-way `syncRewards()` (an odd name
/// for the switch); once open, buys and sells work with a 2% tax and nothing closes trading again.
contract CleanOddLaunch is AdvBase {
    uint256 internal _rewardEpoch;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        buyFee = 2;
        sellFee = 2;
    }

    function syncRewards() external onlyOwner {
        require(_rewardEpoch == 0, "synced");
        _rewardEpoch = 1;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(_rewardEpoch != 0, "not live");
    }
}

/// @notice Trading that can never open: `openTrading()` would create the pool and open trading, as
/// many launch contracts do, but the pool already exists, so it always reverts; `setSwapEnabled(bool)`
/// changes state but opens nothing. No privileged call makes a buy pass: buyers cannot enter.
contract NeverOpenTrading is AdvBase {
    bool public tradingOpen;
    bool public swapEnabled;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function openTrading() external onlyOwner {
        require(pair == address(0), "pair exists");
        tradingOpen = true;
    }

    function setSwapEnabled(bool v) external onlyOwner {
        swapEnabled = v;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(tradingOpen, "trading not open");
    }
}

/// @notice CLEAN look-alike: an ordinary one-way `enableTrading()`, already called at launch (before
/// the buyers), and a `syncRewards()` that only counts reward epochs. Trading is open; nothing can
/// close it.
contract CleanOpenedLaunch is AdvBase {
    bool public tradingOpen;
    uint256 public rewardEpoch;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function enableTrading() external onlyOwner {
        require(!tradingOpen, "already open");
        tradingOpen = true;
    }

    function syncRewards() external onlyOwner {
        rewardEpoch += 1;
    }

    function _check(address from, address to, uint256) internal view override {
        if (from == owner || to == owner) return;
        if (from == pair || to == pair) require(tradingOpen, "trading not open");
    }
}
