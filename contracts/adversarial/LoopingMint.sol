// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Bad input: rebalance(uint256) loops until it runs out of gas, and a hidden mint sits beside
/// it. The loop must be bounded and reported as an inconclusive probe; the mint must still be found.
contract LoopingMint is AdvBase {
    uint256 internal _spin;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function rebalance(uint256 rounds) external {
        for (uint256 i = 0; i < rounds || rounds == 0 || true; i++) {
            _spin += i;
        }
    }

    function harvest(uint256 amount) external onlyOwner {
        _mint(msg.sender, amount);
    }
}
