/**
 * Source verification, the way Sourcify does it: compile the submitted standard-JSON input with
 * solc-js and compare the runtime bytecode with the chain's, ignoring what legitimately differs
 * (the CBOR metadata tail, immutable values, linked library addresses). Plus the Sourcify look-up
 * used on Base. Returns data only: storing results and the HTTP route live elsewhere.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Abi, Address, Hex, PublicClient } from 'viem';
import { AppError, BadRequestError } from '../../errors';
import type { VerificationFacts } from '../types';

// ---------------------------------------------------------------------------------------------
// Pure bytecode comparison

/** CBOR text-string keys solc (and vyper) write into the metadata map: ipfs, bzzr0, bzzr1, solc. */
const METADATA_KEYS = ['6469706673', '65627a7a7230', '65627a7a7231', '64736f6c63'];

/**
 * Splits off the CBOR metadata solc appends to runtime code; its length is in the last two bytes.
 * Only strips when that length fits and the blob looks like solc's CBOR map (a map header byte and a
 * known key), so code without metadata (appendCBOR: false, hand-written code) comes back unchanged
 * instead of losing its last instructions.
 */
export function stripMetadata(code: Hex): { code: Hex; metadata: Hex | null } {
  const hex = code.slice(2).toLowerCase();
  if (hex.length < 4 || hex.length % 2 !== 0) return { code, metadata: null };
  const cborBytes = Number.parseInt(hex.slice(-4), 16);
  const tail = cborBytes * 2 + 4;
  if (cborBytes === 0 || tail > hex.length) return { code, metadata: null };
  const blob = hex.slice(hex.length - tail, hex.length - 4);
  const header = Number.parseInt(blob.slice(0, 2), 16);
  // CBOR major type 5 (map) with 1..15 entries: 0xa1..0xaf.
  const isMap = header >= 0xa1 && header <= 0xaf;
  if (!isMap || !METADATA_KEYS.some((k) => blob.includes(k))) return { code, metadata: null };
  return { code: `0x${hex.slice(0, hex.length - tail)}`, metadata: `0x${hex.slice(hex.length - tail)}` };
}

export type ByteRange = { start: number; length: number };
export type ImmutableReferences = Record<string, ByteRange[]>;
export type LinkReferences = Record<string, Record<string, ByteRange[]>>;
export type MatchLevel = 'exact' | 'partial' | 'none';

/** Zeroes byte ranges of a hex string (no 0x), ignoring ranges that fall outside it. */
function maskRanges(hex: string, ranges: ByteRange[]): string {
  let out = hex;
  for (const { start, length } of ranges) {
    if (start < 0 || length <= 0 || (start + length) * 2 > out.length) continue;
    out = out.slice(0, start * 2) + '0'.repeat(length * 2) + out.slice((start + length) * 2);
  }
  return out;
}

/**
 * Compares compiled runtime code with the chain's. Immutables (written by the constructor) and
 * library addresses (filled at link time) are masked on both sides. 'exact' = identical including
 * metadata (same sources and settings byte for byte); 'partial' = identical once the metadata tail
 * is stripped (same code, e.g. different comments or file names); otherwise 'none'.
 */
export function compareRuntimeCode(opts: {
  compiled: string;
  onChain: Hex;
  immutableReferences?: ImmutableReferences | undefined;
  linkReferences?: LinkReferences | undefined;
}): MatchLevel {
  const ranges = [
    ...Object.values(opts.immutableReferences ?? {}).flat(),
    ...Object.values(opts.linkReferences ?? {}).flatMap((lib) => Object.values(lib).flat()),
  ];
  // Unlinked library placeholders (__$…$__) are not hex: masking turns them into zeros too.
  const compiled = maskRanges(opts.compiled.replace(/^0x/, '').toLowerCase(), ranges);
  const onChain = maskRanges(opts.onChain.slice(2).toLowerCase(), ranges);
  if (compiled.length === 0 || compiled.length !== onChain.length) return 'none';
  if (compiled === onChain) return 'exact';
  const a = stripMetadata(`0x${compiled}`);
  const b = stripMetadata(`0x${onChain}`);
  return a.metadata !== null && b.metadata !== null && a.code === b.code ? 'partial' : 'none';
}

// ---------------------------------------------------------------------------------------------
// Compiling submitted sources

export type SolidityInput = {
  sources: Record<string, { content: string }>;
  settings?: Record<string, unknown>;
  /** "Name" or "path/File.sol:Name". */
  contractName: string;
  address: Address;
};

export type VerifyResult = {
  match: MatchLevel;
  /** Fully qualified name of the best candidate ("path:Name"). */
  contractName: string;
  abi: Abi | null;
  /** Why there is no match, in one sentence (no code at the address, different bytecode). */
  reason?: string;
};

type CompiledContract = {
  abi?: Abi;
  evm?: {
    deployedBytecode?: {
      object?: string;
      immutableReferences?: ImmutableReferences;
      linkReferences?: LinkReferences;
    };
  };
};
type SolcOutput = {
  errors?: { severity: string; formattedMessage?: string; message: string }[];
  contracts?: Record<string, Record<string, CompiledContract>>;
};

const COMPILE_TIMEOUT_MS = 120_000;
const OUTPUTS = [
  'abi',
  'evm.deployedBytecode.object',
  'evm.deployedBytecode.immutableReferences',
  'evm.deployedBytecode.linkReferences',
];

