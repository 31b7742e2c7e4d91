// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Minimal views of the Uniswap V3 contracts the probe talks to (SwapRouter02, QuoterV2, a pool).
interface IProbeV3Router {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut);
}

interface IProbeV3Quoter {
    struct QuoteExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint24 fee;
        uint160 sqrtPriceLimitX96;
    }

    function quoteExactInputSingle(QuoteExactInputSingleParams memory params)
        external
        returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate);
}

interface IProbeV3Pool {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function fee() external view returns (uint24);
}

interface IProbeWETH {
    function deposit() external payable;
    function balanceOf(address) external view returns (uint256);
}

/// @notice Trade-simulation helper for a Uniswap V3 pool, the V3 sibling of TradeProbe: same report
/// layout, same rules (never deployed; its runtime code is placed by eth_call state override at a
/// throwaway address or at holders' addresses; no constructor, no immutables). Buys pay WETH
/// (wrapped from the override balance) into SwapRouter02.exactInputSingle; sells receive WETH.
/// Expected amounts come from QuoterV2, so a tax shows as the gap between quote and receipt.
contract TradeProbeV3 {
    uint8 internal constant OK = 0;
    uint8 internal constant NO_POOL = 1;
    uint8 internal constant BUY_FAILED = 2;
    uint8 internal constant SELL_FAILED = 3;
    uint8 internal constant NO_ROUTER = 4;

    /// Below this WETH balance (1e-6 ETH) a pool is reported as no pool, not as a failed buy.
    uint256 internal constant MIN_WETH_RESERVE = 1e12;
    uint256 internal constant ISOLATED_GAS = 3_000_000;

    struct Route {
        address router;
        address quoter;
        address pool;
        address token;
        address weth;
    }

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

    receive() external payable {}

    function probe(Route calldata rt, address receiver, uint256 buyAmount, uint256[] calldata ladder)
        external
        returns (TradeReport memory r)
    {
        if (rt.router.code.length == 0 || rt.quoter.code.length == 0) {
            r.status = NO_ROUTER;
            return r;
        }
        (bool pooled, uint24 fee, uint256 tokenReserve, uint256 wethReserve) = _pool(rt);
        if (!pooled || wethReserve < MIN_WETH_RESERVE) {
            r.status = NO_POOL;
            return r;
        }
        r.tokenReserve = tokenReserve;
        r.wethReserve = wethReserve;
        IProbeWETH(rt.weth).deposit{value: address(this).balance / 2}();
        _callToken(rt.weth, abi.encodeWithSelector(0x095ea7b3, rt.router, type(uint256).max));
        for (uint256 i = 0; i < ladder.length; i++) {
            uint256 size = ladder[i];
            if (size == 0 || size > wethReserve / 2) continue;
            r.laddersTried++;
            if (size > r.maxBuy && _isolatedBuy(rt, fee, size)) r.maxBuy = size;
        }
        if (buyAmount == 0) buyAmount = wethReserve / 200;
        if (r.maxBuy != 0 && buyAmount > r.maxBuy) buyAmount = r.maxBuy;
        r.buyAmount = buyAmount;
        if (!_buy(r, rt, fee)) return r;
        _transfer(r, rt.token, receiver);
        _sell(r, rt, fee);
    }

    function holderSells(Route calldata rt, address[] calldata holders, uint256 fractionBps)
        external
        returns (bool pooled, HolderSell[] memory out)
    {
        out = new HolderSell[](holders.length);
        if (rt.router.code.length == 0 || rt.quoter.code.length == 0) return (false, out);
        uint256 wethReserve;
        uint24 fee;
        (pooled, fee,, wethReserve) = _pool(rt);
        if (!pooled || wethReserve < MIN_WETH_RESERVE) return (false, out);
        for (uint256 i = 0; i < holders.length; i++) {
            (, bytes memory data) = holders[i].call{gas: ISOLATED_GAS}(
                abi.encodeCall(this.sellOwnBalance, (rt, fee, fractionBps))
            );
            if (data.length >= 256 && uint256(bytes32(data)) == 0x20) {
                out[i] = abi.decode(data, (HolderSell));
            } else {
                out[i].revertData = data;
            }
        }
    }

    /// Runs at a holder's address; always reverts with abi.encode(HolderSell) to undo its effects.
    function sellOwnBalance(Route calldata rt, uint24 fee, uint256 fractionBps) external {
        HolderSell memory s;
        s.amount = (_balance(rt.token, address(this)) * fractionBps) / 10_000;
        if (s.amount > 0) {
            _callToken(rt.token, abi.encodeWithSelector(0x095ea7b3, rt.router, type(uint256).max));
            s.expected = _quote(rt, fee, rt.token, rt.weth, s.amount);
            uint256 before = _balance(rt.weth, address(this));
            uint256 g = gasleft();
            try IProbeV3Router(rt.router).exactInputSingle(_params(rt.token, rt.weth, fee, s.amount)) {
                s.gasUsed = g - gasleft();
                s.ok = true;
                s.received = _balance(rt.weth, address(this)) - before;
            } catch (bytes memory err) {
                s.revertData = _explainSellFailure(err, rt.token, rt.pool, s.amount);
            }
        }
        _revertWith(abi.encode(s));
    }

    /// One ladder buy; always reverts with abi.encode(bool success) so the pool is left untouched.
    function buyAndUndo(Route calldata rt, uint24 fee, uint256 amount) external {
        uint256 before = _balance(rt.token, address(this));
        bool ok;
        try IProbeV3Router(rt.router).exactInputSingle(_params(rt.weth, rt.token, fee, amount)) {
            ok = _balance(rt.token, address(this)) > before;
        } catch {}
        _revertWith(abi.encode(ok));
    }

    function transferAndUndo(address token, address to, uint256 amount) external {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        _revertWith(ok ? bytes("") : data);
    }

    function _buy(TradeReport memory r, Route calldata rt, uint24 fee) internal returns (bool) {
        r.buyExpected = _quote(rt, fee, rt.weth, rt.token, r.buyAmount);
        uint256 before = _balance(rt.token, address(this));
        uint256 g = gasleft();
        try IProbeV3Router(rt.router).exactInputSingle(_params(rt.weth, rt.token, fee, r.buyAmount)) {
            r.buyGas = g - gasleft();
        } catch (bytes memory err) {
            r.status = BUY_FAILED;
            r.revertData = err;
            return false;
        }
        uint256 afterBuy = _balance(rt.token, address(this));
        r.buyReceived = afterBuy > before ? afterBuy - before : 0;
        if (r.buyReceived == 0) {
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

    function _sell(TradeReport memory r, Route calldata rt, uint24 fee) internal {
        uint256 amount = _balance(rt.token, address(this));
        r.sellAmount = amount;
        _callToken(rt.token, abi.encodeWithSelector(0x095ea7b3, rt.router, type(uint256).max));
        r.sellExpected = _quote(rt, fee, rt.token, rt.weth, amount);
        uint256 before = _balance(rt.weth, address(this));
        uint256 g = gasleft();
        try IProbeV3Router(rt.router).exactInputSingle(_params(rt.token, rt.weth, fee, amount)) {
            r.sellGas = g - gasleft();
            r.sellReceived = _balance(rt.weth, address(this)) - before;
        } catch (bytes memory err) {
            r.status = SELL_FAILED;
            r.revertData = _explainSellFailure(err, rt.token, rt.pool, amount);
        }
    }

    /// The pool hides the token's reason behind "STF"/"IIA"; replaying the transfer to the pool
    /// directly (and undoing it) recovers the token's own revert reason.
    function _explainSellFailure(bytes memory routerErr, address token, address pool, uint256 amount)
        internal
        returns (bytes memory)
    {
        (, bytes memory tokenErr) =
            address(this).call{gas: ISOLATED_GAS}(abi.encodeCall(this.transferAndUndo, (token, pool, amount)));
        return tokenErr.length > 0 ? tokenErr : routerErr;
    }

    function _isolatedBuy(Route calldata rt, uint24 fee, uint256 amount) internal returns (bool) {
        (, bytes memory data) =
            address(this).call{gas: ISOLATED_GAS}(abi.encodeCall(this.buyAndUndo, (rt, fee, amount)));
        return data.length == 32 && abi.decode(data, (bool));
    }

    /// The pool trades token against WETH: its fee and the balances it holds of each.
    function _pool(Route calldata rt) internal view returns (bool, uint24, uint256, uint256) {
        if (rt.pool.code.length == 0) return (false, 0, 0, 0);
        address t0;
        address t1;
        uint24 fee;
        try IProbeV3Pool(rt.pool).token0() returns (address x) {
            t0 = x;
        } catch {
            return (false, 0, 0, 0);
        }
        try IProbeV3Pool(rt.pool).token1() returns (address x) {
            t1 = x;
        } catch {
            return (false, 0, 0, 0);
        }
        try IProbeV3Pool(rt.pool).fee() returns (uint24 x) {
            fee = x;
        } catch {
            return (false, 0, 0, 0);
        }
        bool matches = (t0 == rt.token && t1 == rt.weth) || (t1 == rt.token && t0 == rt.weth);
        if (!matches) return (false, 0, 0, 0);
        uint256 tb = _balance(rt.token, rt.pool);
        uint256 wb = _balance(rt.weth, rt.pool);
        return (tb > 0 && wb > 0, fee, tb, wb);
    }

    function _quote(Route calldata rt, uint24 fee, address tokenIn, address tokenOut, uint256 amountIn)
        internal
        returns (uint256)
    {
        try IProbeV3Quoter(rt.quoter).quoteExactInputSingle(
            IProbeV3Quoter.QuoteExactInputSingleParams(tokenIn, tokenOut, amountIn, fee, 0)
        ) returns (uint256 out, uint160, uint32, uint256) {
            return out;
        } catch {
            return 0;
        }
    }

    function _params(address tokenIn, address tokenOut, uint24 fee, uint256 amountIn)
        internal
        view
        returns (IProbeV3Router.ExactInputSingleParams memory)
    {
        return IProbeV3Router.ExactInputSingleParams(tokenIn, tokenOut, fee, address(this), amountIn, 0, 0);
    }

    function _balance(address token, address account) internal view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSelector(0x70a08231, account));
        return ok && data.length >= 32 ? abi.decode(data, (uint256)) : 0;
    }

    function _callToken(address token, bytes memory data) internal returns (bool) {
        (bool ok, bytes memory ret) = token.call(data);
        return ok && (ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))));
    }

    function _revertWith(bytes memory data) internal pure {
        assembly {
            revert(add(data, 32), mload(data))
        }
    }
}
