/**
 * The event streams the indexer follows, and a pure decoder from raw JSON-RPC logs to typed rows:
 * the token's own events (ERC-20 Transfer, ownership, upgrade, pause) here, pool events by the
 * venues (venues/decode-pool-log.ts). Logs that look like ours but are malformed (e.g. ERC-721
 * Transfer with the id in topic 3) are skipped, never half-decoded.
 */
import { type Hex, toEventSelector } from 'viem';
import { decodePoolLog, POOL_EVENT_TOPICS } from '../venues/decode-pool-log';
import {
  type LogPosition,
  type PoolEvent,
  type RawLog,
  topicAddress,
  word,
  wordAddress,
} from '../venues/pool-events';

/** The token's own events; pool events are the venues' (POOL_EVENT_TOPICS). */
export const TOPICS = {
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  ownershipTransferred: toEventSelector('OwnershipTransferred(address,address)'),
  upgraded: toEventSelector('Upgraded(address)'),
  paused: toEventSelector('Paused(address)'),
  unpaused: toEventSelector('Unpaused(address)'),
} as const;

export const ALL_TOPICS: Hex[] = [...Object.values(TOPICS), ...POOL_EVENT_TOPICS];

export type DecodedEvent =
  | (LogPosition & { type: 'transfer'; token: string; from: string; to: string; value: bigint })
  | (LogPosition & {
      type: 'contract';
      address: string;
      kind: 'ownership_transferred' | 'upgraded' | 'paused' | 'unpaused';
      data: Record<string, string>;
    })
  | PoolEvent;

/** `ts` must be supplied when the provider does not put blockTimestamp on logs. */
export function decodeLog(log: RawLog, tsFallback?: number): DecodedEvent | null {
  if (log.removed) return null;
  const t0 = log.topics[0];
  const tsHex = log.blockTimestamp;
  const ts = tsHex ? Number(BigInt(tsHex)) : tsFallback;
  if (ts === undefined) return null;
  const base: LogPosition = {
    blockNumber: BigInt(log.blockNumber),
    logIndex: Number(BigInt(log.logIndex)),
    txHash: log.transactionHash.toLowerCase(),
    ts,
  };
  const address = log.address.toLowerCase();
  try {
    switch (t0) {
      case TOPICS.transfer: {
        // ERC-20 has exactly 3 topics and the value in data; ERC-721 puts the id in topic 3
        // (position NFTs: decoded by the V3 venue).
        if (log.topics.length === 4) return decodePoolLog(log, base);
        if (log.topics.length !== 3) return null;
        const from = topicAddress(log.topics[1]);
        const to = topicAddress(log.topics[2]);
        const value = word(log.data, 0);
        if (!from || !to || value === null) return null;
        return { ...base, type: 'transfer', token: address, from, to, value };
      }
      case TOPICS.ownershipTransferred: {
        const previousOwner = topicAddress(log.topics[1]);
        const newOwner = topicAddress(log.topics[2]);
        if (!previousOwner || !newOwner) return null;
        return {
          ...base,
          type: 'contract',
          address,
          kind: 'ownership_transferred',
          data: { previousOwner, newOwner },
        };
      }
      case TOPICS.upgraded: {
        const implementation = topicAddress(log.topics[1]);
        if (!implementation) return null;
        return { ...base, type: 'contract', address, kind: 'upgraded', data: { implementation } };
      }
      case TOPICS.paused:
      case TOPICS.unpaused: {
        const account = wordAddress(log.data, 0) ?? '';
        return {
          ...base,
          type: 'contract',
          address,
          kind: t0 === TOPICS.paused ? 'paused' : 'unpaused',
          data: { account },
        };
      }
      default:
        return decodePoolLog(log, base);
    }
  } catch {
    return null;
  }
}
