/**
 * The About page's copy (spec §2 About: mission, utility suite, why choose, how-to, best practices,
 * pro tips). Statements only about what the product actually does.
 */
import {
  Activity,
  Droplets,
  Fish,
  Gauge,
  type LucideIcon,
  Radar,
  Scale,
  ShieldCheck,
  Users,
  Zap,
} from 'lucide-react';

export type Item = { title: string; text: string; icon?: LucideIcon };

export const MISSION: readonly Item[] = [
  {
    title: 'Security first',
    text: 'Every token is checked for the traps that cost people money: sells that fail, hidden taxes, mint and blacklist powers, upgradeable code and unlocked liquidity.',
    icon: ShieldCheck,
  },
  {
    title: 'Market intelligence',
    text: 'Holders, whales, pools and swaps are read from the chain, so you see who owns a token and how its liquidity behaves.',
    icon: Activity,
  },
  {
    title: 'Community driven',
    text: 'Free for everyone, built with FLAB holders, and open about how every score is computed.',
    icon: Users,
  },
];

export const UTILITY_SUITE: readonly Item[] = [
  {
    title: 'Security Scanner',
    text: 'Contract verification, honeypot detection by simulated buys and sells, taxes and holder count.',
    icon: ShieldCheck,
  },
  {
    title: 'Rug Detector AI',
    text: 'A model fitted on labelled rug pulls over 16+ features of the contract, its creator and its liquidity.',
    icon: Radar,
  },
  {
    title: 'Whale Tracker',
    text: 'The top 20 holders with wallet age and rug history, and new whale entries of the last 12 hours.',
    icon: Fish,
  },
  {
    title: 'Enhanced Liquidity Scanner',
    text: 'Pool value, price impact for your amount, LP locks and monitoring for liquidity drains.',
    icon: Droplets,
  },
  {
    title: 'FLAB Score',
    text: 'One 0–100 score that weighs security, rug safety, liquidity, whales and community.',
    icon: Gauge,
  },
];

export const WHY_CHOOSE: readonly Item[] = [
  {
    title: 'Real data, no samples',
    text: 'Every figure comes from the chain or our index of it. When data is missing we say so instead of guessing.',
    icon: Zap,
  },
  {
    title: 'Explained scores',
    text: 'Open any score to see which checks passed, warned or failed, with the values behind them.',
    icon: Scale,
  },
  {
    title: 'Free to use',
    text: 'No account and no fee: paste an address and read the result.',
    icon: Users,
  },
];

export const HOW_TO: readonly Item[] = [
  {
    title: 'Find the contract address',
    text: 'Copy the token’s contract address (0x… 42 characters) from a trusted source.',
  },
  {
    title: 'Paste it into a utility',
    text: 'Use any utility card on the home page; a full address opens the complete token analysis.',
  },
  {
    title: 'Wait for the analysis',
    text: 'The engine reads the chain when you ask, so a first analysis can take a few seconds.',
  },
  {
    title: 'Read the evidence',
    text: 'Open “Why this score?” on each card to see the checks behind the number before you decide.',
  },
];

export const BEST_PRACTICES: readonly string[] = [
  'Check the contract address against the project’s official channels before you trade.',
  'Treat a failed sell simulation or a high sell tax as a stop sign.',
  'Look at who holds the supply: a few wallets holding most of it can move the price at will.',
  'Prefer tokens whose liquidity is locked or burned, and note when a lock ends.',
  'Never invest more than you can afford to lose; no score is a guarantee.',
];

export const PRO_TIPS: readonly string[] = [
  'Run the liquidity scanner with the amount you actually plan to trade to see your price impact.',
  'Revisit a token: the analysis page refreshes every 30 seconds while it is open.',
  'Watch new whale entries: large fresh wallets buying together can signal insiders.',
  'Compare the rug detector’s risk factors with the scanner’s evidence; they use different angles.',
];
