/**
 * Several API replicas (opts.shared, ADR 0030): a part's bytes as one of them published it for this
 * facts version, so every replica answers the same bytes and ETag; the database failing only costs
 * the sharing.
 */
import type { Address } from 'viem';
import type { TokenReportFacts } from '../facts/types';
import { partBytes } from './derived';
import type { EngineState } from './engine-state';
import type { Serialised } from './serialised';
import type { SharedAnswers } from './shared-answers';
import type { ReportPart } from './token-engine-types';

/** One answer asked of the shared store: the token's part at an amount, and how to gather its facts. */
export type SharedRequest = {
  shared: SharedAnswers;
  facts: (address: Address) => Promise<TokenReportFacts>;
  address: Address;
  part: ReportPart;
  amount: number;
};

/** Looks the answer up in Postgres, else computes and publishes it (complete facts only). */
async function storedOrPublished(state: EngineState, req: SharedRequest): Promise<Serialised> {
  const { shared, facts, address, part, amount } = req;
  const token = address.toLowerCase();
  const stored = await shared.get(token, part, amount).catch(() => undefined);
  if (stored) return stored;
  const f = await facts(address);
  const s = await partBytes(state, f, part, amount);
  if (!f.incomplete?.length) {
    await shared
      .publish(token, part, amount, state.versions.get(f) ?? 0, s)
      .catch((e) =>
        state.opts.log.warn({ msg: 'publishing a shared answer failed', token, err: (e as Error).message }),
      );
  }
  return s;
}

export function sharedSerialised(state: EngineState, req: SharedRequest): Promise<Serialised> {
  const { shared, address, part, amount } = req;
  const token = address.toLowerCase();
  const hit = shared.peek(token, part, amount);
  if (hit) return Promise.resolve(hit);
  // One look-up (and at most one publish) per answer at a time: the requests of a load that
  // arrive as the in-process copy expires wait for it instead of each asking Postgres.
  const key = `${token}:${part}:${amount}`;
  let flight = state.sharedFlights.get(key);
  if (!flight) {
    flight = storedOrPublished(state, req).finally(() => state.sharedFlights.delete(key));
    state.sharedFlights.set(key, flight);
  }
  return flight;
}
