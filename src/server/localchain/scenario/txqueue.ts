/**
 * Fast transaction plumbing for the scenario and the simulator. Sending one viem transaction at a
 * time costs several round trips (chain id, nonce, gas estimate, receipt); a history of thousands
 * of transactions would take minutes. Instead, with automine off, we queue transactions with an
 * explicit gas limit and a locally tracked nonce, send them as JSON-RPC batches of
 * eth_sendTransaction (anvil runs with --auto-impersonate, so any address can send), mine one block
 * and check every receipt with a single eth_getBlockReceipts. Nothing is estimated, so a mistake
 * shows as a reverted receipt, which we turn into an error naming the transaction.
 */
import { type Address, getContractAddress, type Hex, numberToHex } from 'viem';

/** Well above Base's base fee (and anvil's), so no transaction waits for a cheaper block. */
const MAX_FEE_PER_GAS = 5_000_000_000n;
/** anvil runs with a 150M block gas limit; queued gas limits (not gas used) must fit a block. */
const BLOCK_GAS_BUDGET = 120_000_000n;
const RPC_CHUNK = 500;

export type QueuedTx = {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas: bigint;
  /** Names the transaction in errors. */
  label: string;
  /** An expected failure (e.g. a honeypot victim's sell): recorded on chain, not an error. */
  allowRevert?: boolean;
};

type RpcResponse = { id: number; result?: unknown; error?: { code?: number; message: string } };

/** Minimal JSON-RPC over fetch, with batches (anvil answers a batch in one HTTP exchange). */
export class JsonRpc {
  private id = 0;
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 60_000,
  ) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const [res] = await this.batch([{ method, params }]);
    if (!res) throw new Error(`${method}: no response`);
    if (res.error) throw new Error(`${method}: ${res.error.message}`);
    return res.result as T;
  }

  /** Results in request order; errors are returned, not thrown, so callers can name the culprit. */
  async batch(reqs: { method: string; params: unknown[] }[]): Promise<RpcResponse[]> {
    const out: RpcResponse[] = [];
    for (let i = 0; i < reqs.length; i += RPC_CHUNK) {
      const chunk = reqs.slice(i, i + RPC_CHUNK).map((r) => ({ jsonrpc: '2.0', id: ++this.id, ...r }));
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(chunk),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`JSON-RPC batch failed: HTTP ${res.status}`);
      const body = (await res.json()) as RpcResponse[] | RpcResponse;
      const list = Array.isArray(body) ? body : [body];
      const byId = new Map(list.map((r) => [r.id, r]));
      for (const req of chunk) {
        out.push(byId.get(req.id) ?? { id: req.id, error: { message: 'missing response in batch' } });
      }
    }
    return out;
  }
}

type Receipt = { transactionHash: Hex; status: Hex; gasUsed: Hex; contractAddress: Hex | null };

export type MinedBlock = { number: bigint; timestamp: number; txCount: number; reverted: string[] };

export class TxQueue {
  private pending: QueuedTx[] = [];
  private readonly nonces = new Map<Address, number>();
  /** Transactions sent since creation (for logs). */
  sent = 0;

  constructor(readonly rpc: JsonRpc) {}

  get size(): number {
    return this.pending.length;
  }

  /** True when `address` already has a transaction queued for the next block. */
  hasPending(address: Address): boolean {
    const a = address.toLowerCase();
    return this.pending.some((t) => t.from === a);
  }

  add(tx: QueuedTx): void {
    this.pending.push({ ...tx, from: tx.from.toLowerCase() as Address });
  }

  /** Forget cached nonces (the simulator re-reads them each tick, in case anything else sent). */
  resetNonces(): void {
    this.nonces.clear();
  }

  /** Drops queued transactions that were never sent (after a failed tick). */
  clear(): void {
    this.pending = [];
  }

  async loadNonces(addresses: readonly Address[]): Promise<void> {
    const unknown = [...new Set(addresses.map((a) => a.toLowerCase() as Address))].filter(
      (a) => !this.nonces.has(a),
    );
    if (unknown.length === 0) return;
    const res = await this.rpc.batch(
      unknown.map((a) => ({ method: 'eth_getTransactionCount', params: [a, 'pending'] })),
    );
    unknown.forEach((a, i) => {
      const r = res[i];
      if (!r || r.error) throw new Error(`nonce of ${a}: ${r?.error?.message ?? 'no answer'}`);
      this.nonces.set(a, Number(r.result as string));
    });
  }

  /**
   * Queues a contract creation and returns the address it will have: the sender's next nonce plus
   * the transactions already queued from it (nonces are assigned in queue order at flush).
   */
  async deploy(from: Address, data: Hex, label: string, gas = 8_000_000n): Promise<Address> {
    const sender = from.toLowerCase() as Address;
    await this.loadNonces([sender]);
    const queued = this.pending.filter((t) => t.from === sender).length;
    const nonce = (this.nonces.get(sender) ?? 0) + queued;
    this.add({ from: sender, data, gas, label });
    return getContractAddress({ from: sender, nonce: BigInt(nonce) }).toLowerCase() as Address;
  }

