// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IPowerRouter {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);

    function swapExactETHForTokensSupportingFeeOnTransferTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable;

    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

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
contract PowerProbe {
    /// Gas for the power call itself: enough for any real setter, bounded against gas bombs.
    uint256 internal constant POWER_GAS = 1_000_000;
    /// Gas for each isolated candidate (power call + reads + victim sell + round trip).
    uint256 internal constant CANDIDATE_GAS = 2_500_000;
    uint256 internal constant TRADE_GAS = 600_000;
    /// Revert data kept per candidate (a token returning huge data cannot blow up the report).
    uint256 internal constant MAX_REVERT = 68;

    struct Market {
        address router;
        address pair;
        address token;
        address weth;
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

    receive() external payable {}

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
        bytes memory out = abi.encode(o);
        assembly {
            revert(add(out, 32), mload(out))
        }
    }

    /// Runs at the caller's address: the token sees the caller as msg.sender.
    function act(address token, bytes calldata data) external returns (bool ok, bytes memory revertData) {
        bytes memory ret;
        (ok, ret) = token.call{gas: POWER_GAS}(data);
        if (!ok) revertData = _cut(ret);
    }

    /// Runs at the victim's address: sells a tenth of its own balance; reverts with abi.encode(bool).
    function victimSell(address router, address token, address weth) external {
        uint256 amount = _balance(token, address(this)) / 10;
        bool ok;
        if (amount > 0) {
            token.call(abi.encodeWithSelector(0x095ea7b3, router, type(uint256).max));
            try IPowerRouter(router).swapExactTokensForETHSupportingFeeOnTransferTokens(
                amount, 0, _path(token, weth), address(this), block.timestamp
            ) {
                ok = true;
            } catch {}
        }
        bytes memory out = abi.encode(ok);
        assembly {
            revert(add(out, 32), mload(out))
        }
    }

    function _trade(Outcome memory o, Market calldata m) internal {
        o.traded = true;
        if (m.victim != address(0) && _balance(m.token, m.victim) >= 10) {
            o.victimTried = true;
            (, bytes memory r) =
                m.victim.call{gas: TRADE_GAS}(abi.encodeCall(this.victimSell, (m.router, m.token, m.weth)));
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
        _approve(m.token, m.router);
        address[] memory path = _path(m.token, m.weth);
        o.sellExpected = _quote(m.router, amount, path);
        uint256 ethBefore = address(this).balance;
        try IPowerRouter(m.router).swapExactTokensForETHSupportingFeeOnTransferTokens{gas: TRADE_GAS}(
            amount, 0, path, address(this), block.timestamp
        ) {
            o.sellOk = true;
            o.sellReceived = address(this).balance - ethBefore;
        } catch {}
    }

    function _buy(Outcome memory o, Market calldata m, uint256 size) internal returns (bool) {
        address[] memory path = _path(m.weth, m.token);
        o.buyExpected = _quote(m.router, size, path);
        uint256 before = _balance(m.token, address(this));
        try IPowerRouter(m.router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: size, gas: TRADE_GAS}(
            0, path, address(this), block.timestamp
        ) {} catch {
            return false;
        }
        uint256 got = _balance(m.token, address(this));
        o.buyReceived = got > before ? got - before : 0;
        return o.buyReceived > 0;
    }

    function _approve(address token, address router) internal {
        token.call(abi.encodeWithSelector(0x095ea7b3, router, type(uint256).max));
    }

    function _quote(address router, uint256 amountIn, address[] memory path) internal view returns (uint256) {
        try IPowerRouter(router).getAmountsOut(amountIn, path) returns (uint256[] memory a) {
            if (a.length > 1) return a[1];
        } catch {}
        return 0;
    }

    function _supply(address token) internal view returns (uint256) {
        (bool ok, bytes memory d) = token.staticcall{gas: 100_000}(abi.encodeWithSelector(0x18160ddd));
        return ok && d.length >= 32 ? abi.decode(d, (uint256)) : 0;
    }

    function _balance(address token, address who) internal view returns (uint256) {
        (bool ok, bytes memory d) = token.staticcall{gas: 100_000}(abi.encodeWithSelector(0x70a08231, who));
        return ok && d.length >= 32 ? abi.decode(d, (uint256)) : 0;
    }

    function _balances(address token, address[] calldata watch) internal view returns (uint256[] memory b) {
        b = new uint256[](watch.length);
        for (uint256 i = 0; i < watch.length; i++) {
            b[i] = _balance(token, watch[i]);
        }
    }

    function _cut(bytes memory d) internal pure returns (bytes memory) {
        if (d.length <= MAX_REVERT) return d;
        assembly {
            mstore(d, 68)
        }
        return d;
    }

    function _path(address a, address b) internal pure returns (address[] memory p) {
        p = new address[](2);
        p[0] = a;
        p[1] = b;
    }
}
