/**
 * ERC-20 basics in one Multicall3 round trip. Each field fails on its own (allowFailure), so a
 * token without owner() or with a reverting name() still yields the rest; null = unknown.
 */
import { type Address, type Hex, hexToString, isHex, type PublicClient, parseAbi } from 'viem';
import { isRpcFailure, MULTICALL3_ADDRESS } from '../chain/client';
import { AppError, ChainUnavailableError } from '../errors';
import { erc20Abi } from './abis';

export type TokenBasics = {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
  owner: Address | null;
  codeSize: number;
  /** The runtime code itself, so later reads need not fetch it again. */
  code: Hex;
  /** The block these reads saw (Multicall3's own getters, same call): simulations start from it. */
  block: { number: bigint; timestamp: bigint } | null;
};

const multicallBlockAbi = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getCurrentBlockTimestamp() view returns (uint256)',
]);

const MAX_TEXT = 64;

/** Token names are attacker-written: strip control characters and cap the length. */
export function cleanTokenText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let s = value;
  // Some old tokens return bytes32; viem may hand back a hex string.
  if (isHex(s) && s.length === 66) s = hexToString(s, { size: 32 });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!s) return null;
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
}

export async function readTokenBasics(client: PublicClient, token: Address): Promise<TokenBasics> {
  const fns = ['name', 'symbol', 'decimals', 'totalSupply', 'owner'] as const;
  // Code and calls together (one round trip against a remote RPC); the calls mean nothing without code.
  const [codeRes, callsRes] = await Promise.allSettled([
    client.getCode({ address: token }),
    client.multicall({
      contracts: [
        ...fns.map((functionName) => ({ address: token, abi: erc20Abi, functionName })),
        { address: MULTICALL3_ADDRESS, abi: multicallBlockAbi, functionName: 'getBlockNumber' },
        { address: MULTICALL3_ADDRESS, abi: multicallBlockAbi, functionName: 'getCurrentBlockTimestamp' },
      ] as never,
      allowFailure: true,
    }),
  ]);
  if (codeRes.status === 'rejected') {
    throw new ChainUnavailableError('The chain RPC did not answer eth_getCode.', codeRes.reason);
  }
  const code = codeRes.value;
  if (!code || code === '0x') {
    throw new AppError('not_a_contract', `No contract is deployed at ${token}.`, { status: 422 });
  }
  if (callsRes.status === 'rejected') {
    throw new ChainUnavailableError('The chain RPC failed a Multicall3 read.', callsRes.reason);
  }
  const results: { status: 'success' | 'failure'; result?: unknown; error?: unknown }[] = callsRes.value;
  const rpcFailed = results.find((r) => r.status === 'failure' && isRpcFailure(r.error));
  if (rpcFailed) throw new ChainUnavailableError('The chain RPC failed a Multicall3 read.', rpcFailed.error);
  const get = (i: number) => (results[i]?.status === 'success' ? results[i]?.result : undefined);
  const decimals = get(2);
  const totalSupply = get(3);
  if (typeof totalSupply !== 'bigint' || typeof decimals !== 'number') {
    throw new AppError(
      'not_erc20',
      `The contract at ${token} does not answer the ERC-20 totalSupply() and decimals() calls.`,
      {
        status: 422,
      },
    );
  }
  const owner = get(4);
  const [blockNumber, blockTs] = [get(5), get(6)];
  return {
    name: cleanTokenText(get(0)),
    symbol: cleanTokenText(get(1)),
    decimals: decimals > 255 ? null : decimals,
    totalSupply,
    owner: typeof owner === 'string' ? (owner.toLowerCase() as Address) : null,
    codeSize: (code.length - 2) / 2,
    code,
    block:
      typeof blockNumber === 'bigint' && typeof blockTs === 'bigint'
        ? { number: blockNumber, timestamp: blockTs }
        : null,
  };
}
