/**
 * The replica's two ways of writing to its chain: "deploy, then transplant" a contract to its
 * canonical address (placeAt, see build.ts's module comment), and send a transaction that must
 * succeed (createSender).
 */
import { gunzipSync } from 'node:zlib';
import { type Abi, type Address, type Hex, parseEther, type TransactionReceipt, toHex } from 'viem';
import type { LocalChainClients } from '../chain/client';
import { type ContractArtifact, deployContract } from '../localchain/deploy';

const GAS = 6_000_000n;

/** placeAt with the chain and the deployer bound (what aerodrome.ts and uniswap-v4.ts receive). */
export type PlaceAt = (
  artifact: ContractArtifact,
  args: readonly unknown[],
  target: Address,
) => Promise<void>;

type AnvilAccount = { code?: string; storage?: Record<string, string> };

/** Storage of `addresses` from anvil's state dump (what their constructors wrote). */
async function readStorage(
  chain: LocalChainClients,
  addresses: Address[],
): Promise<Map<string, Record<string, string>>> {
  const hexDump = (await chain.public.request({ method: 'anvil_dumpState' } as never)) as string;
  const state = JSON.parse(gunzipSync(Buffer.from(hexDump.slice(2), 'hex')).toString('utf8')) as {
    accounts: Record<string, AnvilAccount>;
  };
  const byLower = new Map(Object.entries(state.accounts).map(([a, v]) => [a.toLowerCase(), v]));
  return new Map(addresses.map((a) => [a.toLowerCase(), byLower.get(a.toLowerCase())?.storage ?? {}]));
}

/** Deploys `artifact` anywhere, then moves code and storage to `target` (see the module comment). */
export async function placeAt<const TAbi extends Abi>(
  chain: LocalChainClients,
  artifact: ContractArtifact<TAbi>,
  args: Parameters<typeof deployContract<TAbi>>[2],
  target: Address,
  deployer: Address,
): Promise<void> {
  const temp = await deployContract(chain, artifact, args, deployer);
  const code = (await chain.public.getCode({ address: temp })) as Hex;
  // Immutables holding address(this) (e.g. NoDelegateCall's `original`) must name the new home.
  const moved = code
    .toLowerCase()
    .replaceAll(temp.slice(2).toLowerCase(), target.slice(2).toLowerCase()) as Hex;
  await chain.test.setCode({ address: target, bytecode: moved });
  const storage = (await readStorage(chain, [temp])).get(temp.toLowerCase()) ?? {};
  for (const [slot, value] of Object.entries(storage)) {
    await chain.test.setStorageAt({ address: target, index: slot as Hex, value: value as Hex });
    await chain.test.setStorageAt({ address: temp, index: slot as Hex, value: toHex(0n, { size: 32 }) });
  }
  await chain.test.setCode({ address: temp, bytecode: '0x' });
}

/**
 * The receipt, polled directly: viem's waitForTransactionReceipt waits for a *new* block once its
 * first look misses, and after the build no further block may come (automine, nothing else sends).
 */
async function receiptOf(chain: LocalChainClients, hash: Hex): Promise<TransactionReceipt> {
  for (let i = 0; i < 1_500; i++) {
    const r = await chain.public.getTransactionReceipt({ hash }).catch(() => null);
    if (r) return r;
    await new Promise((x) => setTimeout(x, 20));
  }
  throw new Error(`replica: no receipt for ${hash} after 30 s`);
}

export type Send = (
  from: Address,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) => Promise<unknown>;

/**
 * Sends a transaction and throws unless it succeeds. `spaced`: each one a few minutes after the
 * previous (while building the history); otherwise at the chain's own pace.
 */
export function createSender(chain: LocalChainClients, o: { spaced: boolean }): Send {
  let step = 0;
  return async (from, to, abi, functionName, args, value = 0n) => {
    if (o.spaced) await chain.test.increaseTime({ seconds: 240 + ((step++ * 97) % 300) });
    const bal = await chain.public.getBalance({ address: from });
    if (bal < value + parseEther('1'))
      await chain.test.setBalance({ address: from, value: value + parseEther('5') });
    const hash = await chain.wallet.writeContract({
      account: from,
      chain: chain.chain,
      address: to,
      abi,
      functionName,
      args,
      value,
      gas: GAS,
    } as never);
    const r = await receiptOf(chain, hash);
    if (r.status !== 'success') throw new Error(`replica: ${functionName} from ${from} reverted (${hash})`);
    return r;
  };
}
