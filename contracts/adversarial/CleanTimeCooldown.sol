// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// Clean look-alike: a sell cooldown counted in SECONDS (30 s after the wallet's last buy), the
/// common "cooldownTimerInterval" template. Harmless for holders who wait; on Base's 2-second blocks
/// it needs 15 blocks, so a simulation that advances block numbers but not time, or that only trades
/// in one block, would call it a honeypot.
contract CleanTimeCooldown is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    mapping(address => uint256) internal _lastBuyAt;

    function _check(address from, address to, uint256) internal override {
        if (from == pair) _lastBuyAt[to] = block.timestamp;
        if (to == pair && from != owner) require(block.timestamp >= _lastBuyAt[from] + 30, "cooldown");
    }
}
