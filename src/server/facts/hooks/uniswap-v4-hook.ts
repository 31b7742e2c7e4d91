/**
 * What we measure of a Uniswap V4 pool's hook, for the hook verdict (analysis/hook-verdict.ts):
 * its permissions (the low bits of its address), whether it has code, whether it sits behind an
 * EIP-1967 proxy and who administers it, who owns it (owner(), when it answers), and the effect it
 * has on real trades — buys and sells at a ladder of sizes sized to the pool (probe-sizes.ts), quoted
 * by V4Quoter through eth_call, which runs the PoolManager's swap with the hook's code. The typical
 * buy is quoted again an hour ahead (eth_call block override) so a launch fee that decays with time
 * shows as such. Everything is read in one Multicall3 round plus the proxy slots; nothing is
 * assumed from names.
 */
import {
  type Address,
  type ContractFunctionParameters,
  type Hex,
  isAddress,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem';
import type { HookFacts, LadderRung } from '../../../shared/uniswap-v4-hook';
import { ChainUnavailableError } from '../../errors';
import { v4QuoterAbi } from '../../venues/uniswap-v4';
import { decodeHookPermissions, type PoolKey } from '../../venues/uniswap-v4-pool-key';
import { referenceRung } from './probe-sizes';

const IMPLEMENTATION_SLOT: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const ADMIN_SLOT: Hex = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const ownerAbi = parseAbi(['function owner() view returns (address)']);
/** How far ahead the second buy quote looks for a fee that falls with time. */
export const FEE_DECAY_LOOKAHEAD_SEC = 3600;

const slotAddress = (word: Hex | undefined): Address | null => {
  if (!word || BigInt(word) === 0n) return null;
  const a = `0x${word.slice(-40)}` as Address;
  return isAddress(a) ? (a.toLowerCase() as Address) : null;
};

/**
 * Reads and measures the hook of `key` for `token`. `ladder.amounts` are the buy sizes in the quote
 * currency, smallest first (probe-sizes.ts), `ladder.typical` the one fees are read from when it
 * passes; `sqrtPriceX96` the pool's. Each size's buy and the sell of the same value in tokens are
 * quoted in the first round, so a pool that pays small sells and refuses one above what its range
 * holds shows both; `buy` / `sell` are the reference rung (referenceRung).
 */
export async function readHookFacts(
  client: PublicClient,
  quoter: Address,
  key: PoolKey,
  token: Address,
  ladder: { amounts: bigint[]; typical: number },
  sqrtPriceX96: bigint,
  opts: {
    /** The block time the report's reads saw: the later buy's clock override (else one more read). */
    blockTime?: bigint | null;
    /** The pool's quote-side depth the ladder was sized from, carried for the verdict's words. */
    depthQuote?: bigint;
    depthFromPositions?: boolean;
    /**
     * Work that needs the first round only (the owner-power simulation, at the reference size), run
     * beside the later buy.
     */
    beside?: (first: {
      owner: Address | null;
      proxy: HookFacts['proxy'];
      code: Hex | undefined;
      buyAmount: bigint;
    }) => Promise<void>;
  } = {},
): Promise<HookFacts> {
  const hook = key.hooks.toLowerCase() as Address;
  const tokenIs0 = key.currency0.toLowerCase() === token.toLowerCase();
  const quoteCall = (zeroForOne: boolean, exactAmount: bigint) =>
    ({
      address: quoter,
      abi: v4QuoterAbi,
      functionName: 'quoteExactInputSingle',
      args: [{ poolKey: key, zeroForOne, exactAmount, hookData: '0x' as Hex }],
    }) as const;
  // Price as currency1 per currency0 = (sqrtP / 2^96)^2, in exact integers.
  const q96 = 1n << 96n;
  const sq = sqrtPriceX96 * sqrtPriceX96;
  const toToken = (x: bigint) => (sq === 0n ? 0n : tokenIs0 ? (x * q96 * q96) / sq : (x * sq) / (q96 * q96));
  const toQuote = (x: bigint) => (sq === 0n ? 0n : tokenIs0 ? (x * sq) / (q96 * q96) : (x * q96 * q96) / sq);
  // Buying the token spends the other currency: zeroForOne when the token is currency1.
  const buyDir = !tokenIs0;
  const typicalIn = ladder.amounts[ladder.typical] ?? 0n;
  const laterQuote = (time: bigint) =>
    client
      .simulateContract({
        ...quoteCall(buyDir, typicalIn),
        blockOverrides: { time: time + BigInt(FEE_DECAY_LOOKAHEAD_SEC) },
      })
      .then(
        (r) => ({ amountIn: typicalIn, amountOut: r.result[0] as bigint | null }),
        () => null,
      );
  // The later buy needs only the block time: with it known, it leaves in the first round.
  const laterEarly = opts.blockTime != null ? laterQuote(opts.blockTime) : null;
  const sells = ladder.amounts.map(toToken);
  let code: Hex | undefined;
  let impl: Hex | undefined;
  let admin: Hex | undefined;
  let owner: Address | null = null;
  let rungs: LadderRung[];
  try {
    const [c, i, a, res] = await Promise.all([
      client.getCode({ address: hook }),
      client.getStorageAt({ address: hook, slot: IMPLEMENTATION_SLOT }),
      client.getStorageAt({ address: hook, slot: ADMIN_SLOT }),
      client.multicall({
        // One Multicall3 call for the owner and every rung (a list of mixed functions, hence the cast).
        contracts: [
          { address: hook, abi: ownerAbi, functionName: 'owner' },
          ...ladder.amounts.flatMap((amount, k) => [
            quoteCall(buyDir, amount),
            quoteCall(!buyDir, sells[k] as bigint),
          ]),
        ] as readonly ContractFunctionParameters[],
        allowFailure: true,
      }),
    ]);
    code = c;
    impl = i;
    admin = a;
    const [ownerRes, ...quotes] = res;
    if (ownerRes?.status === 'success')
      owner = (ownerRes.result as unknown as Address).toLowerCase() as Address;
    const out = (k: number) => {
      const q = quotes[k];
      return q?.status === 'success' ? ((q.result as unknown as readonly [bigint, bigint])[0] ?? null) : null;
    };
    rungs = ladder.amounts.map((amountIn, k) => {
      const sellIn = sells[k] as bigint;
      return {
        amountIn,
        buyOut: out(2 * k),
        sellIn,
        // A sell of nothing is no test: a pool too small for this size in tokens.
        sellOut: sellIn > 0n ? out(2 * k + 1) : null,
        spotOut: toToken(amountIn),
        spotBack: toQuote(sellIn),
      };
    });
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC failed a read of a V4 hook.', cause);
  }
  const ref = rungs[referenceRung(rungs, ladder.typical)];
  const implementation = slotAddress(impl);
  const proxy = implementation ? { implementation, admin: slotAddress(admin) } : null;
  const block = laterEarly ? null : await client.getBlock().catch(() => null);
  const [later] = await Promise.all([
    laterEarly ?? (block ? laterQuote(block.timestamp) : Promise.resolve(null)),
    opts.beside?.({ owner, proxy, code, buyAmount: ref?.amountIn ?? typicalIn }).catch(() => {}),
  ]);
  return {
    hook,
    permissions: decodeHookPermissions(hook).map((p) => p.name),
    hasCode: !!code && code !== '0x',
    owner,
    proxy,
    buy: { amountIn: ref?.amountIn ?? typicalIn, amountOut: ref?.buyOut ?? null },
    sell: ref && ref.sellIn > 0n ? { amountIn: ref.sellIn, amountOut: ref.sellOut } : null,
    buyLater: later,
    spotOut: ref?.spotOut ?? 0n,
    spotBack: ref && ref.sellIn > 0n ? ref.spotBack : null,
    ladder: rungs,
    ...(opts.depthQuote !== undefined
      ? { depthQuote: opts.depthQuote, depthFromPositions: opts.depthFromPositions ?? false }
      : {}),
  };
}

/** A hook that is no hook: the zero address (a plain V4 pool). */
export const hasHook = (key: PoolKey) => key.hooks.toLowerCase() !== zeroAddress;