  /**
   * Sends everything queued and mines it: one block, or several consecutive ones when the gas
   * limits do not fit one. `timestamp` pins the first block's time (history); without it anvil's
   * clock decides (live simulation). Throws, naming the transaction, if any send fails or any
   * transaction not marked allowRevert reverts.
   */
  async flush(opts: { timestamp?: number; toggleAutomine?: boolean } = {}): Promise<MinedBlock[]> {
    const txs = this.pending;
    this.pending = [];
    const blocks: MinedBlock[] = [];
    if (txs.length === 0) return blocks;
    await this.loadNonces(txs.map((t) => t.from));

    const chunks: QueuedTx[][] = [];
    let current: QueuedTx[] = [];
    let gas = 0n;
    for (const tx of txs) {
      if (current.length > 0 && gas + tx.gas > BLOCK_GAS_BUDGET) {
        chunks.push(current);
        current = [];
        gas = 0n;
      }
      current.push(tx);
      gas += tx.gas;
    }
    chunks.push(current);

    if (opts.toggleAutomine) await this.rpc.call('evm_setAutomine', [false]);
    try {
      for (const [i, chunk] of chunks.entries()) {
        const ts = opts.timestamp === undefined ? undefined : opts.timestamp + i;
        blocks.push(await this.mineChunk(chunk, ts));
      }
    } finally {
      if (opts.toggleAutomine) await this.rpc.call('evm_setAutomine', [true]);
    }
    return blocks;
  }

  /** Best-effort reason for an error message (anvil's call tracer). */
  private async revertReason(hash: Hex): Promise<string | undefined> {
    type Frame = { error?: string; revertReason?: string; calls?: Frame[] };
    try {
      const trace = await this.rpc.call<Frame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
      // The innermost failing call says the most.
      let frame: Frame | undefined = trace;
      let reason = trace.revertReason ?? trace.error;
      while (frame) {
        const failing: Frame | undefined = frame.calls?.find((c) => c.error);
        if (failing) reason = failing.revertReason ?? failing.error ?? reason;
        frame = failing;
      }
      return reason;
    } catch {
      return undefined;
    }
  }

  private async mineChunk(chunk: QueuedTx[], timestamp: number | undefined): Promise<MinedBlock> {
    if (timestamp !== undefined) await this.rpc.call('evm_setNextBlockTimestamp', [timestamp]);
    const requests = chunk.map((tx) => {
      const nonce = this.nonces.get(tx.from) ?? 0;
      this.nonces.set(tx.from, nonce + 1);
      return {
        method: 'eth_sendTransaction',
        params: [
          {
            from: tx.from,
            ...(tx.to ? { to: tx.to } : {}),
            ...(tx.data ? { data: tx.data } : {}),
            value: numberToHex(tx.value ?? 0n),
            gas: numberToHex(tx.gas),
            nonce: numberToHex(nonce),
            maxFeePerGas: numberToHex(MAX_FEE_PER_GAS),
            maxPriorityFeePerGas: '0x0',
          },
        ],
      };
    });
    const res = await this.rpc.batch(requests);
    const hashes: Hex[] = [];
    let sendError: string | undefined;
    res.forEach((r, i) => {
      if (r.error)
        sendError ??= `sending "${chunk[i]?.label}" from ${chunk[i]?.from} failed: ${r.error.message}`;
      else hashes.push(r.result as Hex);
    });
    // Mine even after a failed send, so the ones that went out do not linger in the pool.
    await this.rpc.call('evm_mine', []);
    const head = await this.rpc.call<{ number: Hex; timestamp: Hex }>('eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    if (sendError) {
      this.nonces.clear();
      throw new Error(sendError);
    }
    const receipts = await this.rpc.call<Receipt[]>('eth_getBlockReceipts', [head.number]);
    const byHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]));
    const reverted: string[] = [];
    for (const [i, hash] of hashes.entries()) {
      const tx = chunk[i] as QueuedTx;
      const receipt = byHash.get(hash.toLowerCase());
      if (!receipt) {
        this.nonces.clear();
        throw new Error(`"${tx.label}" (${hash}) was not mined in block ${BigInt(head.number)}`);
      }
      if (receipt.status !== '0x1') {
        if (!tx.allowRevert) {
          const why = await this.revertReason(hash);
          throw new Error(
            `"${tx.label}" from ${tx.from} reverted${why ? ` (${why})` : ''} (tx ${hash}, block ${BigInt(head.number)})`,
          );
        }
        reverted.push(tx.label);
      }
    }
    this.sent += hashes.length;
    return {
      number: BigInt(head.number),
      timestamp: Number(BigInt(head.timestamp)),
      txCount: hashes.length,
      reverted,
    };
  }
}
