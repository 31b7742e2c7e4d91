/** Argument parsing for `flab` (pure, tested). */
export type CliCommand =
  | {
      kind: 'scan';
      address: string;
      json: boolean;
      rpc: string | undefined;
      api: string;
      amountUsd: number | undefined;
    }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export const USAGE = `Usage: flab scan <token address> [--json] [--rpc URL] [--api URL] [--amount USD]

  --json        print the full report as JSON
  --rpc URL     analyse directly against this Base JSON-RPC endpoint (no running app needed)
  --api URL     ask a running FLAB Hub (default http://localhost:5000, or FLAB_API_URL)
  --amount USD  trade size for the price-impact estimate (default 1000)`;

export function parseArgs(argv: string[], env: Record<string, string | undefined> = {}): CliCommand {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === 'help' || cmd === '--help' || cmd === '-h') return { kind: 'help' };
  if (cmd !== 'scan') return { kind: 'error', message: `Unknown command "${cmd.slice(0, 40)}".` };
  let address: string | undefined;
  let json = false;
  let rpc: string | undefined;
  let api = env.FLAB_API_URL ?? 'http://localhost:5000';
  let amountUsd: number | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${a} needs a value.`);
      return v;
    };
    try {
      if (a === '--json') json = true;
      else if (a === '--rpc') rpc = value();
      else if (a === '--api') api = value();
      else if (a === '--amount') {
        amountUsd = Number(value());
        if (!Number.isFinite(amountUsd) || amountUsd <= 0)
          return { kind: 'error', message: '--amount must be a positive number.' };
      } else if (a.startsWith('--')) return { kind: 'error', message: `Unknown option ${a.slice(0, 40)}.` };
      else if (address === undefined) address = a;
      else return { kind: 'error', message: 'Only one token address, please.' };
    } catch (e) {
      return { kind: 'error', message: (e as Error).message };
    }
  }
  if (!address) return { kind: 'error', message: 'Missing the token address.' };
  return { kind: 'scan', address, json, rpc, api, amountUsd };
}
