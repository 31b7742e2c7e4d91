/**
 * Starts the Base replica (its own anvil, built by build.ts) and the provider-like gateway in
 * front of it. Used by `npm run replica`, the replica integration tests and `npm run bench -- --replica`.
 */
import { createLocalChainClients } from '../chain/client';
import { type AnvilProcess, startAnvil } from '../localchain/anvil';
import type { Logger } from '../logger';
import { buildReplica, type ReplicaManifest } from './build';
import { type GatewayOptions, type RpcGateway, startRpcGateway } from './gateway';

export type Replica = {
  anvil: AnvilProcess;
  gateway: RpcGateway;
  manifest: ReplicaManifest;
  /** The URL to give the app as BASE_RPC_URL (the gateway). */
  rpcUrl: string;
  stop(): Promise<void>;
};

/** The replica's history spans about this long and ends before the wall clock. */
const HISTORY_SECONDS = 86_400;

export async function startReplica(opts: {
  log: Logger;
  gateway?: Omit<GatewayOptions, 'upstreamUrl'>;
  anvilPath?: string | undefined;
}): Promise<Replica> {
  const anvil = await startAnvil({
    log: opts.log,
    binaryPath: opts.anvilPath,
    genesisTimestamp: Math.floor(Date.now() / 1000) - HISTORY_SECONDS,
  });
  try {
    const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    const manifest = await buildReplica(chain, { log: opts.log });
    // The history ends in the past; from here blocks come at the wall clock's pace.
    await chain.test.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(Date.now() / 1000)) });
    await chain.test.mine({ blocks: 1 });
    const gateway = await startRpcGateway({ ...opts.gateway, upstreamUrl: anvil.rpcUrl });
    return {
      anvil,
      gateway,
      manifest,
      rpcUrl: gateway.url,
      async stop() {
        await gateway.close();
        await anvil.stop({ save: false });
      },
    };
  } catch (e) {
    await anvil.stop({ save: false });
    throw e;
  }
}
