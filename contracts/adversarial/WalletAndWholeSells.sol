// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice SCAM: a sell from a wallet (an account without code) reverts; a sell from a contract passes.
/// Every simulation that sells through probe code — a throwaway probe contract, or the probe placed
/// at a holder's address — sees a token that trades; every real holder, who sells from a wallet, is
/// stuck. Disguised as a "bot" rule with a harmless-looking message.
contract WalletOnlyHoneypot is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256) internal view override {
        if (to == pair && pair != address(0) && !_exempt[from] && from.code.length == 0) revert("anti-bot: slow down");
    }
}

/// @notice CLEAN look-alike of WalletOnlyHoneypot: the same code-length test, used the other way round —
/// a contract (a bot) may not sell more than 5% of the supply at once; wallets are never limited.
contract CleanBotSellCap is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256 amount) internal view override {
        if (to == pair && pair != address(0) && !_exempt[from] && from.code.length > 0) {
            require(amount <= totalSupply / 20, "anti-bot: max sell");
        }
    }
}

/// @notice SCAM (a limit, caught as a warning): no sell may exceed half of the seller's balance. A tenth of
/// a holder's bag always sells, so a probe that sells a tenth sees nothing; nobody can ever leave in one
/// sell, and a fresh buyer's sell of what it bought reverts.
contract HalfBagSellLimit is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256 amount) internal view override {
        if (to == pair && pair != address(0) && !_exempt[from]) require(amount * 2 <= _bal[from], "max sell");
    }
}

/// @notice CLEAN look-alike of HalfBagSellLimit: a fixed max sell of 3% of the supply — above what any
/// buyer of the pool holds, so every holder's whole balance sells.
contract CleanMaxSell is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function _check(address from, address to, uint256 amount) internal view override {
        if (to == pair && pair != address(0) && !_exempt[from]) require(amount <= (totalSupply * 3) / 100, "max sell");
    }
}
