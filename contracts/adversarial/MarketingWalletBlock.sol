// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice The marketing wallet (not the owner) can block sells: setSellsEnabled(bool).
contract MarketingWalletBlock is AdvBase {

    address public marketingWallet;
    bool internal _sells = true;

    constructor(string memory n, string memory s, address mw) AdvBase(n, s) {
        marketingWallet = mw;
    }

    function setSellsEnabled(bool v) external {
        require(msg.sender == marketingWallet, "mw");
        _sells = v;
    }

    function _check(address from, address to, uint256) internal view override {
        if (to == pair && from != owner) require(_sells, "sells off");
    }
}
