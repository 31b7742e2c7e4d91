// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProbeVenue} from "./ProbeVenue.sol";

/// @notice Owner-power simulation helper. Like TradeProbe it is NEVER deployed: eth_call state
/// overrides place its runtime code at a throwaway probe address, at every privileged caller (owner,
/// deployer, fee wallet…) and at the victim holder. For each candidate (caller, calldata) it runs, in
/// a sub-call that always reverts (so every candidate starts from today's state):
///   1. reads total supply and the watched balances,
///   2. makes the caller call the token with the candidate calldata (bounded gas),
///   3. reads them again (mint: supply up, or the watched balances up in sum; owner-drain: a
///      watched balance down by more than it allowed the caller — judged off-chain, balance-ledger.ts;
///      the baseline also reads the watched addresses' allowances to each other),
///   4. optionally (`withTrade`) sells a tenth of the victim's balance from the victim's own address,
///      then buys and sells through the pool from the probe address, like a fresh user would.
/// A call that succeeds as a STATICCALL changed no state (a getter, whatever its arguments): it is
/// marked `readOnly` and not run for real. After the call the token is asked for this probe's
/// canary: when the answer is ours, the token now runs code at an address we chose (the call
/// replaced its implementation or beacon) — `codeReplaced`, whatever the function is called.
/// Optional `setup` calls (each by its own caller) run first in every candidate and in the baseline:
/// the candidates are then judged on the token as that call leaves it (trading opened, say).
/// The run stops before the request's gas runs out; candidates not reached are left `called` false.
/// Effects are returned raw and judged off-chain. No constructor, no immutables, no storage.
contract PowerProbe is ProbeVenue {
    /// Gas for the power call itself: enough for any real setter, bounded against gas bombs.
    uint256 internal constant POWER_GAS = 1_000_000;
    /// Gas for each isolated candidate (power call + reads + victim sell + round trip).
    uint256 internal constant CANDIDATE_GAS = 4_000_000;
    uint256 internal constant TRADE_GAS = 600_000;
    /// Gas kept back for encoding the reply (hundreds of outcomes: megabytes of memory).
    uint256 internal constant RETURN_RESERVE = 15_000_000;
    /// Gas for the read-only try. A getter needs little; a setter's first write in a static call is an
    /// exceptional halt, which burns ALL the gas given to it (300k here made each candidate cost ~250k).
    /// A getter needing more is simply run for real and measured like any call.
    uint256 internal constant STATIC_GAS = 40_000;
    /// What `flabProbeCanary()` answers, and the EIP-1967 implementation slot (UUPS proxiableUUID).
    bytes32 internal constant CANARY = keccak256("flab.power-probe.canary");
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    struct Market {
        /// The token; `route` trades it on its venue (an empty path: no pool, no trade effects).
        address token;
        Route route;
        address victim;
        /// Buy size in wei; retried at a hundredth to tell a shrunk limit from a blocked buy.
        uint256 buyWei;
        /// Run in order before each candidate and the baseline (none: empty): trading opened, a
        /// renounced ownership taken back, a role the caller granted itself.
        Candidate[] setup;
        /// What the candidates call: zero = the token; otherwise a contract the token calls during a
        /// transfer (an anti-bot guard, a fee handler), whose powers are measured on the TOKEN's trades.
        address target;
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
        bool readOnly;
        bool codeReplaced;
        bool setupOk;
        /// owner() before and after the call (0 when it does not answer): renounced, then taken back.
        uint256 ownerBefore;
        uint256 ownerAfter;
        /// The victim's sell (withTrade): what the pool quoted and what arrived (a tax set for one holder).
        uint256 victimSellExpected;
        uint256 victimSellReceived;
        /// Two steps: the call raised the victim's allowance to the caller by this much, and the
        /// follow-up transferFrom(victim, caller, …) by the caller then passed (`followUpOk`).
        uint256 allowanceGranted;
        bool followUpOk;
        /// The victim's sell of its WHOLE balance (withTrade, on a contract the token calls), run apart
        /// from the tenth above (each reverts): a guard that bites only above an amount is reached by
        /// a holder-sized sale.
        bool victimFullTried;
        bool victimFullSellOk;
        /// The baseline only (no call): allowance(watch[i], watch[j]) at [i * n + j], today's state.
        /// A watched balance that falls by more than what it allowed the caller is an owner-drain;
        /// one spent within an allowance is a transferFrom (a reserve that approved the owner).
        uint256[] allowances;
    }

    /// Runs every candidate isolated; the first outcome is the baseline (no power call).
    function run(Market calldata m, address[] calldata watch, Candidate[] calldata cands, bool withTrade)
        external
        returns (Outcome[] memory outs)
    {
        outs = new Outcome[](cands.length + 1);
        outs[0] = _isolated(m, watch, Candidate(address(0), ""), withTrade);
        for (uint256 i = 0; i < cands.length; i++) {
            // Leave the rest un-run (called = false) rather than let the whole request run out of gas;
            // the reply's encoding needs memory too (RETURN_RESERVE).
            if (gasleft() < CANDIDATE_GAS + RETURN_RESERVE) break;
            outs[i + 1] = _isolated(m, watch, cands[i], withTrade);
        }
    }

    /// Powers at creation on any node, with no old state: `deployer` (carrying this code) re-runs the
    /// token's creation transaction (`initcode`, `value`), which builds a fresh copy of the token as
    /// its constructor leaves it — every power the deployer was given still held — and the candidates
    /// run against that copy (the watched token address is replaced by the copy's).
    function runCopy(
        address deployer,
        bytes calldata initcode,
        uint256 value,
        Market calldata m,
        address[] calldata watch,
        Candidate[] calldata cands
    ) external returns (Outcome[] memory) {
        (bool ok, bytes memory r) = deployer.call(abi.encodeCall(this.deployCopy, (initcode, value)));
        require(ok && r.length == 32, "copy not deployed");
        address copy = abi.decode(r, (address));
        Market memory mc = m;
        mc.token = copy;
        address[] memory w = watch;
        for (uint256 i = 0; i < w.length; i++) {
            if (w[i] == m.token) w[i] = copy;
        }
        return this.run(mc, w, cands, false);
    }

    /// Runs at the deployer's address: the constructor sees the deployer as msg.sender.
    function deployCopy(bytes calldata initcode, uint256 value) external returns (address a) {
        bytes memory code = initcode;
        assembly {
            a := create(value, add(code, 32), mload(code))
        }
        require(a != address(0), "constructor reverted");
    }

    function _isolated(Market calldata m, address[] calldata watch, Candidate memory c, bool withTrade)
        internal
        returns (Outcome memory o)
    {
        bytes memory data = abi.encodeCall(this.candidate, (m, watch, c, withTrade));
        assembly {
            pop(call(CANDIDATE_GAS, address(), 0, add(data, 32), mload(data), 0, 0))
            // The calldata is spent and was the last allocation: its memory takes the reply instead.
            // Memory is never freed otherwise, and its cost grows with its square over hundreds of
            // candidates (800 of them ran out of gas on memory alone).
            let n := returndatasize()
            mstore(data, n)
            returndatacopy(add(data, 32), 0, n)
            mstore(0x40, add(add(data, 32), and(add(n, 31), not(31))))
        }
        // Our payload is abi.encode(Outcome): a 0x20 offset first; anything else ran out of gas.
        if (data.length > 64 && uint256(bytes32(data)) == 0x20) {
            o = abi.decode(data, (Outcome));
        }
    }

    /// One candidate; always reverts with abi.encode(Outcome) to undo its effects.
    function candidate(Market calldata m, address[] calldata watch, Candidate calldata c, bool withTrade) external {
        Outcome memory o;
        o.setupOk = m.setup.length > 0;
        for (uint256 i = 0; i < m.setup.length; i++) {
            (, bytes memory sret) =
                m.setup[i].caller.call{gas: POWER_GAS + 50_000}(abi.encodeCall(this.act, (m.token, m.setup[i].data)));
            bool ok;
            if (sret.length >= 64) (ok,) = abi.decode(sret, (bool, bytes));
            o.setupOk = o.setupOk && ok;
        }
        o.called = c.caller != address(0);
        address target = m.target == address(0) ? m.token : m.target;
        o.ownerBefore = _owner(m.token);
        o.supplyBefore = _supply(m.token);
        o.before = _balances(m.token, watch);
        uint256 allowanceBefore = o.called ? _allowance(m.token, m.victim, c.caller) : 0;
        if (o.called) {
            (bool viewOk,) = c.caller.call{gas: STATIC_GAS + 10_000}(abi.encodeCall(this.tryStatic, (target, c.data)));
            if (viewOk) {
                o.readOnly = true;
                o.callOk = true;
            } else {
                uint256 g = gasleft();
                (, bytes memory ret) =
                    c.caller.call{gas: POWER_GAS + 50_000}(abi.encodeCall(this.act, (target, c.data)));
                o.gasUsed = g - gasleft();
                if (ret.length >= 64) {
                    bool ok;
                    bytes memory rd;
                    (ok, rd) = abi.decode(ret, (bool, bytes));
                    o.callOk = ok;
                    o.revertData = rd;
                }
                o.codeReplaced = o.callOk && _runsOurCode(m.token);
                if (o.callOk && !o.codeReplaced) _followUp(o, m, c.caller, allowanceBefore);
            }
        }
        o.supplyAfter = _supply(m.token);
        o.ownerAfter = _owner(m.token);
        o.afterCall = _balances(m.token, watch);
        if (!o.called) o.allowances = _allowances(m.token, watch);
        // A call that reverted or changed nothing has no trade effect: its trades are not run (cheap
        // to send many candidates with trades, as for a contract the token calls).
        if (withTrade && (!o.called || (o.callOk && !o.readOnly))) _trade(o, m);
        _revertWith(abi.encode(o));
    }

    /// Two steps: when the call gave the caller an allowance over the victim's tokens (the victim
    /// approved nothing), the caller uses it at once — transferFrom(victim, caller, all it may take).
    /// The balances read next then show the move, so the pair is judged as one power.
    function _followUp(Outcome memory o, Market calldata m, address caller, uint256 allowanceBefore) internal {
        if (m.victim == address(0)) return;
        uint256 a = _allowance(m.token, m.victim, caller);
        if (a <= allowanceBefore) return;
        o.allowanceGranted = a - allowanceBefore;
        uint256 bal = _balance(m.token, m.victim);
        uint256 amount = a < bal ? a : bal;
        if (amount == 0) return;
        (, bytes memory ret) = caller.call{gas: POWER_GAS + 50_000}(
            abi.encodeCall(this.act, (m.token, abi.encodeWithSelector(0x23b872dd, m.victim, caller, amount)))
        );
        if (ret.length >= 64) (o.followUpOk,) = abi.decode(ret, (bool, bytes));
    }

    function _allowance(address token, address holder, address spender) internal view returns (uint256) {
        if (holder == address(0)) return 0;
        (bool ok, bytes memory d) =
            token.staticcall{gas: 50_000}(abi.encodeWithSelector(0xdd62ed3e, holder, spender));
        return ok && d.length >= 32 ? abi.decode(d, (uint256)) : 0;
    }

    /// Runs at the caller's address: succeeds only if the call succeeds without changing any state.
    function tryStatic(address token, bytes calldata data) external view {
        (bool ok,) = token.staticcall{gas: STATIC_GAS}(data);
        require(ok);
    }

    /// The canary: a token whose code was replaced by one of our addresses answers this.
    function flabProbeCanary() external pure returns (bytes32) {
        return CANARY;
    }

    /// UUPS (ERC-1822): an upgrade checks that the new implementation states this slot.
    function proxiableUUID() external pure returns (bytes32) {
        return IMPLEMENTATION_SLOT;
    }

    /// A beacon: the proxy asks it for the implementation; this probe is one.
    function implementation() external view returns (address) {
        return address(this);
    }

    function _runsOurCode(address token) internal view returns (bool) {
        (bool ok, bytes memory d) = token.staticcall{gas: 100_000}(abi.encodeCall(this.flabProbeCanary, ()));
        return ok && d.length == 32 && bytes32(d) == CANARY;
    }

    /// Runs at the caller's address: the token sees the caller as msg.sender.
    function act(address token, bytes calldata data) external returns (bool ok, bytes memory revertData) {
        bytes memory ret;
        (ok, ret) = token.call{gas: POWER_GAS}(data);
        // 68 bytes: a selector and two words, enough to name the reason; hundreds of candidates each.
        if (!ok) revertData = ret.length <= 68 ? ret : _prefix(ret, 68);
    }

    /// Runs at the victim's address: sells its own balance divided by `divisor` (10: a tenth; 1: all
    /// of it); reverts with abi.encode(ok, quoted, received).
    function victimSell(Market calldata m, uint256 divisor) external {
        uint256 amount = _balance(m.token, address(this)) / divisor;
        bool ok;
        uint256 quoted;
        uint256 received;
        if (amount > 0) {
            quoted = _venueQuote(m.route, amount, false);
            (ok, received,) = _venueSell(m.route, amount, TRADE_GAS);
        }
        _revertWith(abi.encode(ok, quoted, received));
    }

    function _trade(Outcome memory o, Market calldata m) internal {
        o.traded = true;
        if (m.victim != address(0) && _balance(m.token, m.victim) >= 10) {
            o.victimTried = true;
            (, bytes memory r) = m.victim.call{gas: TRADE_GAS + 300_000}(abi.encodeCall(this.victimSell, (m, 10)));
            if (r.length == 96) (o.victimSellOk, o.victimSellExpected, o.victimSellReceived) = abi.decode(r, (bool, uint256, uint256));
            // On a contract the token calls (a guard): the same holder selling everything it holds,
            // from the same state (the tenth's sub-call reverted) — a guard asked only above an
            // amount shows here only. Not for the token's own functions: their amount rules are
            // measured by the buy at two sizes, and one more sell per candidate made the phase-2
            // calls of ~70-function tokens miss the report's time budget on a loaded machine.
            if (m.target != address(0)) {
                o.victimFullTried = true;
                (, r) = m.victim.call{gas: TRADE_GAS + 300_000}(abi.encodeCall(this.victimSell, (m, 1)));
                if (r.length == 96) (o.victimFullSellOk,,) = abi.decode(r, (bool, uint256, uint256));
            }
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

    function _owner(address token) internal view returns (uint256) {
        (bool ok, bytes memory d) = token.staticcall{gas: 50_000}(abi.encodeWithSelector(0x8da5cb5b));
        return ok && d.length >= 32 ? uint256(uint160(abi.decode(d, (uint256)))) : 0;
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

    /// Every watched address's allowance to every other, once per run (the baseline's reads).
    function _allowances(address token, address[] calldata watch) internal view returns (uint256[] memory a) {
        uint256 n = watch.length;
        a = new uint256[](n * n);
        for (uint256 i = 0; i < n; i++) {
            for (uint256 j = 0; j < n; j++) {
                if (i != j) a[i * n + j] = _allowance(token, watch[i], watch[j]);
            }
        }
    }

    function _prefix(bytes memory d, uint256 n) internal pure returns (bytes memory) {
        assembly {
            mstore(d, n)
        }
        return d;
    }
}
