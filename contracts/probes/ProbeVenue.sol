// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Minimal views of the venue contracts the probes trade through. Token calls go through low-level
/// `call` instead (see `_callToken`), because many tokens do not return a bool.
interface IVenueV2Router {
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

/// SwapRouter02 (IV3SwapRouter: no deadline in the params).
interface IVenueV3Router {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    struct ExactInputParams {
        bytes path;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut);

    function exactInput(ExactInputParams calldata params) external payable returns (uint256 amountOut);
}

/// Aerodrome classic's Router: routes of Route structs (from, to, stable, factory).
interface IVenueAeroRouter {
    struct Route {
        address from;
        address to;
        bool stable;
        address factory;
    }

    function getAmountsOut(uint256 amountIn, Route[] memory routes) external view returns (uint256[] memory);

    function swapExactETHForTokensSupportingFeeOnTransferTokens(
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external payable;

    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external;
}

/// Aerodrome Slipstream's SwapRouter (pools keyed by tick spacing; a deadline in the params).
interface IVenueCLRouter {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        int24 tickSpacing;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    struct ExactInputParams {
        bytes path;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut);

    function exactInput(ExactInputParams calldata params) external payable returns (uint256 amountOut);
}

/// Uniswap V3's QuoterV2 and Slipstream's share this call (Slipstream's path carries tick spacings).
interface IVenueV3Quoter {
    function quoteExactInput(bytes memory path, uint256 amountIn)
        external
        returns (uint256 amountOut, uint160[] memory, uint32[] memory, uint256 gasEstimate);
}

interface IVenueWETH {
    function deposit() external payable;
}

/// Uniswap V4's PoolKey (currencies sorted, native ETH as address 0).
struct VenueV4Key {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

/// V4Router's SWAP_EXACT_IN_SINGLE parameters (v4-periphery IV4Router, as the router on Base has it).
struct VenueV4ExactInputSingle {
    VenueV4Key poolKey;
    bool zeroForOne;
    uint128 amountIn;
    uint128 amountOutMinimum;
    bytes hookData;
}

/// v4-periphery's PathKey: one hop of a multi-hop V4 swap, named by the currency it swaps into.
struct VenueV4PathKey {
    address intermediateCurrency;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
    bytes hookData;
}

/// V4Router's SWAP_EXACT_IN parameters (multi-hop).
struct VenueV4ExactInput {
    address currencyIn;
    VenueV4PathKey[] path;
    uint128 amountIn;
    uint128 amountOutMinimum;
}

/// The Universal Router (2.0, as on Base): commands, one input per command.
interface IVenueUniversalRouter {
    function execute(bytes calldata commands, bytes[] calldata inputs, uint256 deadline) external payable;
}

/// Permit2's allowance half: the Universal Router pulls ERC-20 input through it.
interface IVenuePermit2 {
    function approve(address token, address spender, uint160 amount, uint48 expiration) external;
}

/// V4Quoter: runs the PoolManager's real swap (hooks included) and reverts with the result.
interface IVenueV4Quoter {
    struct QuoteExactSingleParams {
        VenueV4Key poolKey;
        bool zeroForOne;
        uint128 exactAmount;
        bytes hookData;
    }

    struct QuoteExactParams {
        address exactCurrency;
        VenueV4PathKey[] path;
        uint128 exactAmount;
    }

    function quoteExactInputSingle(QuoteExactSingleParams memory params)
        external
        returns (uint256 amountOut, uint256 gasEstimate);

