// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Impersonation: named "USD Coin" with the symbol "USDС" — the last letter is Cyrillic Es,
/// which renders as C — at an address that is not USDC's. Nothing else is wrong with it.
contract FakeUsdc is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {
        name = "USD Coin";
        symbol = unicode"USDС";
    }
}

/// @notice Impersonation of a token this chain does not have: Coinbase's cbBTC.
contract FakeCbBtc is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {
        name = "Coinbase Wrapped BTC";
        symbol = "cbBTC";
    }
}

/// @notice CLEAN look-alike: a name that mentions USDC without being it ("USDC Fan Club", USDCFAN).
contract CleanUsdcFan is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {
        name = "USDC Fan Club";
        symbol = "USDCFAN";
    }
}
