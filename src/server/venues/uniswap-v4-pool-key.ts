/**
 * Uniswap V4 pool identity and hook permissions, pure. A V4 pool has no address of its own: the
 * singleton PoolManager keeps every pool, each named by its PoolId = keccak256(abi.encode(PoolKey)).
 * The hook's permissions are not stored anywhere either: they are the low 14 bits of the hook's
 * address (v4-core Hooks.sol), which the PoolManager reads to decide which hook functions to call.
 */
import { type Address, encodeAbiParameters, type Hex, keccak256, zeroAddress } from 'viem';
import { HOOK_PERMISSIONS, type HookPermission } from '../../shared/vocabulary';

/** Native ETH is a currency in V4: the zero address. */
export const NATIVE_CURRENCY: Address = zeroAddress;

/** LPFeeLibrary.DYNAMIC_FEE_FLAG: a pool whose fee its hook sets (per swap or by updateDynamicLPFee). */
export const DYNAMIC_FEE_FLAG = 0x800000;
/** LPFeeLibrary.MAX_LP_FEE: 100% in pips. */
export const MAX_LP_FEE = 1_000_000;

export type PoolKey = {
  currency0: Address;
  currency1: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
};

export const POOL_KEY_ABI = {
  type: 'tuple',
  components: [
    { name: 'currency0', type: 'address' },
    { name: 'currency1', type: 'address' },
    { name: 'fee', type: 'uint24' },
    { name: 'tickSpacing', type: 'int24' },
    { name: 'hooks', type: 'address' },
  ],
} as const;

/** PoolIdLibrary.toId: keccak256 of the ABI-encoded key. */
export function poolIdOf(key: PoolKey): Hex {
  return keccak256(encodeAbiParameters([POOL_KEY_ABI], [key]));
}

/** Currencies in the PoolManager's order (numerically ascending; native ETH, 0x0, is always first). */
export function sortCurrencies(a: Address, b: Address): [Address, Address] {
  const x = a.toLowerCase() as Address;
  const y = b.toLowerCase() as Address;
  return x < y ? [x, y] : [y, x];
}

export const isDynamicFee = (fee: number) => fee === DYNAMIC_FEE_FLAG;

/**
 * The address-shaped handle downstream code keys a V4 pool by: the PoolId's first 20 bytes (unique
 * as the PoolId is; never a contract).
 */
export const poolHandle = (poolId: Hex): Address => poolId.slice(0, 42).toLowerCase() as Address;

/** The currency a pool is presented with: native ETH as WETH (one asset, priced alike). */
export const presented = (currency: Address, weth: Address): Address =>
  (currency.toLowerCase() === NATIVE_CURRENCY ? weth : currency).toLowerCase() as Address;

/** PositionInfo (PositionInfoLibrary): tickLower at bit 8, tickUpper at bit 32, 24 bits each, signed. */
export function positionRange(info: bigint): { tickLower: number; tickUpper: number } {
  const int24 = (x: bigint) => {
    const v = Number(x & 0xffffffn);
    return v >= 0x800000 ? v - 0x1000000 : v;
  };
  return { tickLower: int24(info >> 8n), tickUpper: int24(info >> 32n) };
}

export type { HookPermission } from '../../shared/vocabulary';
export { HOOK_PERMISSIONS } from '../../shared/vocabulary';

const ALL_HOOK_FLAGS = (1 << 14) - 1;

/** The permission flags carried by a hook address (its low 14 bits). */
export function hookFlags(hook: Address): number {
  return Number(BigInt(hook) & BigInt(ALL_HOOK_FLAGS));
}

/** The permissions a hook address grants, in Hooks.sol order (highest bit first); none for no hook. */
export function decodeHookPermissions(hook: Address): HookPermission[] {
  if (hook.toLowerCase() === zeroAddress) return [];
  const flags = hookFlags(hook);
  return HOOK_PERMISSIONS.filter((p) => (flags & (1 << p.bit)) !== 0);
}

/** True when the hook may act on swaps at all (any swap-time permission). */
export function hookTouchesSwaps(hook: Address): boolean {
  return decodeHookPermissions(hook).some((p) => p.power !== null);
}
