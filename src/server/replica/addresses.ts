/**
 * Where the replica's contracts and wallets are: Base's canonical addresses, a deterministic wallet
 * per label, and V2 pair addresses by CREATE2 as on Base.
 */
import { type Address, encodePacked, getCreate2Address, keccak256, toHex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { BASE_MAINNET } from '../chain/base-mainnet';
import { MULTICALL3_ADDRESS } from '../chain/client';
import { UNISWAP_V2_PAIR_INIT_CODE_HASH } from '../localchain/deploy';

export const REPLICA_CONTRACTS = {
  weth: BASE_MAINNET.weth,
  usdc: BASE_MAINNET.usdc,
  multicall3: MULTICALL3_ADDRESS.toLowerCase() as Address,
  uniswapV2Factory: BASE_MAINNET.uniswapV2Factory,
  uniswapV2Router: BASE_MAINNET.uniswapV2Router,
  uniswapV3: {
    factory: BASE_MAINNET.uniswapV3.factory,
    positionManager: BASE_MAINNET.uniswapV3.positionManager,
    swapRouter02: BASE_MAINNET.uniswapV3.swapRouter02,
    quoterV2: BASE_MAINNET.uniswapV3.quoterV2,
  },
};

/** A deterministic EOA per label; nobody needs its key (anvil impersonates every sender). */
export const replicaWallet = (label: string): Address =>
  privateKeyToAddress(keccak256(toHex(`flab-replica:${label}`))).toLowerCase() as Address;

const sortTokens = (a: Address, b: Address): [Address, Address] =>
  a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];

/** Pair address by CREATE2 from the canonical factory, as UniswapV2Library.pairFor computes it. */
export function replicaPairFor(a: Address, b: Address): Address {
  const [t0, t1] = sortTokens(a, b);
  return getCreate2Address({
    from: REPLICA_CONTRACTS.uniswapV2Factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  }).toLowerCase() as Address;
}
