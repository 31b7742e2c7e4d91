/**
 * Fast transaction plumbing for the scenario and the simulator. Sending one viem transaction at a
 * time costs several round trips (chain id, nonce, gas estimate, receipt); a history of thousands
 * of transactions would take minutes. Instead, with automine off, we queue transactions with an
 * explicit gas limit and a locally tracked nonce, send them as JSON-RPC batches of
 * eth_sendTransaction (anvil runs with --auto-impersonate, so any address can send), mine one block
 * and check every receipt with a single eth_getBlockReceipts. Nothing is estimated, so a mistake
 * shows as a reverted receipt, which we turn into an error naming the transaction.
 *
 * The history builder checks receipts later (`verify: 'later'`): hundreds of blocks' receipts in
 * one batch instead of a round trip per block. A revert then surfaces a few blocks late, but still
 * as an error naming the transaction, and the build fails the same way.
 */
import { type Address, getContractAddress, type Hex, numberToHex } from 'viem';

/**
 * The fee cap every queued transaction carries, and so what its sender must hold beyond `value`
 * (gas limit × this) for anvil to accept it. Far above the base fee, which starts at Base's
 * 0.01 gwei (anvil's --block-base-fee-per-gas) and only falls: no block we mine gets near the
 * gas target (half of anvil's 150M limit), so EIP-1559 lowers it every block.
 */
export const MAX_FEE_PER_GAS = 5_000_000_000n;
/** anvil runs with a 150M block gas limit; queued gas limits (not gas used) must fit a block. */
const BLOCK_GAS_BUDGET = 120_000_000n;
const RPC_CHUNK = 500;
/**
 * Sends go out in batches of at most this many. anvil answers a larger JSON-RPC batch with its
 * calls run out of order (past ~64 calls the tail enters the pool reversed), and the pool's order
 * is the block's order: small batches, sent one after the other, keep the block in queue order.
 */
const SEND_CHUNK = 48;

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

type Receipt = {
  transactionHash: Hex;
  blockNumber: Hex;
  status: Hex;
  gasUsed: Hex;
  contractAddress: Hex | null;
};

/** `reverted` is empty for a block whose receipts are checked later (see TxQueue.verify). */
export type MinedBlock = { number: bigint; timestamp: number; txCount: number; reverted: string[] };

/** A mined block whose receipts are still to be checked. */
type Unverified = { number: bigint; chunk: QueuedTx[]; hashes: Hex[] };

