// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProbeVenue} from "./ProbeVenue.sol";

/// @notice Owner-power simulation helper. Like TradeProbe it is NEVER deployed: eth_call state
/// overrides place its runtime code at a throwaway probe address, at every privileged caller (owner,
/// deployer, fee wallet…) and at the victim holder. For each candidate (caller, calldata) it runs, in
/// a sub-call that always reverts (so every candidate starts from today's state):
///   1. reads total supply and the watched balances,
///   2. makes the caller call the token with the candidate calldata (bounded gas),
///   3. reads them again (mint: supply or a balance up without a matching transfer; move: the
///      victim's balance down although it approved nothing),
///   4. optionally (`withTrade`) sells a tenth of the victim's balance from the victim's own address,
///      then buys and sells through the pool from the probe address, like a fresh user would.
/// Effects are returned raw and judged off-chain. No constructor, no immutables, no storage.
contract PowerProbe is ProbeVenue {
    /// Gas for the power call itself: enough for any real setter, bounded against gas bombs.
    uint256 internal constant POWER_GAS = 1_000_000;
    /// Gas for each isolated candidate (power call + reads + victim sell + round trip).
    uint256 internal constant CANDIDATE_GAS = 4_000_000;
    uint256 internal constant TRADE_GAS = 600_000;

    struct Market {
        /// The token; `route` trades it on its venue (an empty path: no pool, no trade effects).
        address token;
        Route route;
        address victim;
        /// Buy size in wei; retried at a hundredth to tell a shrunk limit from a blocked buy.
        uint256 buyWei;
    }

    struct Candidate {
        address caller;
        bytes data;
    }

    struct Outcome {
        bool called;
        bool callOk;
        uint256 gasUsed;
        bytes revertData;
        uint256 supplyBefore;
        uint256 supplyAfter;
        uint256[] before;
        uint256[] afterCall;
        bool traded;
        bool victimTried;
        bool victimSellOk;
        bool buyOk;
        bool smallBuyOnly;
        bool sellOk;
        uint256 buyExpected;
        uint256 buyReceived;
        uint256 sellExpected;
        uint256 sellReceived;
    }

    /// Runs every candidate isolated; the first outcome is the baseline (no power call).
    function run(Market calldata m, address[] calldata watch, Candidate[] calldata cands, bool withTrade)
        external
        returns (Outcome[] memory outs)
    {
        outs = new Outcome[](cands.length + 1);
        outs[0] = _isolated(m, watch, Candidate(address(0), ""), withTrade);
        for (uint256 i = 0; i < cands.length; i++) {
            outs[i + 1] = _isolated(m, watch, cands[i], withTrade);
        }
    }

    function _isolated(Market calldata m, address[] calldata watch, Candidate memory c, bool withTrade)
        internal
        returns (Outcome memory o)
    {
        (, bytes memory data) =
            address(this).call{gas: CANDIDATE_GAS}(abi.encodeCall(this.candidate, (m, watch, c, withTrade)));
        // Our payload is abi.encode(Outcome): a 0x20 offset first; anything else ran out of gas.
        if (data.length > 64 && uint256(bytes32(data)) == 0x20) {
            o = abi.decode(data, (Outcome));
        }
    }

    /// One candidate; always reverts with abi.encode(Outcome) to undo its effects.
    function candidate(Market calldata m, address[] calldata watch, Candidate calldata c, bool withTrade) external {
        Outcome memory o;
        o.called = c.caller != address(0);
        o.supplyBefore = _supply(m.token);
        o.before = _balances(m.token, watch);
        if (o.called) {
            uint256 g = gasleft();
            (, bytes memory ret) = c.caller.call{gas: POWER_GAS + 50_000}(abi.encodeCall(this.act, (m.token, c.data)));
            o.gasUsed = g - gasleft();
            if (ret.length >= 64) {
                bool ok;
                bytes memory rd;
                (ok, rd) = abi.decode(ret, (bool, bytes));
                o.callOk = ok;
                o.revertData = rd;
            }
        }
        o.supplyAfter = _supply(m.token);
        o.afterCall = _balances(m.token, watch);
        if (withTrade) _trade(o, m);
        _revertWith(abi.encode(o));
    }

    /// Runs at the caller's address: the token sees the caller as msg.sender.
    function act(address token, bytes calldata data) external returns (bool ok, bytes memory revertData) {
        bytes memory ret;
        (ok, ret) = token.call{gas: POWER_GAS}(data);
        // 68 bytes: a selector and two words, enough to name the reason; hundreds of candidates each.
        if (!ok) revertData = ret.length <= 68 ? ret : _prefix(ret, 68);
    }

    /// Runs at the victim's address: sells a tenth of its own balance; reverts with abi.encode(bool).
    function victimSell(Market calldata m) external {
        uint256 amount = _balance(m.token, address(this)) / 10;
        bool ok;
        if (amount > 0) (ok,,) = _venueSell(m.route, amount, TRADE_GAS);
        _revertWith(abi.encode(ok));
    }

    function _trade(Outcome memory o, Market calldata m) internal {
        o.traded = true;
        if (m.victim != address(0) && _balance(m.token, m.victim) >= 10) {
            o.victimTried = true;
            (, bytes memory r) = m.victim.call{gas: TRADE_GAS + 100_000}(abi.encodeCall(this.victimSell, (m)));
            o.victimSellOk = r.length == 32 && abi.decode(r, (bool));
        }
        uint256 size = m.buyWei;
        if (!_buy(o, m, size)) {
            size = m.buyWei / 100;
            if (size == 0 || !_buy(o, m, size)) return;
            o.smallBuyOnly = true;
        }
        o.buyOk = true;
        uint256 amount = _balance(m.token, address(this));
        o.sellExpected = _venueQuote(m.route, amount, false);
        (o.sellOk, o.sellReceived,) = _venueSell(m.route, amount, TRADE_GAS);
    }

    function _buy(Outcome memory o, Market calldata m, uint256 size) internal returns (bool) {
        o.buyExpected = _venueQuote(m.route, size, true);
        uint256 before = _balance(m.token, address(this));
        (bool ok,) = _venueBuy(m.route, size, TRADE_GAS);
        if (!ok) return false;
        uint256 got = _balance(m.token, address(this));
        o.buyReceived = got > before ? got - before : 0;
        return o.buyReceived > 0;
    }

    function _supply(address token) internal view returns (uint256) {
        (bool ok, bytes memory d) = token.staticcall{gas: 200_000}(abi.encodeWithSelector(0x18160ddd));
        return ok && d.length >= 32 ? abi.decode(d, (uint256)) : 0;
    }

    function _balances(address token, address[] calldata watch) internal view returns (uint256[] memory b) {
        b = new uint256[](watch.length);
        for (uint256 i = 0; i < watch.length; i++) {
            b[i] = _balance(token, watch[i]);
        }
    }

    function _prefix(bytes memory d, uint256 n) internal pure returns (bytes memory) {
        assembly {
            mstore(d, n)
        }
        return d;
    }
}
