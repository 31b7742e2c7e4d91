/**
 * What we measure of a Uniswap V4 pool's hook, for the hook verdict (analysis/hook-verdict.ts):
 * its permissions (the low bits of its address), whether it has code, whether it sits behind an
 * EIP-1967 proxy and who administers it, who owns it (owner(), when it answers), and the effect it
 * has on real trades — a small buy and the sell of what that buy got, quoted by V4Quoter through
 * eth_call, which runs the PoolManager's swap with the hook's code. The same buy is quoted again
 * an hour ahead (eth_call block override) so a launch fee that decays with time shows as such.
 * Everything is read in one Multicall3 round plus the proxy slots; nothing is assumed from names.
 */
import { type Address, type Hex, isAddress, type PublicClient, parseAbi, zeroAddress } from 'viem';
import type { HookFacts } from '../../../shared/uniswap-v4-hook';
import { ChainUnavailableError } from '../../errors';
import { v4QuoterAbi } from '../../venues/uniswap-v4';
import { decodeHookPermissions, type PoolKey } from '../../venues/uniswap-v4-pool-key';

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
 * Reads and measures the hook of `key` for `token`. `amountIn` is the buy size in the quote currency
 * (small next to the pool, so impact stays well under the fees measured); `sqrtPriceX96` the pool's.
 */
export async function readHookFacts(
  client: PublicClient,
  quoter: Address,
  key: PoolKey,
  token: Address,
  amountIn: bigint,
  sqrtPriceX96: bigint,
  opts: {
    /** The block time the report's reads saw: the later buy's clock override (else one more read). */
    blockTime?: bigint | null;
    /** Work that needs the first round only (the owner-power simulation), run beside the sell quote. */
    beside?: (first: {
      owner: Address | null;
      proxy: HookFacts['proxy'];
      code: Hex | undefined;
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
  // Buying the token spends the other currency: zeroForOne when the token is currency1.
  const buyDir = !tokenIs0;
  let code: Hex | undefined;
  let impl: Hex | undefined;
  let admin: Hex | undefined;
  let owner: Address | null = null;
  let buyOut: bigint | null = null;
  const laterQuote = (time: bigint) =>
    client
      .simulateContract({
        ...quoteCall(buyDir, amountIn),
        blockOverrides: { time: time + BigInt(FEE_DECAY_LOOKAHEAD_SEC) },
      })
      .then(
        (r) => ({ amountIn, amountOut: r.result[0] as bigint | null }),
        () => null,
      );
  // The later buy needs only the block time: with it known, it leaves in the first round.
  const laterEarly = opts.blockTime != null ? laterQuote(opts.blockTime) : null;
  try {
    const [c, i, a, res] = await Promise.all([
      client.getCode({ address: hook }),
      client.getStorageAt({ address: hook, slot: IMPLEMENTATION_SLOT }),
      client.getStorageAt({ address: hook, slot: ADMIN_SLOT }),
      client.multicall({
        contracts: [{ address: hook, abi: ownerAbi, functionName: 'owner' }, quoteCall(buyDir, amountIn)],
        allowFailure: true,
      }),
    ]);
    code = c;
    impl = i;
    admin = a;
    if (res[0].status === 'success') owner = res[0].result.toLowerCase() as Address;
    if (res[1].status === 'success') buyOut = res[1].result[0];
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC failed a read of a V4 hook.', cause);
  }
  // The sell needs the buy's output; the later buy runs with a block-time override.
  let sellOut: bigint | null = null;
  let later: HookFacts['buyLater'] = null;
  const implementation = slotAddress(impl);
  const proxy = implementation ? { implementation, admin: slotAddress(admin) } : null;
  const block = laterEarly ? null : await client.getBlock().catch(() => null);
  const [sellRes, laterRes] = await Promise.all([
    buyOut !== null && buyOut > 0n
      ? client.simulateContract(quoteCall(!buyDir, buyOut)).then(
          (r) => r.result[0],
          () => null,
        )
      : Promise.resolve(null),
    laterEarly ?? (block ? laterQuote(block.timestamp) : Promise.resolve(null)),
    opts.beside?.({ owner, proxy, code }).catch(() => {}),
  ]);
  sellOut = sellRes;
  later = laterRes;

  // Price as currency1 per currency0 = (sqrtP / 2^96)^2, in exact integers.
  const q96 = 1n << 96n;
  const sq = sqrtPriceX96 * sqrtPriceX96;
  const toToken = (x: bigint) => (tokenIs0 ? (x * q96 * q96) / sq : (x * sq) / (q96 * q96));
  const toQuote = (x: bigint) => (tokenIs0 ? (x * sq) / (q96 * q96) : (x * q96 * q96) / sq);
  return {
    hook,
    permissions: decodeHookPermissions(hook).map((p) => p.name),
    hasCode: !!code && code !== '0x',
    owner,
    proxy,
    buy: { amountIn, amountOut: buyOut },
    sell: buyOut !== null && buyOut > 0n ? { amountIn: buyOut, amountOut: sellOut } : null,
    buyLater: later,
    spotOut: sqrtPriceX96 > 0n ? toToken(amountIn) : 0n,
    spotBack: buyOut !== null && buyOut > 0n && sqrtPriceX96 > 0n ? toQuote(buyOut) : null,
  };
}

/** A hook that is no hook: the zero address (a plain V4 pool). */
export const hasHook = (key: PoolKey) => key.hooks.toLowerCase() !== zeroAddress;
