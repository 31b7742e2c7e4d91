/**
 * Shared set-up for the tests that run Base mode against the Base replica (src/server/replica):
 * the replica with an in-process runtime reading it through its gateway, and a holder's transfer
 * made on the replica's chain behind the app's back (as any wallet on Base would).
 */
import type { Logger } from 'pino';
import { type Address, erc20Abi, type TransactionReceipt } from 'viem';
import { createLocalChainClients, type LocalChainClients } from '../../src/server/chain/client';
import { parseConfig } from '../../src/server/config';
import { type Replica, startReplica } from '../../src/server/replica';
import { type Runtime, startRuntime } from '../../src/server/runtime';

/**
 * A Base-mode runtime (in-memory database, no chain of its own) on the replica's gateway. `env`
 * adds or overrides settings (FOLLOW_IDLE_MINUTES, REPORT_BUDGET_MS, …).
 */
export function startBaseRuntime(
  replica: Replica,
  log: Logger,
  env: Record<string, string> = {},
): Promise<Runtime> {
  return startRuntime(parseConfig({ BASE_RPC_URL: replica.rpcUrl, LOG_LEVEL: 'silent', ...env }), log, {
    memoryDb: true,
    ephemeralChain: true,
  });
}

export type ReplicaWithRuntime = { replica: Replica; runtime: Runtime; stop(): Promise<void> };

/** The replica (gateway options as given) and a Base-mode runtime on it; `stop` ends both. */
export async function startReplicaWithRuntime(opts: {
  log: Logger;
  gateway?: Parameters<typeof startReplica>[0]['gateway'];
  env?: Record<string, string>;
}): Promise<ReplicaWithRuntime> {
  const replica = await startReplica({ log: opts.log, gateway: opts.gateway });
  let runtime: Runtime;
  try {
    runtime = await startBaseRuntime(replica, opts.log, opts.env);
  } catch (e) {
    await replica.stop();
    throw e;
  }
  return {
    replica,
    runtime,
    async stop() {
      await runtime.stop();
      await replica.stop();
    },
  };
}

export type HolderTransfer = { sender: Address; amount: bigint; receipt: TransactionReceipt };

/**
 * The first of the replica's traders holding `token` sends `1/divisor` of it to `receiver`
 * (impersonated on the replica's anvil, given gas money); resolves once it is mined.
 */
export async function transferFromATrader(
  replica: Replica,
  token: Address,
  receiver: Address,
  divisor: bigint,
): Promise<HolderTransfer> {
  const chain: LocalChainClients = createLocalChainClients({ rpcUrl: replica.anvil.rpcUrl });
  for (const t of replica.manifest.traders) {
    const bal = await chain.public.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [t],
    });
    if (bal === 0n) continue;
    const amount = bal / divisor;
    await chain.test.impersonateAccount({ address: t });
    await chain.test.setBalance({ address: t, value: 10n ** 18n });
    const hash = await chain.wallet.writeContract({
      account: t,
      chain: null,
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, amount],
    });
    return { sender: t, amount, receipt: await chain.public.waitForTransactionReceipt({ hash }) };
  }
  throw new Error(`no trader of the replica holds ${token}`);
}
