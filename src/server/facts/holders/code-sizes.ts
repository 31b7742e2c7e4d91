/**
 * Which addresses are contracts: one eth_call with the CodeSizeReader helper placed by state
 * override (it is never deployed), instead of one eth_getCode per holder. A provider that refuses
 * state overrides gets the eth_getCode calls instead, all at once (one JSON-RPC batch).
 */
import { type Address, decodeFunctionResult, encodeFunctionData, type PublicClient } from 'viem';
import { CodeSizeReader } from '../../probes/generated';
import { rejectsStateOverride } from '../rpc-errors';

const READER_ADDRESS = '0x00000000000000000000000000000000c0de5123' as const;

export async function readCodeSizes(client: PublicClient, accounts: Address[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (accounts.length === 0) return out;
  const data = encodeFunctionData({ abi: CodeSizeReader.abi, functionName: 'codeSizes', args: [accounts] });
  let res: Awaited<ReturnType<PublicClient['call']>>;
  try {
    res = await client.call({
      to: READER_ADDRESS,
      data,
      stateOverride: [{ address: READER_ADDRESS, code: CodeSizeReader.deployedBytecode }],
    });
  } catch (e) {
    if (!rejectsStateOverride(e)) throw e;
    const codes = await Promise.all(accounts.map((address) => client.getCode({ address })));
    for (const [i, a] of accounts.entries()) {
      const c = codes[i];
      out.set(a.toLowerCase(), c && c !== '0x' ? (c.length - 2) / 2 : 0);
    }
    return out;
  }
  if (!res.data) return out;
  const sizes = decodeFunctionResult({
    abi: CodeSizeReader.abi,
    functionName: 'codeSizes',
    data: res.data,
  }) as readonly bigint[];
  for (const [i, a] of accounts.entries()) out.set(a.toLowerCase(), Number(sizes[i] ?? 0n));
  return out;
}
