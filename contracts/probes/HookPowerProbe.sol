// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Owner-power simulation for a Uniswap V4 hook. NEVER deployed: eth_call state overrides place
/// its runtime code at the hook's owner (or proxy admin), so the hook sees the owner as msg.sender.
/// For the baseline and then each candidate calldata, in a sub-call that always reverts (every
/// candidate starts from today's state), it:
///   1. makes the owner call the hook with the candidate (bounded gas),
///   2. quotes a buy of the token through the pool with V4Quoter (the PoolManager's real swap, the
///      hook's code included), then the sell of what that buy got.
/// The raw outcomes are judged off-chain (facts/uniswap-v4-hook-powers.ts): a call after which the
/// buy or sell returns nothing, reverts, or loses far more than the baseline is an owner power over
/// the token's trades — whatever the function is called. No constructor, no storage.
contract HookPowerProbe {
    struct PoolKey {
        address currency0;
        address currency1;
        uint24 fee;
        int24 tickSpacing;
        address hooks;
    }

    struct QuoteExactSingleParams {
        PoolKey poolKey;
        bool zeroForOne;
        uint128 exactAmount;
        bytes hookData;
    }

    struct Outcome {
        bool called;
        bool callOk;
        bool buyOk;
        uint256 buyOut;
        bool sellOk;
        uint256 sellOut;
    }

    uint256 internal constant CALL_GAS = 1_000_000;
    uint256 internal constant QUOTE_GAS = 1_500_000;
    /// Gas kept back to encode the reply.
    uint256 internal constant RESERVE = 2_000_000;

    function run(
        address hook,
        address quoter,
        PoolKey calldata key,
        bool buyZeroForOne,
        uint128 buyAmount,
        bytes[] calldata calls
    ) external returns (Outcome[] memory out) {
        out = new Outcome[](calls.length + 1);
        for (uint256 i = 0; i <= calls.length; i++) {
            if (gasleft() < RESERVE + CALL_GAS + 2 * QUOTE_GAS) break;
            bytes memory data = i == 0 ? bytes("") : calls[i - 1];
            try this.isolated(hook, quoter, key, buyZeroForOne, buyAmount, data, i != 0) {}
            catch (bytes memory r) {
                if (r.length == 192) out[i] = abi.decode(r, (Outcome));
            }
        }
    }

    /// Always reverts with the encoded Outcome, so nothing it did survives.
    function isolated(
        address hook,
        address quoter,
        PoolKey calldata key,
        bool buyZeroForOne,
        uint128 buyAmount,
        bytes calldata data,
        bool doCall
    ) external {
        Outcome memory o;
        o.called = true;
        o.callOk = true;
        if (doCall) (o.callOk,) = hook.call{gas: CALL_GAS}(data);
        (o.buyOk, o.buyOut) = _quote(quoter, key, buyZeroForOne, buyAmount);
        if (o.buyOk && o.buyOut > 0 && o.buyOut < type(uint128).max) {
            (o.sellOk, o.sellOut) = _quote(quoter, key, !buyZeroForOne, uint128(o.buyOut));
        }
        bytes memory enc = abi.encode(o);
        assembly {
            revert(add(enc, 32), mload(enc))
        }
    }

    function _quote(address quoter, PoolKey calldata key, bool zeroForOne, uint128 amount)
        internal
        returns (bool ok, uint256 amountOut)
    {
        QuoteExactSingleParams memory p = QuoteExactSingleParams(key, zeroForOne, amount, "");
        bytes memory ret;
        (ok, ret) = quoter.call{gas: QUOTE_GAS}(
            abi.encodeWithSignature(
                "quoteExactInputSingle(((address,address,uint24,int24,address),bool,uint128,bytes))", p
            )
        );
        if (ok && ret.length >= 32) amountOut = abi.decode(ret, (uint256));
        else ok = false;
    }
}
