/**
 * viem clients for the one chain the app talks to: the embedded local chain or a Base RPC.
 * Everything the engine needs is standard JSON-RPC, so both modes run the same code.
 */
import {
  BaseError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  HttpRequestError,
  http,
  type PublicClient,
  RpcRequestError,
  type TestClient,
  TimeoutError,
  type Chain as ViemChain,
  type WalletClient,
} from 'viem';
import { base } from 'viem/chains';
import { ChainUnavailableError, redactUrl, StartupError } from '../errors';
import { budgetedFetch, MAX_RPC_BODY_BYTES } from './request-budget';

export const BASE_CHAIN_ID = 8453;
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

export type ChainMode = 'local' | 'base';

/** How long a Base-mode call waits for company before its batch leaves. */
export const BATCH_WAIT_MS = 15;
/**
 * Local chain, reports only: a call waits this long for company. Longer than a zero-delay timer
 * (Node runs those after at least 1 ms), so a call made just before a Multicall3 batch is flushed
 * still leaves with it — one round trip instead of two, for 2 ms.
 */
export const LOCAL_BATCH_WAIT_MS = 2;
/** Largest answer read (viem's default is 10 MB; a joined split batch can pass it). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Base mode: a head-block answer younger than this is reused (see ChainClients.headCacheMs). */
export const HEAD_CACHE_MS = 1_000;

export type ChainClients = {
  mode: ChainMode;
  rpcUrl: string;
  chain: ViemChain;
  public: PublicClient;
  /** The client token reports read through (JSON-RPC batched, see createChainClients); else `public`. */
  reads?: PublicClient;
  /**
   * How long a head-block answer is shared (viem's per-client cache): against Base, the engine, the
   * indexer and the health probe then cost one eth_blockNumber per second between them, not one
   * each (Base makes a block every 2 s). 0 on the local chain, where tests mine and read at once.
   */
  headCacheMs: number;
};

/** Local-only powers: impersonation, mining, time travel. Never available against Base. */
export type LocalChainClients = ChainClients & {
  mode: 'local';
  test: TestClient<'anvil'>;
  wallet: WalletClient;
};

function chainFor(rpcUrl: string): ViemChain {
  return {
    ...base,
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  } as ViemChain;
}

export function createChainClients(opts: {
  rpcUrl: string;
  mode: ChainMode;
  timeoutMs?: number;
  /**
   * Sees every HTTP request the clients send (tests and benches count round trips), each part of a
   * batch split for the body budget included.
   */
  onFetchRequest?: (request: { url: string; body: string; bodyBytes: number }) => void;
  /** Largest JSON-RPC body sent (default MAX_RPC_BODY_BYTES): bigger batches are split. */
  maxBodyBytes?: number;
  /**
   * How long a call waits for company before its JSON-RPC batch leaves (default: BATCH_WAIT_MS
   * against Base, LOCAL_BATCH_WAIT_MS for reports on the local chain). Tests that count round trips
   * use Base's window, so the count is the one a remote RPC would see and not depend on how busy
   * the machine is when two reads fall a few milliseconds apart.
   */
  batchWaitMs?: number;
}): ChainClients {
  const chain = chainFor(opts.rpcUrl);
  // Every request of every client goes through the body budget (request-budget.ts).
  const fetchFn = budgetedFetch({
    maxBodyBytes: opts.maxBodyBytes ?? MAX_RPC_BODY_BYTES,
    ...(opts.onFetchRequest ? { onRequest: opts.onFetchRequest } : {}),
  });
  // Against a remote provider every round trip costs tens of milliseconds: calls issued within a
  // 15 ms of each other travel as one JSON-RPC batch (one HTTP request). The local chain answers
  // in microseconds and keeps one request per call, except for reports (`reads`, below).
  const transport = (batch: boolean) =>
    http(opts.rpcUrl, {
      timeout: opts.timeoutMs ?? 10_000,
      retryCount: opts.mode === 'base' ? 2 : 0,
      batch: batch
        ? {
            wait: opts.batchWaitMs ?? (opts.mode === 'base' ? BATCH_WAIT_MS : LOCAL_BATCH_WAIT_MS),
            batchSize: 100,
          }
        : false,
      fetchFn,
      // A split batch's parts are joined into one answer (phase-1 replies are ~0.5 MB each).
      maxResponseBodySize: MAX_RESPONSE_BYTES,
    });
  const pub = createPublicClient({
    chain,
    transport: transport(opts.mode === 'base'),
    batch: { multicall: { wait: 0 } },
  }) as PublicClient;
  return {
    mode: opts.mode,
    rpcUrl: opts.rpcUrl,
    chain,
    public: pub,
    // A report's independent reads and simulations leave in the same tick: on the local chain too
    // they share one JSON-RPC batch (no waiting, so no added latency), one round trip instead of
    // one each. Health probes and the indexer keep their own requests (`public`).
    reads:
      opts.mode === 'base'
        ? pub
        : (createPublicClient({
            chain,
            transport: transport(true),
            batch: { multicall: { wait: 0 } },
          }) as PublicClient),
    headCacheMs: opts.mode === 'base' ? HEAD_CACHE_MS : 0,
  };
}

