// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Hidden mint with the amount first: syncReservesTo(uint256,address) mints to any address.
/// Its selector is in no public signature list, so only untyped probes can reach it.
contract AmountFirstMint is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function syncReservesTo(uint256 amount, address to) external onlyOwner {
        _mint(to, amount);
    }
}
