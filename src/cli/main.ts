/**
 * `flab scan <address> [--json] [--rpc URL] [--api URL] [--amount USD]` (bundled to dist/cli/main.js,
 * started by bin/flab.js). By default it asks a running FLAB Hub for the full report; with --rpc it
 * runs the engine itself against a Base JSON-RPC endpoint (in-memory database, no indexer). Any
 * failure is one line on stderr and exit code 1.
 */
import pino from 'pino';
import { redactUrl } from '../server/errors';
import { parseAddress } from '../shared/address';
import type { TokenReport } from '../shared/analysis';
import { DEFAULT_AMOUNT_USD } from '../shared/vocabulary';
import { parseArgs, USAGE } from './args';
import { escapeForTerminal, renderJson, renderReport } from './render';

/** A cold report on a big token can take a while; the server itself bounds RPC time. */
const API_TIMEOUT_MS = 120_000;

class CliError extends Error {}

async function fromApi(api: string, address: string, amountUsd: number | undefined): Promise<TokenReport> {
  let base: URL;
  try {
    base = new URL(api);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new CliError(`--api must be an http(s) URL, got "${escapeForTerminal(api, 80)}".`);
  }
  const url = new URL(`/api/tokens/${address}/report`, base);
  if (amountUsd !== undefined) url.searchParams.set('amount', String(amountUsd));
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
    if (cause === 'TimeoutError')
      throw new CliError(`FLAB Hub at ${base.origin} did not answer within ${API_TIMEOUT_MS / 1000} s.`);
    throw new CliError(
      `No FLAB Hub is answering at ${base.origin} (${cause}). Start it with "npm start" in the project ` +
        'directory, point --api (or FLAB_API_URL) at a running one, or use --rpc URL to analyse against a Base RPC directly.',
    );
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new CliError(`${base.origin} answered HTTP ${res.status} without JSON: is it a FLAB Hub?`);
  }
  if (!res.ok) {
    const message = (body as { error?: { message?: unknown } })?.error?.message;
    throw new CliError(
      typeof message === 'string' ? escapeForTerminal(message, 300) : `FLAB Hub answered HTTP ${res.status}.`,
    );
  }
  const report = body as TokenReport;
  if (!report || typeof report !== 'object' || !report.scanner || !report.facts)
    throw new CliError(`${base.origin} answered with something that is not a token report.`);
  return report;
}

async function fromRpc(
  rpcUrl: string,
  address: `0x${string}`,
  amountUsd: number | undefined,
): Promise<TokenReport> {
  // Loaded only here: the API path stays light and fast to start.
  const [
    { assertChainId, createChainClients },
    { describeBaseNetwork },
    { openDatabase },
    engineMod,
    errors,
  ] = await Promise.all([
    import('../server/chain/client'),
    import('../server/chain/network'),
    import('../server/db/client'),
    import('../server/engine/token-engine'),
    import('../server/errors'),
  ]);
  let parsed: URL;
  try {
    parsed = new URL(rpcUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new CliError('--rpc must be an http(s) URL of a Base JSON-RPC endpoint.');
  }
  const log = pino({ level: 'silent' });
  const chain = createChainClients({ rpcUrl, mode: 'base' });
  const database = await openDatabase({ kind: 'memory' });
  try {
    try {
      await assertChainId(chain);
    } catch (e) {
      throw new CliError(errors.isAppError(e) ? e.message : `The RPC at ${redactUrl(rpcUrl)} is not usable.`);
    }
    const flab = parseAddress(process.env.FLAB_TOKEN_ADDRESS) ?? undefined;
    const engine = engineMod.createTokenEngine({
      db: database.db,
      chain,
      network: describeBaseNetwork(flab),
      indexer: undefined,
      log,
    });
    return await engine.report(address, { amountUsd: amountUsd ?? DEFAULT_AMOUNT_USD });
  } finally {
    await database.close().catch(() => {});
  }
}

async function main(): Promise<number> {
  const cmd = parseArgs(process.argv.slice(2), process.env);
  if (cmd.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (cmd.kind === 'error') {
    process.stderr.write(`flab: ${escapeForTerminal(cmd.message)} Run "flab --help" for usage.\n`);
    return 1;
  }
  const address = parseAddress(cmd.address);
  if (!address) {
    process.stderr.write(
      `flab: "${escapeForTerminal(cmd.address, 60)}" is not an address: expected 0x followed by 40 hex characters.\n`,
    );
    return 1;
  }
  try {
    const report = cmd.rpc
      ? await fromRpc(cmd.rpc, address, cmd.amountUsd)
      : await fromApi(cmd.api, address, cmd.amountUsd);
    const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
    const source = cmd.rpc ? 'analysed directly over RPC' : `from ${new URL(cmd.api).origin}`;
    process.stdout.write(cmd.json ? `${renderJson(report)}\n` : renderReport(report, { color, source }));
    return 0;
  } catch (e) {
    const err = e as Error & { code?: string };
    // CliError and the engine's AppErrors (not a contract, not ERC-20, chain unavailable) carry
    // a sentence meant for users; anything else is unexpected.
    const known = e instanceof CliError || (typeof err.code === 'string' && err.name === 'AppError');
    // Library messages run over several lines and may quote the RPC URL (keys live in it).
    const first = String(err.message ?? e).split('\n')[0] ?? '';
    const safe = first.replace(/https?:\/\/[^\s"']+/g, (u) => redactUrl(u));
    const message = known ? safe : `the analysis failed: ${safe}`;
    process.stderr.write(`flab: ${escapeForTerminal(message, 400)}\n`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`flab: ${escapeForTerminal((e as Error)?.message ?? String(e), 400)}\n`);
    process.exit(1);
  },
);
