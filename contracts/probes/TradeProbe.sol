// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProbeVenue} from "./ProbeVenue.sol";

/// @notice Trade-simulation helper for honeypot / tax / max-buy / cooldown detection, on any venue
/// (the route and its adapter come from ProbeVenue). It is NEVER deployed: its runtime code is
/// placed with eth_simulateV1 (or eth_call) state overrides at a throwaway address, funded by a
/// balance override, and for holder sells at each holder's own address. So it keeps no constructor
/// logic and no immutables. Every step that can fail is caught, so a call always returns a full
/// report instead of a bare revert; amounts are returned raw and judged off-chain.
///
/// The fresh user's flow over several simulated blocks: `probe` (block N: ladder, buy, transfer
/// test, a same-block sell that is undone so the tokens stay held), then `sellLater` at N+k (each
/// undone too), which tells a sell cooldown or transfer delay from a honeypot and counts its blocks.
contract TradeProbe is ProbeVenue {
    uint8 internal constant OK = 0;
    uint8 internal constant NO_POOL = 1;
    uint8 internal constant BUY_FAILED = 2;
    uint8 internal constant SELL_FAILED = 3;
    uint8 internal constant NO_ROUTER = 4;

    /// Gas for each state-isolated sub-call, so a gas-burning token cannot starve the later steps.
    uint256 internal constant ISOLATED_GAS = 3_000_000;
    uint256 internal constant SWAP_GAS = 2_000_000;

    struct SellResult {
        /// The sub-call returned our own report (false: it ran out of gas or the token broke it).
        bool tried;
        bool ok;
        uint256 amount;
        uint256 expected;
        uint256 received;
        uint256 gasUsed;
        /// Test transfer of a tenth of the balance to a second address, before the sell.
        bool transferTried;
        bool transferOk;
        uint256 transferSent;
        uint256 transferReceived;
        bytes revertData;
    }

    struct TradeReport {
        uint8 status;
        uint256 buyAmount;
        uint256 buyExpected;
        uint256 buyReceived;
        uint256 buyGas;
        /// Largest buy size of the ladder that succeeded (0: none did); sizes above `maxLadder` are
        /// not tried, so `laddersTried` says how many were.
        uint256 maxBuy;
        uint256 laddersTried;
        /// The same-block transfer test and sell (undone: the bought tokens stay held for later blocks).
        SellResult sell;
        /// The block context the trade ran in: a real user's gas price is at or above the base fee.
        uint256 gasPrice;
        uint256 baseFee;
        uint256 blockNumber;
        bytes revertData;
    }

    /// Buys `buyAmount` wei along the route and keeps the tokens; then, undone, a test transfer of a
    /// tenth to `receiver` and a sell of the rest. Ladder sizes are each bought in a reverted
    /// sub-call first, so they measure the max buy without moving the pool for the real test.
    function probe(
        Route calldata rt,
        address receiver,
        uint256 buyAmount,
        uint256 maxLadder,
        uint256[] calldata ladder
    ) external returns (TradeReport memory r) {
        r.gasPrice = tx.gasprice;
        r.baseFee = block.basefee;
        r.blockNumber = block.number;
        r.status = _routeStatus(rt);
        if (r.status != OK) return r;
        for (uint256 i = 0; i < ladder.length; i++) {
            uint256 size = ladder[i];
            if (size == 0 || size > maxLadder) continue;
            r.laddersTried++;
            if (size > r.maxBuy && _isolatedBuy(rt, size)) r.maxBuy = size;
        }
        // A max-tx token would fail a bigger main buy: stay at the largest size known to pass.
        if (r.maxBuy != 0 && buyAmount > r.maxBuy) buyAmount = r.maxBuy;
        r.buyAmount = buyAmount;
        if (!_buy(r, rt)) return r;
        r.sell = _isolatedSell(rt, receiver, 10_000);
        if (!r.sell.ok) r.status = SELL_FAILED;
    }

    /// At a later block: the held tokens' transfer test and sell, undone.
    function sellLater(Route calldata rt, address receiver) external returns (SellResult memory) {
        return _isolatedSell(rt, receiver, 10_000);
    }

    /// Runs at a holder's own address (tx.origin = the holder under eth_simulateV1): sells
    /// `fractionBps` of its balance, undone.
    function holderSell(Route calldata rt, uint256 fractionBps) external returns (SellResult memory) {
        return _isolatedSell(rt, address(0), fractionBps);
    }

    /// The same for each holder in one call (eth_call fallback, where tx.origin is the probe's caller).
    function holderSells(Route calldata rt, address[] calldata holders, uint256 fractionBps)
        external
        returns (bool pooled, SellResult[] memory out)
    {
        out = new SellResult[](holders.length);
        if (_routeStatus(rt) != OK) return (false, out);
        pooled = true;
        for (uint256 i = 0; i < holders.length; i++) {
            (, bytes memory data) =
                holders[i].call{gas: ISOLATED_GAS + 100_000}(abi.encodeCall(this.holderSell, (rt, fractionBps)));
            if (data.length >= 416 && uint256(bytes32(data)) == 0x20) out[i] = abi.decode(data, (SellResult));
        }
    }

    /// One sell (after an optional transfer test); always reverts with abi.encode(SellResult).
    function sellAndUndo(Route calldata rt, address receiver, uint256 fractionBps) external {
        _revertWith(abi.encode(_sell(rt, receiver, fractionBps)));
    }

    /// Runs at a holder's own address inside `exitInSequence`: sells its whole balance and KEEPS the
    /// sell, so the next holder sells into the state this one left (a real exit, one after another).
    function holderSellKept(Route calldata rt) external returns (SellResult memory) {
        return _sell(rt, address(0), 10_000);
    }

    /// The holders sell their whole balances one after another, each into the state the previous
    /// sells left; always reverts with abi.encode(SellResult[]) so the chain state is left untouched.
    function exitInSequence(Route calldata rt, address[] calldata holders) external {
        SellResult[] memory out = new SellResult[](holders.length);
        for (uint256 i = 0; i < holders.length; i++) {
            (, bytes memory data) =
                holders[i].call{gas: ISOLATED_GAS}(abi.encodeCall(this.holderSellKept, (rt)));
            if (data.length >= 416 && uint256(bytes32(data)) == 0x20) out[i] = abi.decode(data, (SellResult));
        }
        _revertWith(abi.encode(out));
    }

    /// The sequential exit, undone (the holders' addresses carry this code): `pooled` false when the
    /// route has no pool or the sequence returned no report (out of gas).
    function sequentialExit(Route calldata rt, address[] calldata holders)
        external
        returns (bool pooled, SellResult[] memory out)
    {
        if (_routeStatus(rt) != OK) return (false, out);
        (, bytes memory data) = address(this).call(abi.encodeCall(this.exitInSequence, (rt, holders)));
        if (data.length < 64 || uint256(bytes32(data)) != 0x20) return (false, out);
        return (true, abi.decode(data, (SellResult[])));
    }

    function _sell(Route calldata rt, address receiver, uint256 fractionBps) internal returns (SellResult memory s) {
        s.tried = true;
        address token = _token(rt);
        uint256 held = _balance(token, address(this));
        if (receiver != address(0) && held / 10 > 0) {
            s.transferTried = true;
            s.transferSent = held / 10;
            uint256 before = _balance(token, receiver);
            s.transferOk = _callToken(token, abi.encodeWithSelector(0xa9059cbb, receiver, s.transferSent));
            if (s.transferOk) {
                uint256 afterTransfer = _balance(token, receiver);
                s.transferReceived = afterTransfer > before ? afterTransfer - before : 0;
            }
        }
        s.amount = (_balance(token, address(this)) * fractionBps) / 10_000;
        if (s.amount > 0) {
            s.expected = _venueQuote(rt, s.amount, false);
            uint256 g = gasleft();
            bytes memory err;
            (s.ok, s.received, err) = _venueSell(rt, s.amount, SWAP_GAS);
            s.gasUsed = g - gasleft();
            if (!s.ok) s.revertData = _explainSellFailure(err, token, rt.pool, s.amount);
        }
    }

    /// One ladder buy; always reverts with abi.encode(bool success) so the pool is left untouched.
    function buyAndUndo(Route calldata rt, uint256 amount) external {
        address token = _token(rt);
        uint256 before = _balance(token, address(this));
        (bool ok,) = _venueBuy(rt, amount, SWAP_GAS);
        _revertWith(abi.encode(ok && _balance(token, address(this)) > before));
    }

    function _buy(TradeReport memory r, Route calldata rt) internal returns (bool) {
        address token = _token(rt);
        r.buyExpected = _venueQuote(rt, r.buyAmount, true);
        uint256 before = _balance(token, address(this));
        uint256 g = gasleft();
        (bool ok, bytes memory err) = _venueBuy(rt, r.buyAmount, SWAP_GAS);
        r.buyGas = g - gasleft();
        if (!ok) {
            r.status = BUY_FAILED;
            r.revertData = err;
            r.buyGas = 0;
            return false;
        }
        uint256 afterBuy = _balance(token, address(this));
        r.buyReceived = afterBuy > before ? afterBuy - before : 0;
        if (r.buyReceived == 0) {
            // The swap went through but delivered nothing: report it as a failed buy, no reason.
            r.status = BUY_FAILED;
            return false;
        }
        return true;
    }

    function _isolatedSell(Route calldata rt, address receiver, uint256 fractionBps)
        internal
        returns (SellResult memory s)
    {
        (, bytes memory data) = address(this).call{gas: ISOLATED_GAS}(
            abi.encodeCall(this.sellAndUndo, (rt, receiver, fractionBps))
        );
        // Our own payload is abi.encode(SellResult): offset word + 11 head words + bytes length.
        if (data.length >= 416 && uint256(bytes32(data)) == 0x20) {
            s = abi.decode(data, (SellResult));
        } else {
            s.revertData = _cut(data);
        }
    }

    function _isolatedBuy(Route calldata rt, uint256 amount) internal returns (bool) {
        (, bytes memory data) =
            address(this).call{gas: ISOLATED_GAS}(abi.encodeCall(this.buyAndUndo, (rt, amount)));
        return data.length == 32 && abi.decode(data, (bool));
    }
}
