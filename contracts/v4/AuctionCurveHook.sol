// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {HookBase, PoolKey, SwapParams} from "./HookBase.sol";
import {IERC20Minimal, IPoolManagerLiquidity, ModifyLiquidityParams} from "./OwnedLiquidityHook.sol";

/// An honest auction curve, written from Doppler's public design: the hook owns a one-sided range
/// of tokens in the PoolManager (salt 0), the pool starts at the range's top and buyers walk the
/// price down it. The range holds only what buyers paid in, so the hook refuses a sell of more
/// tokens than the curve has sold (Doppler reverts a swap that would leave its range): a large sell
/// fails, every sell within what the pool holds passes. Nothing ever removes the position and no
/// one can change the rule. Flags BEFORE_SWAP and AFTER_SWAP.
contract AuctionCurveHook is HookBase {
    uint24 public constant FEE = 3_000;
    int24 public constant TICK_SPACING = 200;

    PoolKey public launchedKey;
    int24 public tickLower;
    int24 public tickUpper;
    bool public launched;
    /// Tokens the curve has sold, net of sells back: what the range can take back.
    uint256 public sold;

    error AlreadyLaunched();
    /// A sell larger than the range can pay for.
    error SellAboveCurve(uint256 amount, uint256 sold);

    /// Pulls `tokenAmount` of `token` from the owner, initialises a native-ETH / token pool at
    /// `sqrtPriceX96` (at or above the top of the range) and places `liquidity` in [lower, upper].
    function launch(address token, uint160 sqrtPriceX96, int24 lower, int24 upper, uint128 liquidity, uint256 tokenAmount)
        external
        onlyOwner
    {
        if (launched) revert AlreadyLaunched();
        launched = true;
        IERC20Minimal(token).transferFrom(msg.sender, address(this), tokenAmount);
        PoolKey memory key =
            PoolKey({currency0: address(0), currency1: token, fee: FEE, tickSpacing: TICK_SPACING, hooks: address(this)});
        launchedKey = key;
        tickLower = lower;
        tickUpper = upper;
        IPoolManagerLiquidity(poolManager).initialize(key, sqrtPriceX96);
        IPoolManagerLiquidity(poolManager).unlock(abi.encode(int256(uint256(liquidity))));
    }

    function unlockCallback(bytes calldata data) external onlyPoolManager returns (bytes memory) {
        int256 delta = abi.decode(data, (int256));
        PoolKey memory key = launchedKey;
        (int256 callerDelta,) = IPoolManagerLiquidity(poolManager).modifyLiquidity(
            key, ModifyLiquidityParams({tickLower: tickLower, tickUpper: tickUpper, liquidityDelta: delta, salt: 0}), ""
        );
        // One-sided in the token: only currency1 is owed.
        int128 amount1 = int128(callerDelta);
        if (amount1 < 0) {
            IPoolManagerLiquidity(poolManager).sync(key.currency1);
            IERC20Minimal(key.currency1).transfer(poolManager, uint256(uint128(-amount1)));
            IPoolManagerLiquidity(poolManager).settle();
        }
        return "";
    }

    /// Sells are exact-input swaps of currency1 (the token): refused above what the curve has sold.
    function beforeSwap(address, PoolKey calldata, SwapParams calldata params, bytes calldata)
        external
        view
        onlyPoolManager
        returns (bytes4, int256, uint24)
    {
        if (!params.zeroForOne && params.amountSpecified < 0) {
            uint256 amount = uint256(-params.amountSpecified);
            if (amount > sold) revert SellAboveCurve(amount, sold);
        }
        return (AuctionCurveHook.beforeSwap.selector, 0, 0);
    }

    /// Counts the tokens the curve sold (the swapper's currency1 delta: + bought, − sold back).
    function afterSwap(address, PoolKey calldata, SwapParams calldata, int256 delta, bytes calldata)
        external
        onlyPoolManager
        returns (bytes4, int128)
    {
        int128 amount1 = int128(delta);
        if (amount1 > 0) {
            sold += uint256(uint128(amount1));
        } else if (amount1 < 0) {
            uint256 back = uint256(uint128(-amount1));
            sold = back > sold ? 0 : sold - back;
        }
        return (AuctionCurveHook.afterSwap.selector, 0);
    }
}