    function quoteExactInput(QuoteExactParams memory params) external returns (uint256 amountOut, uint256 gasEstimate);
}

/// @notice The venue adapter shared by every probe (TradeProbe, PowerProbe): how to buy a token
/// with ETH, sell it back for ETH/WETH and quote both, along a route on one venue — single hop
/// (WETH → token) or multi-hop (WETH → USD token → token). One implementation per venue kind here,
/// so the probes themselves never know which venue they trade on. Like the probes it holds no
/// storage and no immutables: its code only ever runs under eth_call / eth_simulateV1 overrides.
abstract contract ProbeVenue {
    uint8 internal constant VENUE_V2 = 0;
    uint8 internal constant VENUE_V3 = 1;
    uint8 internal constant VENUE_AERO = 2;
    uint8 internal constant VENUE_CL = 3;
    uint8 internal constant VENUE_V4 = 4;
    /// Permit2 sits at this address on every chain (CREATE2; the local chain etches it there too).
    address internal constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    /// Universal Router command V4_SWAP; V4 router actions SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL.
    bytes internal constant V4_SWAP = hex"10";
    bytes internal constant V4_ACTIONS = hex"060c0f";
    /// Multi-hop: SWAP_EXACT_IN, SETTLE_ALL, TAKE_ALL.
    bytes internal constant V4_ACTIONS_PATH = hex"070c0f";
    /// Revert data kept per step (a token returning huge data cannot blow up the report).
    uint256 internal constant MAX_REVERT = 260;

    struct Route {
        /// VENUE_V2: a Uniswap V2 router; VENUE_V3: SwapRouter02 + QuoterV2; VENUE_AERO: Aerodrome's
        /// Router; VENUE_CL: a Slipstream SwapRouter + its QuoterV2.
        uint8 venue;
        address router;
        /// QuoterV2 (V3, Slipstream); Aerodrome classic: the PoolFactory its Route structs name.
        address quoter;
        /// The token's own pool (the last hop): its liveness is checked, failed sells replayed into it.
        /// Uniswap V4: the PoolManager, which holds the tokens of every pool.
        address pool;
        /// Buy direction: path[0] is WETH, the last is the token; a middle hop is a USD token.
        address[] path;
        /// Per hop (path.length - 1 entries; empty for V2): V3 fee tier, Slipstream tick spacing,
        /// Aerodrome classic 1 for a stable pool and 0 for a volatile one.
        uint24[] fees;
        /// The pool's quote-token balance under which it counts as drained (no pool, not a failed buy).
        uint256 minQuote;
        /// VENUE_V4 only: abi.encode(VenueV4Key) of the token's pool for a single hop (path[0] stands
        /// for its quote currency, WETH for native ETH), or abi.encode(VenueV4Key[]) of every hop's
        /// pool in the buy's order for a multi-hop route (ETH → USD token → token, all on V4).
        /// Empty for every other venue.
        bytes v4Key;
    }

    /// Sells send ETH (V2) here, the probe or a holder address carrying this code.
    receive() external payable {}

    function _token(Route calldata rt) internal pure returns (address) {
        return rt.path[rt.path.length - 1];
    }

    function _weth(Route calldata rt) internal pure returns (address) {
        return rt.path[0];
    }

    /// 0: tradable; 1: no pool (missing, not this token's, or drained); 4: the venue has no code.
    function _routeStatus(Route calldata rt) internal view returns (uint8) {
        if (rt.router.code.length == 0) return 4;
        if (rt.venue != VENUE_V2 && rt.quoter.code.length == 0) return 4;
        uint256 n = rt.path.length;
        if (n < 2 || (rt.venue != VENUE_V2 && rt.fees.length != n - 1)) return 1;
        if (rt.venue == VENUE_V4) return _v4RouteStatus(rt);
        if (rt.pool.code.length == 0) return 1;
        if (_balance(rt.path[n - 1], rt.pool) == 0) return 1;
        if (_balance(rt.path[n - 2], rt.pool) < rt.minQuote || rt.minQuote == 0) return 1;
        return 0;
    }

    /// Buys with `amount` wei of ETH; the tokens arrive here. Returns the router's revert data on failure.
    function _venueBuy(Route calldata rt, uint256 amount, uint256 gasCap) internal returns (bool, bytes memory) {
        if (rt.venue == VENUE_V2) {
            try IVenueV2Router(rt.router).swapExactETHForTokensSupportingFeeOnTransferTokens{
                value: amount,
                gas: gasCap
            }(0, rt.path, address(this), block.timestamp) {
                return (true, "");
            } catch (bytes memory err) {
                return (false, _cut(err));
            }
        }
        if (rt.venue == VENUE_AERO) {
            try IVenueAeroRouter(rt.router).swapExactETHForTokensSupportingFeeOnTransferTokens{
                value: amount,
                gas: gasCap
            }(0, _aeroRoutes(rt, true), address(this), block.timestamp) {
                return (true, "");
            } catch (bytes memory err) {
                return (false, _cut(err));
            }
        }
        if (rt.venue == VENUE_V4) return _v4Swap(rt, amount, true, gasCap);
        IVenueWETH(_weth(rt)).deposit{value: amount}();
        _callToken(_weth(rt), abi.encodeWithSelector(0x095ea7b3, rt.router, type(uint256).max));
        return rt.venue == VENUE_CL ? _clSwap(rt, amount, true, gasCap) : _v3Swap(rt, amount, true, gasCap);
    }

    /// Sells `amount` of the token held here for ETH (V2) or WETH (V3); `received` counts both.
    function _venueSell(Route calldata rt, uint256 amount, uint256 gasCap)
        internal
        returns (bool ok, uint256 received, bytes memory err)
    {
        address token = _token(rt);
        _callToken(token, abi.encodeWithSelector(0x095ea7b3, rt.router, type(uint256).max));
        uint256 before = address(this).balance + _balance(_weth(rt), address(this));
        if (rt.venue == VENUE_V2) {
            try IVenueV2Router(rt.router).swapExactTokensForETHSupportingFeeOnTransferTokens{gas: gasCap}(
                amount, 0, _reversed(rt.path), address(this), block.timestamp
            ) {
                ok = true;
            } catch (bytes memory e) {
                err = _cut(e);
            }
        } else if (rt.venue == VENUE_AERO) {
            try IVenueAeroRouter(rt.router).swapExactTokensForETHSupportingFeeOnTransferTokens{gas: gasCap}(
                amount, 0, _aeroRoutes(rt, false), address(this), block.timestamp
            ) {
                ok = true;
            } catch (bytes memory e) {
                err = _cut(e);
            }
        } else if (rt.venue == VENUE_CL) {
            (ok, err) = _clSwap(rt, amount, false, gasCap);
        } else if (rt.venue == VENUE_V4) {
            (ok, err) = _v4Swap(rt, amount, false, gasCap);
        } else {
            (ok, err) = _v3Swap(rt, amount, false, gasCap);
        }
        if (ok) {
            uint256 afterSell = address(this).balance + _balance(_weth(rt), address(this));
            received = afterSell > before ? afterSell - before : 0;
            // V4: a hook can take the whole input and pay nothing (its quote says 0 too, so no
            // "tax" would show): a sell that delivers nothing is a failed sell, as a buy that
            // delivers nothing is a failed buy.
            if (rt.venue == VENUE_V4 && received == 0) {
                ok = false;
                err = abi.encodeWithSignature("Error(string)", "The sell went through but paid out nothing.");
            }
        }
    }

    /// What the venue quotes for `amountIn` along the route (buy: ETH in; sell: tokens in); 0 if it cannot.
    function _venueQuote(Route calldata rt, uint256 amountIn, bool buy) internal returns (uint256) {
        if (amountIn == 0) return 0;
        if (rt.venue == VENUE_V2) {
            address[] memory p = buy ? rt.path : _reversed(rt.path);
            try IVenueV2Router(rt.router).getAmountsOut(amountIn, p) returns (uint256[] memory a) {
                if (a.length == p.length) return a[a.length - 1];
            } catch {}
            return 0;
        }
        if (rt.venue == VENUE_AERO) {
            IVenueAeroRouter.Route[] memory r = _aeroRoutes(rt, buy);
            try IVenueAeroRouter(rt.router).getAmountsOut(amountIn, r) returns (uint256[] memory a) {
                if (a.length == r.length + 1) return a[a.length - 1];
            } catch {}
            return 0;
        }
        if (rt.venue == VENUE_V4) {
            if (amountIn > type(uint128).max) return 0;
            if (rt.path.length > 2) {
                (address cin, VenueV4PathKey[] memory hops) = _v4PathKeys(rt, buy);
                try IVenueV4Quoter(rt.quoter).quoteExactInput{gas: 2_500_000}(
                    IVenueV4Quoter.QuoteExactParams(cin, hops, uint128(amountIn))
                ) returns (uint256 out, uint256) {
                    return out;
                } catch {
                    return 0;
                }
            }
            (VenueV4Key memory k, bool zeroForOne,,) = _v4Sides(rt, buy);
            try IVenueV4Quoter(rt.quoter).quoteExactInputSingle{gas: 1_500_000}(
                IVenueV4Quoter.QuoteExactSingleParams(k, zeroForOne, uint128(amountIn), "")
            ) returns (uint256 out, uint256) {
                return out;
            } catch {
                return 0;
            }
        }
        try IVenueV3Quoter(rt.quoter).quoteExactInput{gas: 800_000}(_v3Path(rt, buy), amountIn) returns (
            uint256 out, uint160[] memory, uint32[] memory, uint256
        ) {
            return out;
        } catch {
            return 0;
        }
    }

    /// Exact-input single for one hop, exact-input along the encoded path for more.
    function _v3Swap(Route calldata rt, uint256 amount, bool buy, uint256 gasCap) internal returns (bool, bytes memory) {
        uint256 n = rt.path.length;
        if (n == 2) {
            (address tin, address tout) = buy ? (rt.path[0], rt.path[1]) : (rt.path[1], rt.path[0]);
            try IVenueV3Router(rt.router).exactInputSingle{gas: gasCap}(
                IVenueV3Router.ExactInputSingleParams(tin, tout, rt.fees[0], address(this), amount, 0, 0)
            ) returns (uint256) {
                return (true, "");
            } catch (bytes memory err) {
                return (false, _cut(err));
            }
        }
        try IVenueV3Router(rt.router).exactInput{gas: gasCap}(
            IVenueV3Router.ExactInputParams(_v3Path(rt, buy), address(this), amount, 0)
        ) returns (uint256) {
            return (true, "");
        } catch (bytes memory err) {
            return (false, _cut(err));
        }
    }

    /// Slipstream: exact-input single for one hop (tick spacing in place of the fee), packed path for more.
    function _clSwap(Route calldata rt, uint256 amount, bool buy, uint256 gasCap) internal returns (bool, bytes memory) {
        if (rt.path.length == 2) {
            (address tin, address tout) = buy ? (rt.path[0], rt.path[1]) : (rt.path[1], rt.path[0]);
            try IVenueCLRouter(rt.router).exactInputSingle{gas: gasCap}(
                IVenueCLRouter.ExactInputSingleParams(
                    tin, tout, int24(rt.fees[0]), address(this), block.timestamp, amount, 0, 0
                )
            ) returns (uint256) {
                return (true, "");
            } catch (bytes memory err) {
                return (false, _cut(err));
            }
        }
        try IVenueCLRouter(rt.router).exactInput{gas: gasCap}(
            IVenueCLRouter.ExactInputParams(_v3Path(rt, buy), address(this), block.timestamp, amount, 0)
        ) returns (uint256) {
            return (true, "");
        } catch (bytes memory err) {
            return (false, _cut(err));
        }
    }

    /// V4: the pool's key, the swap's direction and its input and output currencies (0: native ETH).
    function _v4Sides(Route calldata rt, bool buy)
        internal
        pure
        returns (VenueV4Key memory k, bool zeroForOne, address currencyIn, address currencyOut)
    {
        k = abi.decode(rt.v4Key, (VenueV4Key));
        address token = _token(rt);
        address quote = k.currency0 == token ? k.currency1 : k.currency0;
        (currencyIn, currencyOut) = buy ? (quote, token) : (token, quote);
        zeroForOne = currencyIn == k.currency0;
    }

    /// Multi-hop V4: the currency the trade starts from and its PathKeys in the trade's direction.
    /// Buy: from the first pool's non-USD side (native ETH or WETH) through path[1..] to the token;
    /// sell: from the token back through path[n-2..1] to that same currency.
    function _v4PathKeys(Route calldata rt, bool buy)
        internal
        pure
        returns (address currencyIn, VenueV4PathKey[] memory hops)
    {
        VenueV4Key[] memory keys = abi.decode(rt.v4Key, (VenueV4Key[]));
        uint256 n = keys.length;
        hops = new VenueV4PathKey[](n);
        address start = keys[0].currency0 == rt.path[1] ? keys[0].currency1 : keys[0].currency0;
        for (uint256 i = 0; i < n; i++) {
            VenueV4Key memory k = buy ? keys[i] : keys[n - 1 - i];
            address next = buy ? rt.path[i + 1] : (i + 1 < n ? rt.path[n - 1 - i] : start);
            hops[i] = VenueV4PathKey(next, k.fee, k.tickSpacing, k.hooks, "");
        }
        currencyIn = buy ? start : _token(rt);
    }

    /// V4 liveness: the PoolManager holds the token and at least `minQuote` of the quote currency
    /// (a multi-hop route: the USD token the token's pool is quoted in).
    /// Its balances are shared by every pool, so the pool's own reserves are judged off-chain
    /// (the venue reads them through StateView); here only "no such market at all" is caught.
    function _v4RouteStatus(Route calldata rt) internal view returns (uint8) {
        uint256 n = rt.path.length;
        if (rt.pool.code.length == 0) return 4;
        address token = _token(rt);
        address quote;
        if (n == 2) {
            if (rt.v4Key.length != 160) return 1;
            VenueV4Key memory k;
            (k,,, quote) = _v4Sides(rt, false);
            if (k.currency0 != token && k.currency1 != token) return 1;
        } else {
            if (n != 3 || rt.v4Key.length != 64 + 160 * (n - 1)) return 1;
            VenueV4Key[] memory keys = abi.decode(rt.v4Key, (VenueV4Key[]));
            VenueV4Key memory last = keys[n - 2];
            quote = rt.path[n - 2];
            if (!(last.currency0 == token && last.currency1 == quote) && !(last.currency1 == token && last.currency0 == quote))
            {
                return 1;
            }
        }
        if (_balance(token, rt.pool) == 0) return 1;
        uint256 q = quote == address(0) ? rt.pool.balance : _balance(quote, rt.pool);
        if (q < rt.minQuote || rt.minQuote == 0) return 1;
        return 0;
    }

    /// A user's V4 swap: Universal Router V4_SWAP (SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL; a
    /// multi-hop route SWAP_EXACT_IN along its PathKeys), as the Uniswap interface sends it. Native ETH goes as msg.value; an ERC-20 input (the token on a
    /// sell, WETH on a WETH pool's buy) is approved to Permit2 and through Permit2 to the router.
    function _v4Swap(Route calldata rt, uint256 amount, bool buy, uint256 gasCap) internal returns (bool, bytes memory) {
        if (amount > type(uint128).max) return (false, "");
        VenueV4Key memory k;
        bool zeroForOne;
        address cin;
        address cout;
        VenueV4PathKey[] memory hops;
        if (rt.path.length > 2) {
            (cin, hops) = _v4PathKeys(rt, buy);
            cout = hops[hops.length - 1].intermediateCurrency;
        } else {
            (k, zeroForOne, cin, cout) = _v4Sides(rt, buy);
        }
        uint256 value;
        if (cin == address(0)) {
            value = amount;
        } else {
            if (buy) IVenueWETH(cin).deposit{value: amount}();
            _callToken(cin, abi.encodeWithSelector(0x095ea7b3, PERMIT2, type(uint256).max));
            try IVenuePermit2(PERMIT2).approve(cin, rt.router, type(uint160).max, type(uint48).max) {}
            catch (bytes memory err) {
                return (false, _cut(err));
            }
        }
        bytes[] memory params = new bytes[](3);
        params[0] = hops.length > 0
            ? abi.encode(VenueV4ExactInput(cin, hops, uint128(amount), 0))
            : abi.encode(VenueV4ExactInputSingle(k, zeroForOne, uint128(amount), 0, ""));
        params[1] = abi.encode(cin, amount);
        params[2] = abi.encode(cout, uint256(0));
        bytes[] memory inputs = new bytes[](1);
        inputs[0] = abi.encode(hops.length > 0 ? V4_ACTIONS_PATH : V4_ACTIONS, params);
        try IVenueUniversalRouter(rt.router).execute{value: value, gas: gasCap}(V4_SWAP, inputs, block.timestamp) {
            return (true, "");
        } catch (bytes memory err) {
            return (false, _cut(err));
        }
    }

    /// Aerodrome classic Route structs along the path in the trade's direction.
    function _aeroRoutes(Route calldata rt, bool buy) internal pure returns (IVenueAeroRouter.Route[] memory r) {
        uint256 n = rt.path.length;
        r = new IVenueAeroRouter.Route[](n - 1);
        for (uint256 i = 0; i + 1 < n; i++) {
            if (buy) r[i] = IVenueAeroRouter.Route(rt.path[i], rt.path[i + 1], rt.fees[i] == 1, rt.quoter);
            else r[i] = IVenueAeroRouter.Route(rt.path[n - 1 - i], rt.path[n - 2 - i], rt.fees[n - 2 - i] == 1, rt.quoter);
        }
    }

    /// Uniswap V3 packed path: token, fee, token, … in the trade's direction (Slipstream: tick spacing).
    function _v3Path(Route calldata rt, bool buy) internal pure returns (bytes memory p) {
        uint256 n = rt.path.length;
        if (buy) {
            p = abi.encodePacked(rt.path[0]);
            for (uint256 i = 0; i + 1 < n; i++) p = abi.encodePacked(p, rt.fees[i], rt.path[i + 1]);
        } else {
            p = abi.encodePacked(rt.path[n - 1]);
            for (uint256 i = n - 1; i > 0; i--) p = abi.encodePacked(p, rt.fees[i - 1], rt.path[i - 1]);
        }
    }

    function _reversed(address[] calldata path) internal pure returns (address[] memory r) {
        r = new address[](path.length);
        for (uint256 i = 0; i < path.length; i++) r[i] = path[path.length - 1 - i];
    }

    /// Direct token transfer; always reverts, with the token's own revert data (empty if it passed).
    function transferAndUndo(address token, address to, uint256 amount) external {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        _revertWith(ok ? bytes("") : _cut(data));
    }

    /// The router hides the token's reason ("TRANSFER_FROM_FAILED", "STF"); replaying the transfer
    /// into the pool directly (and undoing it) recovers the token's own revert reason.
    function _explainSellFailure(bytes memory routerErr, address token, address pool, uint256 amount)
        internal
        returns (bytes memory)
    {
        // The tokens already left (a V4 sell that paid out nothing): a replay could only fail on balance.
        if (_balance(token, address(this)) < amount) return routerErr;
        (, bytes memory tokenErr) =
            address(this).call{gas: 1_000_000}(abi.encodeCall(this.transferAndUndo, (token, pool, amount)));
        return tokenErr.length > 0 ? tokenErr : routerErr;
    }

    function _balance(address token, address account) internal view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall{gas: 200_000}(abi.encodeWithSelector(0x70a08231, account));
        return ok && data.length >= 32 ? abi.decode(data, (uint256)) : 0;
    }

    /// Token call that tolerates tokens returning nothing (USDT style); false on revert or `false`.
    function _callToken(address token, bytes memory data) internal returns (bool) {
        (bool ok, bytes memory ret) = token.call{gas: 1_000_000}(data);
        return ok && (ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))));
    }

    function _cut(bytes memory d) internal pure returns (bytes memory) {
        if (d.length <= MAX_REVERT) return d;
        assembly {
            mstore(d, 260)
        }
        return d;
    }

    function _revertWith(bytes memory data) internal pure {
        assembly {
            revert(add(data, 32), mload(data))
        }
    }
}
