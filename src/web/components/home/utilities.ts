/**
 * The five utility cards of the home page (spec §3 "Utility card": id, title, description, status,
 * type, icon, floatDelay). Each is LIVE: it calls the engine's endpoint for its type.
 */
import { Droplets, Fish, Gauge, type LucideIcon, Radar, ShieldCheck } from 'lucide-react';

export type UtilityType = 'scanner' | 'rug' | 'whale' | 'liquidity' | 'score';

export type Utility = {
  id: string;
  title: string;
  description: string;
  status: 'LIVE' | 'SOON';
  type: UtilityType;
  icon: LucideIcon;
  /** Spec §3 field: stagger (s) for a decorative card animation; kept for shape, no motion used now. */
  floatDelay: number;
};

export const UTILITIES: readonly Utility[] = [
  {
    id: 'security-scanner',
    title: 'Security Scanner',
    description: 'Contract verification, honeypot detection by simulated sells, taxes and holders.',
    status: 'LIVE',
    type: 'scanner',
    icon: ShieldCheck,
    floatDelay: 0,
  },
  {
    id: 'rug-detector',
    title: 'Rug Detector AI',
    description: 'A model fitted on labelled rug pulls, combined with 16+ contract and liquidity features.',
    status: 'LIVE',
    type: 'rug',
    icon: Radar,
    floatDelay: 0.4,
  },
  {
    id: 'whale-tracker',
    title: 'Whale Tracker',
    description: 'Top 20 holders, wallet age and each wallet’s rug history.',
    status: 'LIVE',
    type: 'whale',
    icon: Fish,
    floatDelay: 0.8,
  },
  {
    id: 'liquidity-scanner',
    title: 'Liquidity Scanner',
    description: 'Pool value, price impact for your amount, LP locks and drain monitoring.',
    status: 'LIVE',
    type: 'liquidity',
    icon: Droplets,
    floatDelay: 1.2,
  },
  {
    id: 'flab-score',
    title: 'FLAB Score',
    description: 'One 0–100 score for the token, with the evidence behind it.',
    status: 'LIVE',
    type: 'score',
    icon: Gauge,
    floatDelay: 1.6,
  },
];

/** How many utilities are live right now (the community blurb counts them rather than claiming). */
export const LIVE_UTILITY_COUNT = UTILITIES.filter((u) => u.status === 'LIVE').length;

/** Spec §2: the liquidity card asks for an amount, the others for a token address. */
export function placeholderFor(type: UtilityType): string {
  return type === 'liquidity' ? 'Enter amount (e.g., 1000)' : 'Enter Base token address (0x...)';
}

export const BLANK_INPUT_ALERT = 'Please enter a token address or amount';

export type UtilityAction =
  | { kind: 'alert'; message: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'call'; input: string };

/**
 * Spec §5, in order: blank input → alert; the liquidity card always goes to the liquidity scanner;
 * an input of exactly 42 characters starting with 0x goes to the token analysis page; anything else
 * is sent to the utility's endpoint as typed (trimmed), with no other format check.
 */
export function utilityAction(type: UtilityType, raw: string, token = ''): UtilityAction {
  const input = raw.trim();
  if (!input) return { kind: 'alert', message: BLANK_INPUT_ALERT };
  if (type === 'liquidity') return { kind: 'redirect', to: liquidityHandOff(input, token) };
  if (raw.length === 42 && raw.startsWith('0x')) {
    return { kind: 'redirect', to: `/token-analysis?address=${encodeURIComponent(raw)}` };
  }
  return { kind: 'call', input };
}

/**
 * The liquidity scanner opened with what the card was given: the token (when typed) and the amount,
 * so neither is lost on the way (issue 37: 2,500 arrived as 1,000 with the token box empty).
 */
export function liquidityHandOff(amount: string, token: string): string {
  const q = new URLSearchParams();
  const t = token.trim();
  if (t) q.set('address', t);
  q.set('amount', amount.trim().replace(/,/g, ''));
  return `/liquidity-scanner?${q.toString()}`;
}

const PATHS: Record<UtilityType, (a: string) => string> = {
  scanner: (a) => `/api/scanner/${a}`,
  rug: (a) => `/api/rug-detector/${a}`,
  whale: (a) => `/api/whale-tracker/${a}`,
  // Spec §7: the home liquidity call uses a fixed 1000 USD.
  liquidity: (a) => `/api/liquidity/${a}?amount=1000`,
  score: (a) => `/api/flab-score/${a}`,
};

export function utilityPath(type: UtilityType, input: string): string {
  return PATHS[type](encodeURIComponent(input));
}