export class TxQueue {
  private pending: QueuedTx[] = [];
  private readonly nonces = new Map<Address, number>();
  /** Transactions sent since creation (for logs). */
  sent = 0;
  /** Senders the safety net had to fund (see topUp): a plan that forgot someone's ETH. */
  readonly topUps: { from: Address; shortfall: bigint; labels: string[] }[] = [];
  private unverified: Unverified[] = [];
  /** The head as far as our own evm_mine calls moved it (deferred checks only). */
  private head: bigint | undefined;

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
  async flush(
    opts: {
      timestamp?: number;
      toggleAutomine?: boolean;
      /**
       * 'later': do not fetch this block's receipts now; `verify()` checks them in bulk. Only for a
       * chain nobody else mines on (the history build), since block numbers are counted locally.
       */
      verify?: 'now' | 'later';
    } = {},
  ): Promise<MinedBlock[]> {
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
        blocks.push(await this.mineChunk(chunk, ts, opts.verify === 'later'));
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

  /** Sends `chunk` with the given nonces, in order; returns the hashes and the failed sends. */
  private async send(
    chunk: QueuedTx[],
    nonces: number[],
  ): Promise<{ hashes: (Hex | undefined)[]; failures: { index: number; message: string }[] }> {
    const hashes: (Hex | undefined)[] = [];
    const failures: { index: number; message: string }[] = [];
    for (let start = 0; start < chunk.length; start += SEND_CHUNK) {
      const part = chunk.slice(start, start + SEND_CHUNK);
      const res = await this.rpc.batch(
        part.map((tx, k) => ({
          method: 'eth_sendTransaction',
          params: [
            {
              from: tx.from,
              ...(tx.to ? { to: tx.to } : {}),
              ...(tx.data ? { data: tx.data } : {}),
              value: numberToHex(tx.value ?? 0n),
              gas: numberToHex(tx.gas),
              nonce: numberToHex(nonces[start + k] ?? 0),
              maxFeePerGas: numberToHex(MAX_FEE_PER_GAS),
              maxPriorityFeePerGas: '0x0',
            },
          ],
        })),
      );
      res.forEach((r, k) => {
        if (r.error) failures.push({ index: start + k, message: r.error.message });
        hashes.push(r.error ? undefined : (r.result as Hex));
      });
    }
    return { hashes, failures };
  }

  /** Takes the chunk's transactions back out of anvil's pool (only ours: the app may send too). */
  private async unsend(chunk: readonly QueuedTx[]): Promise<void> {
    const senders = [...new Set(chunk.map((t) => t.from))];
    await this.rpc.batch(senders.map((a) => ({ method: 'anvil_removePoolTransactions', params: [a] })));
  }

  /**
   * What each sender of `chunk` must hold for anvil to accept all its transactions: value plus
   * gas limit × fee cap, summed (anvil checks each against the balance before the block).
   */
  static needs(chunk: readonly QueuedTx[]): Map<Address, bigint> {
    const need = new Map<Address, bigint>();
    for (const tx of chunk) {
      need.set(tx.from, (need.get(tx.from) ?? 0n) + (tx.value ?? 0n) + tx.gas * MAX_FEE_PER_GAS);
    }
    return need;
  }

  /**
   * The safety net behind the scenario's planned balances: senders anvil refused for lack of ETH
   * are brought to what the block needs from them (anvil_setBalance, money from "elsewhere"), and
   * recorded in `topUps` so tests can insist the plan never needed it. Deterministic: it depends
   * only on the chain state and the queue.
   */
  private async topUp(chunk: QueuedTx[], senders: Address[]): Promise<void> {
    const need = TxQueue.needs(chunk);
    const res = await this.rpc.batch(
      senders.map((a) => ({ method: 'eth_getBalance', params: [a, 'latest'] })),
    );
    const sets: { method: string; params: unknown[] }[] = [];
    senders.forEach((a, i) => {
      const balance = BigInt((res[i]?.result as string | undefined) ?? '0x0');
      const want = need.get(a) ?? 0n;
      if (balance >= want) return;
      sets.push({ method: 'anvil_setBalance', params: [a, numberToHex(want)] });
      const labels = chunk.filter((t) => t.from === a).map((t) => t.label);
      this.topUps.push({ from: a, shortfall: want - balance, labels });
    });
    const out = await this.rpc.batch(sets);
    const failed = out.find((r) => r.error);
    if (failed) throw new Error(`anvil_setBalance failed: ${failed.error?.message}`);
  }

  private async mineChunk(
    chunk: QueuedTx[],
    timestamp: number | undefined,
    later: boolean,
  ): Promise<MinedBlock> {
    const nonces = chunk.map((tx) => {
      const nonce = this.nonces.get(tx.from) ?? 0;
      this.nonces.set(tx.from, nonce + 1);
      return nonce;
    });
    let { hashes, failures } = await this.send(chunk, nonces);
    const short = failures.filter((f) => /insufficient funds/i.test(f.message));
    if (short.length > 0 && short.length === failures.length) {
      // Start the block over, so it still holds the transactions in queue order.
      await this.unsend(chunk);
      const senders = [...new Set(short.map((f) => (chunk[f.index] as QueuedTx).from))];
      await this.topUp(chunk, senders);
      ({ hashes, failures } = await this.send(chunk, nonces));
    }
    const first = failures[0];
    if (first) {
      // Nothing of a half-sent block may stay in the pool (it would land in the next block).
      await this.unsend(chunk).catch(() => undefined);
      this.nonces.clear();
      const tx = chunk[first.index];
      throw new Error(`sending "${tx?.label}" from ${tx?.from} failed: ${first.message}`);
    }
    if (later && timestamp !== undefined) {
      if (this.head === undefined) this.head = BigInt(await this.rpc.call<Hex>('eth_blockNumber'));
      await this.rpc.call('evm_mine', [timestamp]);
      this.head += 1n;
      this.unverified.push({ number: this.head, chunk, hashes: hashes as Hex[] });
      this.sent += hashes.length;
      return { number: this.head, timestamp, txCount: hashes.length, reverted: [] };
    }
    this.head = undefined;
    // evm_mine with a timestamp pins the block's time (history, and the simulator's wall clock).
    await this.rpc.call('evm_mine', timestamp === undefined ? [] : [timestamp]);
    const receipts = await this.rpc.call<Receipt[]>('eth_getBlockReceipts', ['latest']);
    const number = receipts[0] ? BigInt(receipts[0].blockNumber) : undefined;
    const reverted = await this.check(chunk, hashes, receipts, number);
    this.sent += hashes.length;
    let ts = timestamp;
    let blockNumber = number;
    if (ts === undefined || blockNumber === undefined) {
      const head = await this.rpc.call<{ number: Hex; timestamp: Hex }>('eth_getBlockByNumber', [
        'latest',
        false,
      ]);
      ts = Number(BigInt(head.timestamp));
      blockNumber = BigInt(head.number);
    }
    return { number: blockNumber, timestamp: ts, txCount: hashes.length, reverted };
  }

  /**
   * Every transaction of `chunk` must be in `receipts` (its block's), and succeeded unless marked
   * allowRevert. Returns the labels of the allowed reverts; throws naming the first culprit.
   */
  private async check(
    chunk: QueuedTx[],
    hashes: (Hex | undefined)[],
    receipts: Receipt[],
    number: bigint | undefined,
  ): Promise<string[]> {
    const byHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]));
    const reverted: string[] = [];
    for (const [i, hash] of hashes.entries()) {
      const tx = chunk[i] as QueuedTx;
      const receipt = hash ? byHash.get(hash.toLowerCase()) : undefined;
      if (!hash || !receipt) {
        this.nonces.clear();
        throw new Error(`"${tx.label}" (${hash}) was not mined in block ${number ?? 'latest'}`);
      }
      if (receipt.status !== '0x1') {
        if (!tx.allowRevert) {
          const why = await this.revertReason(hash);
          throw new Error(
            `"${tx.label}" from ${tx.from} reverted${why ? ` (${why})` : ''} (tx ${hash}, block ${number})`,
          );
        }
        reverted.push(tx.label);
      }
    }
    return reverted;
  }

  /** Blocks mined with `verify: 'later'` whose receipts are not checked yet. */
  get unverifiedBlocks(): number {
    return this.unverified.length;
  }

  /**
   * Checks the receipts of every block mined with `verify: 'later'` (a few batched round trips),
   * throwing like an immediate check would, naming the transaction.
   */
  async verify(): Promise<void> {
    const blocks = this.unverified;
    this.unverified = [];
    if (blocks.length === 0) return;
    const res = await this.rpc.batch(
      blocks.map((b) => ({ method: 'eth_getBlockReceipts', params: [numberToHex(b.number)] })),
    );
    for (const [i, b] of blocks.entries()) {
      const r = res[i];
      if (!r || r.error)
        throw new Error(`receipts of block ${b.number}: ${r?.error?.message ?? 'no answer'}`);
      await this.check(b.chunk, b.hashes, (r.result as Receipt[] | null) ?? [], b.number);
    }
  }
}
