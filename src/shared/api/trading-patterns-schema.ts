/**
 * OpenAPI schema of the trading-pattern findings (issue 39; the types are src/shared/trading-patterns.ts):
 * snipers and bundled buys, wash-traded volume, each with the wallets, blocks and transactions that
 * make it. Read from our index of the token's main pool; judged in server/analysis/trading-patterns.ts.
 */
import { z } from 'zod';
import { LINEAGE_FATES } from '../vocabulary';

const d = (description: string) => ({ description });

/** found: the pattern is there; none: looked for over a complete history and not there; unknown: could not tell. */
export const patternStatusSchema = z.enum(['found', 'none', 'unknown']).meta({
  id: 'PatternStatus',
  description: 'unknown when the index has not reached the head or has no data.',
});

export const patternWalletSchema = z
  .object({
    address: z.string(),
    firstBuyBlock: z.number(),
    firstBuyTx: z.string(),
    bought: z
      .number()
      .meta(d('Tokens bought in the window read, whole units (raw when decimals are unknown).')),
    shareNow: z.number().nullable().meta(d('Share (0..1) of the total supply the wallet holds now.')),
    sells: z.number().meta(d("The wallet's sells of the token into any of its pools.")),
    sold: z.boolean(),
    fundedBy: z.string().nullable(),
    fundingTx: z.string().nullable(),
    sniper: z.boolean().meta(d("Bought in the pool's first PATTERNS.sniperBlocks blocks.")),
  })
  .meta({ id: 'PatternWallet', description: 'One early buyer with its evidence.' });

export const buyerGroupSchema = z
  .object({
    kind: z.enum(['same_block', 'same_funder']),
    block: z.number().nullable(),
    funder: z.string().nullable(),
    wallets: z.array(z.string()),
    shareNow: z.number().nullable(),
    sold: z.number().meta(d('Wallets of the group that have sold.')),
    evidence: z.string(),
  })
  .meta({ id: 'BuyerGroup', description: 'Wallets that bought in one block or were funded by one address.' });

export const sniperFindingSchema = z
  .object({
    status: patternStatusSchema,
    headline: z.string(),
    launchBlock: z.number().nullable(),
    windowBlocks: z.number(),
    snipers: z.number(),
    sniperShareNow: z.number().nullable(),
    snipersSold: z.number(),
    bundledShareNow: z.number().nullable(),
    /** A sniper cluster (a group with ≥ 2 snipers) with some of it selling: never read as momentum. */
    clusterSelling: z.boolean(),
    clusterSellers: z
      .number()
      .meta(d('Distinct wallets that sold in groups holding at least PATTERNS.clusterMinSnipers snipers.')),
    wallets: z.array(patternWalletSchema),
    groups: z.array(buyerGroupSchema),
    note: z.string().nullable(),
  })
  .meta({ id: 'SniperFinding', description: "Buys in the pool's first blocks and bundled buys." });

export const washWalletSchema = z
  .object({
    address: z.string(),
    reason: z.enum(['back_and_forth', 'cluster', 'liquidity_provider']),
    buys: z.number(),
    sells: z.number(),
    volume: z.number().meta(d('Quote volume, whole units of the quote token.')),
    netShare: z.number().nullable().meta(d('Net tokens kept as a share (0..1) of those it bought in 24 h.')),
    txs: z.array(z.string()).meta(d('Up to four of its transactions.')),
    evidence: z.string(),
  })
  .meta({ id: 'WashWallet', description: 'A wallet whose 24 h volume is counted as wash, and why.' });

export const washFindingSchema = z
  .object({
    status: patternStatusSchema,
    headline: z.string(),
    quoteSymbol: z.string().nullable(),
    volume: z.number().nullable().meta(d('24 h quote volume of the main pool, whole quote units.')),
    washVolume: z.number().nullable(),
    organicShare: z.number().nullable().meta(d('Share (0..1) of 24 h volume that is organic.')),
    organicTraders: z.number().nullable(),
    traders: z.number().nullable(),
    swaps: z.number().nullable(),
    wallets: z.array(washWalletSchema),
    note: z.string().nullable(),
  })
  .meta({ id: 'WashFinding', description: 'Wash-traded 24 h volume and the organic rest.' });

/** Serial deployers and look-alike code (issue 39 item 3; judged in server/analysis/pattern-lineage.ts). */
export const lineageTokenSchema = z
  .object({
    address: z.string(),
    relations: z
      .array(z.enum(['deployer', 'funder', 'twin']))
      .meta(d('Why it is listed: same deployer, deployed by the funder, same or nearly the same code.')),
    fate: z
      .enum(LINEAGE_FATES)
      .meta(
        d(
          'rugged: its pool was drained (index); honeypot: our stored verdict; alive: analysed, neither; not_analysed: no verdict of ours and no rug in the index.',
        ),
      ),
    verdict: z.string().nullable().meta(d('Our stored verdict of it, when we analysed it.')),
    twin: z.enum(['same', 'near']).nullable(),
    similarity: z.number().nullable().meta(d('Code similarity (0..1) over opcode 4-grams.')),
    createdBlock: z.number().nullable(),
    evidence: z.string(),
  })
  .meta({ id: 'LineageToken', description: 'An earlier token of the same deployer, funder or code.' });

export const lineageFindingSchema = z
  .object({
    status: patternStatusSchema,
    headline: z.string(),
    deployer: z.string().nullable(),
    deployerTokenNumber: z
      .number()
      .nullable()
      .meta(d("Which of the deployer's tokens this is (1 = its first), from the index's creations.")),
    funder: z.string().nullable().meta(d('Who first sent the deployer ETH or a token, as far as read.')),
    fingerprint: z
      .string()
      .nullable()
      .meta(d('keccak256 of the runtime code without metadata and with baked-in constants zeroed.')),
    twinOfHoneypot: z.boolean().meta(d('Some same or nearly the same code was a honeypot by our verdict.')),
    tokens: z.array(lineageTokenSchema),
    note: z.string().nullable(),
  })
  .meta({
    id: 'LineageFinding',
    description: "The deployer's and funder's earlier tokens and the code twins, with their fates.",
  });

export const tradingPatternsSchema = z
  .object({
    pool: z.string().nullable(),
    snipers: sniperFindingSchema,
    wash: washFindingSchema,
    lineage: lineageFindingSchema
      .optional()
      .meta(d('Serial deployers and look-alike code (issue 39 item 3).')),
    /** One line per finding a list view (pump finder, badge) shows; empty: nothing found. */
    findings: z.array(z.string()),
  })
  .meta({
    id: 'TradingPatterns',
    description: "Snipers, bundled buys and wash-traded volume in the token's main pool, from the index.",
  });