// solc-js compiles synchronously for seconds; a worker keeps the server answering meanwhile. It
// runs as CommonJS (eval), where solc is a plain require. The import callback refuses every path:
// solc only asks for files that are not among the submitted sources, and we never read the disk.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const solc = require(workerData.solcPath);
const refuse = (p) => ({ error: 'Import "' + p + '" is not among the submitted sources.' });
parentPort.postMessage(solc.compile(workerData.input, { import: refuse }));
`;

function compileInWorker(input: string): Promise<SolcOutput> {
  const solcPath = createRequire(import.meta.url).resolve('solc');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { solcPath, input } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError('internal', 'Compiling the submitted source took too long.', { status: 504 }));
    }, COMPILE_TIMEOUT_MS);
    worker.once('message', (out: string) => {
      clearTimeout(timer);
      void worker.terminate();
      try {
        resolve(JSON.parse(out) as SolcOutput);
      } catch (cause) {
        reject(new AppError('internal', 'The compiler returned unreadable output.', { cause }));
      }
    });
    worker.once('error', (cause) => {
      clearTimeout(timer);
      reject(new AppError('internal', 'The compiler failed.', { cause }));
    });
  });
}

function validateInput(input: SolidityInput): void {
  const names = Object.keys(input.sources ?? {});
  if (names.length === 0) throw new BadRequestError('No sources were submitted.');
  for (const n of names) {
    if (typeof input.sources[n]?.content !== 'string') {
      throw new BadRequestError(`Source "${n}" has no content (only inline sources are accepted).`);
    }
  }
  if (!input.contractName?.trim()) throw new BadRequestError('contractName is required.');
}

/** Compiles the submitted sources and matches the named contract against the code at `address`. */
export async function verifySource(input: SolidityInput, client: PublicClient): Promise<VerifyResult> {
  validateInput(input);
  const split = input.contractName.lastIndexOf(':');
  const file = split >= 0 ? input.contractName.slice(0, split) : null;
  const name = split >= 0 ? input.contractName.slice(split + 1) : input.contractName;
  const { outputSelection: _ignored, ...settings } = input.settings ?? {};
  // Code is generated only for the named contract: much faster than compiling every source fully.
  const standardJson = JSON.stringify({
    language: 'Solidity',
    sources: input.sources,
    settings: { ...settings, outputSelection: { [file ?? '*']: { [name]: OUTPUTS } } },
  });
  const [output, onChain] = await Promise.all([
    compileInWorker(standardJson),
    client.getCode({ address: input.address }),
  ]);
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new BadRequestError('The submitted source does not compile.', {
      errors: errors.slice(0, 10).map((e) => e.formattedMessage ?? e.message),
    });
  }
  const candidates = Object.entries(output.contracts ?? {}).flatMap(([path, byName]) =>
    Object.entries(byName)
      .filter(([n]) => n === name && (file === null || path === file))
      .map(([n, c]) => ({ fqn: `${path}:${n}`, c })),
  );
  const first = candidates[0];
  if (!first)
    throw new BadRequestError(`No contract named "${input.contractName}" in the submitted sources.`);
  if (!onChain || onChain === '0x') {
    return {
      match: 'none',
      contractName: first.fqn,
      abi: first.c.abi ?? null,
      reason: 'No contract code at this address.',
    };
  }
  let best: VerifyResult = {
    match: 'none',
    contractName: first.fqn,
    abi: first.c.abi ?? null,
    reason: 'The compiled runtime bytecode differs from the code on chain.',
  };
  for (const { fqn, c } of candidates) {
    const rt = c.evm?.deployedBytecode;
    const match = compareRuntimeCode({
      compiled: rt?.object ?? '',
      onChain,
      immutableReferences: rt?.immutableReferences,
      linkReferences: rt?.linkReferences,
    });
    if (match === 'exact' || (match === 'partial' && best.match === 'none')) {
      best = { match, contractName: fqn, abi: c.abi ?? null };
    }
    if (match === 'exact') break;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Sourcify (Base mode)

export type SourcifyLookup = VerificationFacts & { abi: Abi | null };

const SOURCIFY_TIMEOUT_MS = 8_000;

type SourcifyContract = {
  match?: 'exact_match' | 'match' | null;
  abi?: Abi;
  compilation?: { name?: string; fullyQualifiedName?: string };
};

/**
 * Sourcify v2: 200 → verified (with the ABI and contract name), 404 → unverified. Anything else —
 * network error, timeout, rate limit, 5xx, a body we cannot read — is 'unknown', never a guess.
 */
export async function lookupSourcify(
  fetchFn: typeof fetch,
  chainId: number,
  address: string,
): Promise<SourcifyLookup> {
  const unknown: SourcifyLookup = { status: 'unknown', source: 'Sourcify', contractName: null, abi: null };
  const url = `https://sourcify.dev/server/v2/contract/${chainId}/${address}?fields=abi,compilation`;
  let res: Response;
  try {
    res = await fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(SOURCIFY_TIMEOUT_MS),
    });
  } catch {
    return unknown;
  }
  if (res.status === 404) return { status: 'unverified', source: 'Sourcify', contractName: null, abi: null };
  if (res.status !== 200) return unknown;
  let body: SourcifyContract;
  try {
    body = (await res.json()) as SourcifyContract;
  } catch {
    return unknown;
  }
  if (!body || (body.match !== 'exact_match' && body.match !== 'match')) {
    return { status: 'unverified', source: 'Sourcify', contractName: null, abi: null };
  }
  return {
    status: 'verified',
    source: body.match === 'exact_match' ? 'Sourcify (exact match)' : 'Sourcify (partial match)',
    contractName: body.compilation?.name ?? null,
    abi: Array.isArray(body.abi) ? body.abi : null,
  };
}
