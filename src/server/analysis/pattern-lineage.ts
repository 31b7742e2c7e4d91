/**
 * Serial deployers and look-alike code (issue 39 item 3), from the lineage facts: which of its
 * deployer's tokens this is, what the deployer's and its funder's earlier tokens came to, and the
 * tokens whose code is the same or nearly the same (analysis/code-fingerprint.ts) with theirs. A
 * fate is the index's (a rugged pool) or our stored verdict; a token we never analysed is "not
 * analysed", never guessed from its code. Pure.
 */

import type { EarlierToken, LineageFacts } from '../../shared/lineage-facts';
import type { LineageFinding, LineageToken } from '../../shared/trading-patterns';
import { short } from './pattern-units';

type Fate = LineageToken['fate'];

function fateOf(e: EarlierToken): Fate {
  if (e.rugged || e.verdict === 'rugged') return 'rugged';
  if (e.verdict === 'honeypot') return 'honeypot';
  return e.verdict === null ? 'not_analysed' : 'alive';
}

const FATE_WORDS: Record<Fate, string> = {
  rugged: 'rugged',
  honeypot: 'a honeypot',
  alive: 'alive',
  not_analysed: 'not analysed',
};

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${s}`;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function tokenOf(e: EarlierToken): LineageToken {
  const fate = fateOf(e);
  const why = [
    e.relations.includes('deployer') ? 'same deployer' : null,
    e.relations.includes('funder') ? "deployed by the deployer's funder" : null,
    e.twin
      ? e.twin.kind === 'same'
        ? 'same code'
        : `nearly the same code (${Math.round(e.twin.similarity * 100)}%)`
      : null,
  ].filter((x) => x !== null);
  const block = e.createdBlock === null ? '' : ` created in block ${e.createdBlock}`;
  return {
    address: e.address,
    relations: e.relations,
    fate,
    verdict: e.verdict,
    twin: e.twin?.kind ?? null,
    similarity: e.twin ? Math.round(e.twin.similarity * 100) / 100 : null,
    createdBlock: e.createdBlock === null ? null : Number(e.createdBlock),
    evidence: `${e.address}${block}: ${why.join(', ')}; ${fate === 'rugged' ? 'its pool was rugged' : FATE_WORDS[fate]}${e.verdict && fate !== 'rugged' ? ` (our verdict: ${e.verdict})` : ''}.`,
  };
}

/** "2 rugged, 1 a honeypot" over the tokens' fates, in a fixed order. */
function fateCounts(tokens: LineageToken[]): string {
  const order: Fate[] = ['rugged', 'honeypot', 'alive', 'not_analysed'];
  return order
    .map((f) => [f, tokens.filter((t) => t.fate === f).length] as const)
    .filter(([, n]) => n > 0)
    .map(([f, n]) => `${n} ${FATE_WORDS[f]}`)
    .join(', ');
}

const unknownLineage = (note: string): LineageFinding => ({
  status: 'unknown',
  headline: `Serial deployer and look-alike code: ${note}`,
  deployer: null,
  deployerTokenNumber: null,
  funder: null,
  fingerprint: null,
  twinOfHoneypot: false,
  tokens: [],
  note,
});

export function judgeLineage(facts: LineageFacts | undefined, indexing: string): LineageFinding {
  if (!facts || facts.status === 'indexing') return unknownLineage(indexing);
  if (facts.status === 'error') return unknownLineage(facts.message);
  const tokens = facts.earlier.map(tokenOf);
  const byDeployer = tokens.filter((t) => t.relations.includes('deployer'));
  const byFunder = tokens.filter((t) => t.relations.includes('funder') && !t.relations.includes('deployer'));
  const twins = tokens.filter((t) => t.twin !== null);
  const badTwins = twins.filter((t) => t.fate === 'honeypot' || t.fate === 'rugged');
  const parts: string[] = [];
  const n = facts.deployerTokens;
  if (!facts.deployer) parts.push('The deployer is unknown (no creation in the index).');
  else if (byDeployer.length === 0)
    parts.push(`The deployer ${short(facts.deployer)} created no earlier token we index.`);
  else
    parts.push(
      `The deployer's ${ordinal(n)} token; its ${plural(byDeployer.length, 'earlier token', 'earlier tokens')}: ${fateCounts(byDeployer)}.`,
    );
  if (facts.funder && byFunder.length > 0)
    parts.push(
      `Its funder ${short(facts.funder.address)} created ${plural(byFunder.length, 'other token', 'other tokens')}: ${fateCounts(byFunder)}.`,
    );
  for (const t of badTwins.slice(0, 3))
    parts.push(`Code twin of ${short(t.address)} (${t.fate === 'rugged' ? 'rugged' : 'honeypot'}).`);
  if (twins.length > badTwins.length)
    parts.push(
      `${plural(twins.length - badTwins.length, 'other code twin', 'other code twins')}: ${fateCounts(twins.filter((t) => !badTwins.includes(t)))}.`,
    );
  if (twins.length === 0 && facts.fingerprint)
    parts.push(
      `No code twin among ${plural(facts.compared, 'fingerprinted token', 'fingerprinted tokens')} with the same functions.`,
    );
  const known = facts.deployer !== null || facts.fingerprint !== null;
  return {
    status: tokens.length > 0 ? 'found' : known ? 'none' : 'unknown',
    headline: parts.join(' '),
    deployer: facts.deployer,
    deployerTokenNumber: facts.deployer ? n : null,
    funder: facts.funder?.address ?? null,
    fingerprint: facts.fingerprint?.hash ?? null,
    twinOfHoneypot: twins.some((t) => t.fate === 'honeypot'),
    tokens: tokens.slice(0, 40),
    note: noteOf(facts),
  };
}

function noteOf(f: Extract<LineageFacts, { status: 'read' }>): string {
  const notes = [
    'Fates: a rugged pool is from the index; a honeypot is our stored verdict; a token we never analysed is "not analysed".',
  ];
  if (!f.fingerprint) notes.push('The code could not be read: no twin was looked for.');
  if (f.funderScan?.failed)
    notes.push(`The deployer's ETH funding could not be read (${f.funderScan.failed}).`);
  else if (f.funderScan)
    notes.push(
      `ETH sent straight to the deployer was read from blocks ${f.funderScan.fromBlock}–${f.funderScan.toBlock}${f.funder?.asset === 'eth' ? '' : '; the funder, if any, is the first token sender in the index'}.`,
    );
  return notes.join(' ');
}

/** "Code twin of 0x…, a honeypot by our verdict." — the verdict's caution — or null. */
export function honeypotTwinLine(l: LineageFinding): string | null {
  const twin = l.tokens.find((t) => t.twin !== null && t.fate === 'honeypot');
  return twin ? `Code twin of ${short(twin.address)}, a honeypot by our verdict.` : null;
}

/** The lines a list view (badge, pump finder) shows: a honeypot twin, a deployer whose tokens went bad. */
export function lineageFindings(l: LineageFinding): string[] {
  const out: string[] = [];
  const twin = honeypotTwinLine(l);
  if (twin) out.push(twin);
  const bad = l.tokens.filter(
    (t) => t.relations.includes('deployer') && (t.fate === 'rugged' || t.fate === 'honeypot'),
  );
  if (bad.length > 0 && l.deployerTokenNumber !== null)
    out.push(
      `Serial deployer: the deployer's ${ordinal(l.deployerTokenNumber)} token; ${plural(bad.length, 'earlier token was', 'earlier tokens were')} ${fateCounts(bad)}.`,
    );
  return out;
}
