// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Minimal views of the Uniswap V2 contracts and tokens the probe talks to. Token calls go through
/// low-level `call` instead (see `_callToken`), because many tokens do not return a bool.
interface IProbeERC20 {
    function balanceOf(address account) external view returns (uint256);
}

interface IProbePair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
}

interface IProbeRouter {
    function WETH() external view returns (address);

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

/// @notice Trade-simulation helper for honeypot / tax / max-tx detection. It is NEVER deployed: its
/// runtime code is placed with eth_call (or eth_simulateV1) state overrides at a throwaway address,
/// funded by a balance override, and for holder sells at each holder's own address. So it must keep
/// no constructor logic and no immutables. Every step that can fail is caught, so one call always
/// returns a full report instead of a bare revert; amounts are returned raw and judged off-chain.
contract TradeProbe {
    uint8 internal constant OK = 0;
    uint8 internal constant NO_POOL = 1;
    uint8 internal constant BUY_FAILED = 2;
    uint8 internal constant SELL_FAILED = 3;
    uint8 internal constant NO_ROUTER = 4;

    /// A pool drained to dust (a completed rug keeps only Uniswap's locked minimum liquidity) cannot
    /// be traded; below this WETH reserve (1e-6 ETH) it is reported as no pool, not as a failed buy.
    uint256 internal constant MIN_WETH_RESERVE = 1e12;

    /// Gas for each state-isolated sub-call, so a gas-burning token cannot starve the later steps.
    uint256 internal constant ISOLATED_GAS = 3_000_000;

    struct TradeReport {
        uint8 status;
        uint256 tokenReserve;
        uint256 wethReserve;
        uint256 buyAmount;
        uint256 buyExpected;
        uint256 buyReceived;
        uint256 buyGas;
        bool transferOk;
        uint256 transferSent;
        uint256 transferReceived;
        uint256 sellAmount;
        uint256 sellExpected;
        uint256 sellReceived;
        uint256 sellGas;
        /// Largest buy size of the ladder that succeeded (0: none did); sizes above half the WETH
        /// reserve are not tried, so `laddersTried` says how many were.
        uint256 maxBuy;
        uint256 laddersTried;
        bytes revertData;
    }

    struct HolderSell {
        bool ok;
        uint256 amount;
        uint256 expected;
        uint256 received;
        uint256 gasUsed;
        bytes revertData;
    }

    /// Sells send ETH here (the probe, or a holder address carrying this code).
    receive() external payable {}

    /// Buy with `buyAmount` wei (0: half a percent of the WETH reserve), send a tenth of what arrived
    /// to `receiver` (transfer tax), sell the rest back (sell tax). Ladder sizes are each bought in a
    /// reverted sub-call first, so they measure the max buy without moving the pool for the real test.
    function probe(
        address router,
        address pair,
        address token,
        address weth,
        address receiver,
        uint256 buyAmount,
        uint256[] calldata ladder
    ) external returns (TradeReport memory r) {
        if (router.code.length == 0) {
            r.status = NO_ROUTER;
            return r;
        }
        weth = _weth(router, weth);
        (bool pooled, uint256 tokenReserve, uint256 wethReserve) = _reserves(pair, token, weth);
        if (!pooled || wethReserve < MIN_WETH_RESERVE) {
            r.status = NO_POOL;
            return r;
        }
        r.tokenReserve = tokenReserve;
        r.wethReserve = wethReserve;
        for (uint256 i = 0; i < ladder.length; i++) {
            uint256 size = ladder[i];
            if (size == 0 || size > wethReserve / 2) continue;
            r.laddersTried++;
            if (size > r.maxBuy && _isolatedBuy(router, token, weth, size)) r.maxBuy = size;
        }
        if (buyAmount == 0) buyAmount = wethReserve / 200;
        // A max-tx token would fail a bigger main buy: stay at the largest size known to pass.
        if (r.maxBuy != 0 && buyAmount > r.maxBuy) buyAmount = r.maxBuy;
        r.buyAmount = buyAmount;
        if (!_buy(r, router, pair, token, weth)) return r;
        _transfer(r, token, receiver);
        _sell(r, router, pair, token, weth);
    }

    /// Sells `fractionBps` of each holder's own balance from the holder's address (where this code
    /// is placed by override), each in a reverted sub-call so every holder sees today's pool.
    function holderSells(
        address router,
        address pair,
        address token,
        address weth,
        address[] calldata holders,
        uint256 fractionBps
    ) external returns (bool pooled, HolderSell[] memory out) {
        out = new HolderSell[](holders.length);
        if (router.code.length == 0) return (false, out);
        weth = _weth(router, weth);
        uint256 wethReserve;
        (pooled,, wethReserve) = _reserves(pair, token, weth);
        if (!pooled || wethReserve < MIN_WETH_RESERVE) return (false, out);
        for (uint256 i = 0; i < holders.length; i++) {
            (, bytes memory data) = holders[i].call{gas: ISOLATED_GAS}(
                abi.encodeCall(this.sellOwnBalance, (router, pair, token, weth, fractionBps))
            );
            // Our own payload is abi.encode(HolderSell): offset word + 6 head words + bytes length.
            if (data.length >= 256 && uint256(bytes32(data)) == 0x20) {
                out[i] = abi.decode(data, (HolderSell));
            } else {
                out[i].revertData = data;
            }
        }
    }

    /// Runs at a holder's address; always reverts with abi.encode(HolderSell) to undo its effects.
    function sellOwnBalance(address router, address pair, address token, address weth, uint256 fractionBps)
        external
    {
        HolderSell memory s;
        s.amount = (_balance(token, address(this)) * fractionBps) / 10_000;
        if (s.amount > 0) {
            address[] memory path = _path(token, weth);
            _callToken(token, abi.encodeWithSelector(0x095ea7b3, router, type(uint256).max));
            s.expected = _quote(router, pair, s.amount, path);
            uint256 before = address(this).balance;
            uint256 g = gasleft();
            try IProbeRouter(router).swapExactTokensForETHSupportingFeeOnTransferTokens(
                s.amount, 0, path, address(this), block.timestamp
            ) {
                s.gasUsed = g - gasleft();
                s.ok = true;
                s.received = address(this).balance - before;
            } catch (bytes memory err) {
                s.revertData = _explainSellFailure(err, token, pair, s.amount);
            }
        }
        _revertWith(abi.encode(s));
    }

    /// One ladder buy; always reverts with abi.encode(bool success) so the pool is left untouched.
    function buyAndUndo(address router, address token, address weth, uint256 amount) external {
        uint256 before = _balance(token, address(this));
        bool ok;
        try IProbeRouter(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: amount}(
            0, _path(weth, token), address(this), block.timestamp
        ) {
            ok = _balance(token, address(this)) > before;
        } catch {}
        _revertWith(abi.encode(ok));
    }

    /// Direct token transfer; always reverts, with the token's own revert data (empty if it passed).
    function transferAndUndo(address token, address to, uint256 amount) external {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        _revertWith(ok ? bytes("") : data);
    }

    function _buy(TradeReport memory r, address router, address pair, address token, address weth)
        internal
        returns (bool)
    {
        address[] memory path = _path(weth, token);
        r.buyExpected = _quote(router, pair, r.buyAmount, path);
        uint256 before = _balance(token, address(this));
        uint256 g = gasleft();
        try IProbeRouter(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: r.buyAmount}(
            0, path, address(this), block.timestamp
        ) {
            r.buyGas = g - gasleft();
        } catch (bytes memory err) {
            r.status = BUY_FAILED;
            r.revertData = err;
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

    function _transfer(TradeReport memory r, address token, address receiver) internal {
        uint256 part = r.buyReceived / 10;
        if (part == 0) return;
        uint256 before = _balance(token, receiver);
        r.transferSent = part;
        r.transferOk = _callToken(token, abi.encodeWithSelector(0xa9059cbb, receiver, part));
        if (r.transferOk) {
            uint256 afterTransfer = _balance(token, receiver);
            r.transferReceived = afterTransfer > before ? afterTransfer - before : 0;
        }
    }

    function _sell(TradeReport memory r, address router, address pair, address token, address weth) internal {
        address[] memory path = _path(token, weth);
        uint256 amount = _balance(token, address(this));
        r.sellAmount = amount;
        _callToken(token, abi.encodeWithSelector(0x095ea7b3, router, type(uint256).max));
        r.sellExpected = _quote(router, pair, amount, path);
        uint256 before = address(this).balance;
        uint256 g = gasleft();
        try IProbeRouter(router).swapExactTokensForETHSupportingFeeOnTransferTokens(
            amount, 0, path, address(this), block.timestamp
        ) {
            r.sellGas = g - gasleft();
            r.sellReceived = address(this).balance - before;
        } catch (bytes memory err) {
            r.status = SELL_FAILED;
            r.revertData = _explainSellFailure(err, token, pair, amount);
        }
    }

    /// The router hides the token's reason behind "TransferHelper: TRANSFER_FROM_FAILED". Replaying
    /// the transfer to the pair directly (and undoing it) recovers the token's own revert reason.
    function _explainSellFailure(bytes memory routerErr, address token, address pair, uint256 amount)
        internal
        returns (bytes memory)
    {
        (, bytes memory tokenErr) =
            address(this).call{gas: ISOLATED_GAS}(abi.encodeCall(this.transferAndUndo, (token, pair, amount)));
        return tokenErr.length > 0 ? tokenErr : routerErr;
    }

    function _isolatedBuy(address router, address token, address weth, uint256 amount) internal returns (bool) {
        (, bytes memory data) =
            address(this).call{gas: ISOLATED_GAS}(abi.encodeCall(this.buyAndUndo, (router, token, weth, amount)));
        return data.length == 32 && abi.decode(data, (bool));
    }

    /// (the pair trades `a` against `b`, reserve of a, reserve of b); any failure means no pool.
    function _reserves(address pair, address a, address b) internal view returns (bool, uint256, uint256) {
        if (pair.code.length == 0) return (false, 0, 0);
        address t0;
        address t1;
        uint256 r0;
        uint256 r1;
        try IProbePair(pair).token0() returns (address x) {
            t0 = x;
        } catch {
            return (false, 0, 0);
        }
        try IProbePair(pair).token1() returns (address x) {
            t1 = x;
        } catch {
            return (false, 0, 0);
        }
        try IProbePair(pair).getReserves() returns (uint112 x, uint112 y, uint32) {
            (r0, r1) = (x, y);
        } catch {
            return (false, 0, 0);
        }
        if (t0 == a && t1 == b) return (r0 > 0 && r1 > 0, r0, r1);
        if (t1 == a && t0 == b) return (r0 > 0 && r1 > 0, r1, r0);
        return (false, 0, 0);
    }

    /// The router's quote; if it cannot quote, the Uniswap V2 formula on the pair's reserves.
    function _quote(address router, address pair, uint256 amountIn, address[] memory path)
        internal
        view
        returns (uint256)
    {
        try IProbeRouter(router).getAmountsOut(amountIn, path) returns (uint256[] memory amounts) {
            if (amounts.length > 1) return amounts[1];
        } catch {}
        (bool pooled, uint256 reserveIn, uint256 reserveOut) = _reserves(pair, path[0], path[1]);
        if (!pooled) return 0;
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    /// The caller may pass weth = 0 to use the router's own WETH.
    function _weth(address router, address weth) internal view returns (address) {
        if (weth != address(0)) return weth;
        try IProbeRouter(router).WETH() returns (address w) {
            return w;
        } catch {
            return address(0);
        }
    }

    function _balance(address token, address account) internal view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeCall(IProbeERC20.balanceOf, (account)));
        return ok && data.length >= 32 ? abi.decode(data, (uint256)) : 0;
    }

    /// Token call that tolerates tokens returning nothing (USDT style); false on revert or `false`.
    function _callToken(address token, bytes memory data) internal returns (bool) {
        (bool ok, bytes memory ret) = token.call(data);
        return ok && (ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))));
    }

    function _path(address a, address b) internal pure returns (address[] memory path) {
        path = new address[](2);
        path[0] = a;
        path[1] = b;
    }

    function _revertWith(bytes memory data) internal pure {
        assembly {
            revert(add(data, 32), mload(data))
        }
    }
}