export function createLocalChainClients(opts: {
  rpcUrl: string;
  timeoutMs?: number;
  onFetchRequest?: (request: { url: string; body: string; bodyBytes: number }) => void;
}): LocalChainClients {
  const clients = createChainClients({ ...opts, mode: 'local' });
  const transport = http(opts.rpcUrl, {
    timeout: opts.timeoutMs ?? 60_000,
    retryCount: 0,
    fetchFn: budgetedFetch(),
  });
  return {
    ...clients,
    mode: 'local',
    test: createTestClient({ chain: clients.chain, mode: 'anvil', transport }),
    wallet: createWalletClient({ chain: clients.chain, transport }),
  };
}

/** Fails start-up with one sentence when the chain is unreachable or is not Base. */
export async function assertChainId(clients: ChainClients, expected = BASE_CHAIN_ID): Promise<bigint> {
  let id: number;
  try {
    id = await clients.public.getChainId();
  } catch (cause) {
    throw new StartupError(
      `The chain RPC at ${redactUrl(clients.rpcUrl)} did not answer eth_chainId.`,
      cause,
    );
  }
  if (id !== expected) {
    throw new StartupError(
      `The chain RPC at ${redactUrl(clients.rpcUrl)} reports chain id ${id}, but FLAB Hub needs Base (chain id ${expected}).`,
    );
  }
  return clients.public.getBlockNumber();
}

/** The last head each client set read, and when (see lastHeadRead). */
const lastHeads = new WeakMap<object, { head: bigint; at: number }>();

/**
 * eth_blockNumber through `clients.public` (viem's cache for `cacheTime` ms), remembered for
 * lastHeadRead. Every head read of the server goes through here.
 */
export async function readHead(
  clients: Pick<ChainClients, 'public'>,
  cacheTime = 0,
  /**
   * The client the read is sent through (default `clients.public`), still remembered for
   * `clients`: a report's head read goes through its batched client, beside the token's first reads.
   */
  via: PublicClient = clients.public,
): Promise<bigint> {
  try {
    const head = await via.getBlockNumber({ cacheTime });
    lastHeads.set(clients, { head, at: performance.now() });
    return head;
  } catch (e) {
    // A failed read ends what lastHeadRead answers: health must turn 503 as soon as one is seen.
    lastHeads.delete(clients);
    throw e;
  }
}

/** Head block for a route; maps RPC failures to a retryable 503. */
export async function getHeadBlock(clients: ChainClients): Promise<bigint> {
  try {
    return await readHead(clients);
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC is not answering.', cause);
  }
}

/** Ends what lastHeadRead answers: a read gave up on the chain without viem seeing a failure. */
export function forgetHead(clients: Pick<ChainClients, 'public'>): void {
  lastHeads.delete(clients);
}

/**
 * The last head the chain answered and when (performance.now()); none after a failed read. A
 * liveness probe under load learns from it what another round trip would tell it, without queueing
 * behind every other RPC call (api/routes/system.ts).
 */
export function lastHeadRead(
  clients: Pick<ChainClients, 'public'>,
): { value: bigint; at: number } | undefined {
  const last = lastHeads.get(clients);
  return last && { value: last.head, at: last.at };
}

/**
 * Did a read fail because the RPC did (HTTP error, timeout, JSON-RPC error), rather than the call?
 * viem's multicall with allowFailure turns a failed round trip into a "failure" for every call in
 * it, which must not be read as "the contract said no" (no pool, not an ERC-20).
 */
export function isRpcFailure(e: unknown): boolean {
  if (!(e instanceof BaseError)) return false;
  return (
    e.walk(
      (x) => x instanceof HttpRequestError || x instanceof TimeoutError || x instanceof RpcRequestError,
    ) !== null
  );
}

/** Throws the first RPC-level failure among multicall results (see isRpcFailure). */
export function throwOnRpcFailure(results: readonly { status: string; error?: unknown }[]): void {
  const hit = results.find((r) => r.status === 'failure' && isRpcFailure(r.error));
  if (hit) throw hit.error;
}
