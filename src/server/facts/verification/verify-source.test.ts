import fc from 'fast-check';
import type { Hex, PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../errors';
import { compareRuntimeCode, lookupSourcify, stripMetadata, verifySource } from './verify-source';

// Runtime code of `contract Tiny { uint256 public immutable seed; uint256 public x; … }` from solc
// 0.8.30 (optimizer 200, cancun): once with the default IPFS metadata, once with bytecodeHash none.
const BODY =
  '6080604052348015600e575f5ffd5b5060043610603a575f3560e01c80630c55699c14603e57806360fe47b11460575780637d94792a146068575b5f5ffd5b60455f5481565b60405190815260200160405180910390f35b60666062366004608e565b5f55565b005b60457f000000000000000000000000000000000000000000000000000000000000000081565b5f60208284031215609d575f5ffd5b503591905056fe';
const IPFS_TAIL =
  'a2646970667358221220ef644749389a95a29c999abd535dddb80259d10279c0a1f650553c8310e4304164736f6c634300081e0033';
const SOLC_ONLY_TAIL = 'a164736f6c634300081e000a';
const TINY: Hex = `0x${BODY}${IPFS_TAIL}`;
const IMMUTABLES = { '3': [{ start: 108, length: 32 }] };

/** The same code as deployed with `seed = 42`: the constructor writes it into the immutable slot. */
function deployedWithSeed(code: Hex, seed: bigint): Hex {
  const hex = code.slice(2);
  const value = seed.toString(16).padStart(64, '0');
  return `0x${hex.slice(0, 108 * 2)}${value}${hex.slice((108 + 32) * 2)}`;
}

describe('stripMetadata', () => {
  it('splits the IPFS + solc CBOR tail off solc output', () => {
    expect(stripMetadata(TINY)).toEqual({ code: `0x${BODY}`, metadata: `0x${IPFS_TAIL}` });
  });

  it('handles the short tail written with bytecodeHash none', () => {
    const r = stripMetadata(`0x${BODY}${SOLC_ONLY_TAIL}`);
    expect(r.code).toBe(`0x${BODY}`);
    expect(r.metadata).toBe(`0x${SOLC_ONLY_TAIL}`);
  });

  it('leaves code without metadata intact', () => {
    const noMeta: Hex = `0x${BODY}`;
    expect(stripMetadata(noMeta)).toEqual({ code: noMeta, metadata: null });
    // EIP-1167 clone: its last two bytes (0x5bf3) would claim a 23,539-byte tail.
    const clone: Hex =
      '0x363d3d373d3d3d363d73bebebebebebebebebebebebebebebebebebebebe5af43d82803e903d91602b57fd5bf3';
    expect(stripMetadata(clone).metadata).toBeNull();
  });

  it('does not strip a tail whose length fits but is not a CBOR map with a solc key', () => {
    // Last two bytes say 4 bytes of "metadata", but they are ordinary instructions.
    const code: Hex = '0x6001600255600360045500000004';
    expect(stripMetadata(code).metadata).toBeNull();
  });

  it('handles empty and odd input', () => {
    expect(stripMetadata('0x')).toEqual({ code: '0x', metadata: null });
    expect(stripMetadata('0x0')).toEqual({ code: '0x0', metadata: null });
  });

  it('never grows the code and always reassembles to the input (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const hex: Hex = `0x${Buffer.from(bytes).toString('hex')}`;
        const r = stripMetadata(hex);
        expect(`${r.code}${r.metadata?.slice(2) ?? ''}`).toBe(hex);
      }),
    );
  });
});

describe('compareRuntimeCode', () => {
  it('is exact for identical code, with immutables masked', () => {
    const onChain = deployedWithSeed(TINY, 42n);
    expect(compareRuntimeCode({ compiled: BODY + IPFS_TAIL, onChain, immutableReferences: IMMUTABLES })).toBe(
      'exact',
    );
    // Without the immutable references the constructor-written value looks like different code.
    expect(compareRuntimeCode({ compiled: BODY + IPFS_TAIL, onChain })).toBe('none');
  });

  it('is partial when only the metadata differs', () => {
    const otherHash = IPFS_TAIL.replace('ef644749', '00000000');
    const onChain = deployedWithSeed(`0x${BODY}${otherHash}`, 7n);
    expect(
      compareRuntimeCode({ compiled: `0x${BODY}${IPFS_TAIL}`, onChain, immutableReferences: IMMUTABLES }),
    ).toBe('partial');
  });

  it('is none when the code differs or is missing', () => {
    const changed = BODY.replace('60455f5481', '60455f5482');
    expect(compareRuntimeCode({ compiled: changed + IPFS_TAIL, onChain: TINY })).toBe('none');
    expect(compareRuntimeCode({ compiled: BODY + IPFS_TAIL, onChain: '0x' })).toBe('none');
    expect(compareRuntimeCode({ compiled: '', onChain: '0x' })).toBe('none');
  });

  it('masks unlinked library placeholders', () => {
    const placeholder = '__$0123456789abcdef0123456789abcdef01$__';
    const lib = 'aa'.repeat(20);
    const compiled = `73${placeholder}${BODY.slice(42)}${IPFS_TAIL}`;
    const onChain: Hex = `0x73${lib}${BODY.slice(42)}${IPFS_TAIL}`;
    const linkReferences = { 'L.sol': { L: [{ start: 1, length: 20 }] } };
    expect(compareRuntimeCode({ compiled, onChain, linkReferences })).toBe('exact');
  });
});

/** A fetch that answers like Sourcify's v2 API did when the shapes were recorded. */
function fakeFetch(answer: { status: number; body?: unknown } | Error) {
  const calls: string[] = [];
  const fn = (async (url: string | URL | Request) => {
    calls.push(String(url));
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fn, calls };
}

const ADDRESS = '0x940181a94a35a4569e4529a3cdfb74e38fd98631';

describe('lookupSourcify', () => {
  it('200 → verified, with the ABI and contract name', async () => {
    const { fn, calls } = fakeFetch({
      status: 200,
      body: {
        match: 'exact_match',
        creationMatch: 'exact_match',
        runtimeMatch: 'exact_match',
        chainId: '8453',
        address: '0x940181a94A35A4569E4529A3CDfB74e38FD98631',
        verifiedAt: '2024-01-01T00:00:00Z',
        matchId: '123',
        abi: [
          {
            type: 'function',
            name: 'totalSupply',
            inputs: [],
            outputs: [{ type: 'uint256' }],
            stateMutability: 'view',
          },
        ],
        compilation: {
          name: 'Aero',
          fullyQualifiedName: 'contracts/Aero.sol:Aero',
          compilerVersion: 'v0.8.19+commit.7dd6d404',
          language: 'Solidity',
        },
      },
    });
    const r = await lookupSourcify(fn, 8453, ADDRESS);
    expect(calls[0]).toBe(`https://sourcify.dev/server/v2/contract/8453/${ADDRESS}?fields=abi,compilation`);
    expect(r.status).toBe('verified');
    expect(r.contractName).toBe('Aero');
    expect(r.source).toBe('Sourcify (exact match)');
    expect(r.abi?.[0]).toMatchObject({ name: 'totalSupply' });
  });

  it('a partial (metadata) match is still verified', async () => {
    const { fn } = fakeFetch({ status: 200, body: { match: 'match', abi: [], compilation: { name: 'X' } } });
    expect(await lookupSourcify(fn, 8453, ADDRESS)).toMatchObject({
      status: 'verified',
      source: 'Sourcify (partial match)',
    });
  });

  it('404 → unverified', async () => {
    const { fn } = fakeFetch({
      status: 404,
      body: { customCode: 'not_found', message: 'Contract not found', errorId: 'x' },
    });
    expect(await lookupSourcify(fn, 8453, ADDRESS)).toEqual({
      status: 'unverified',
      source: 'Sourcify',
      contractName: null,
      abi: null,
    });
  });

  it('network errors, timeouts, rate limits and bad bodies → unknown', async () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), {
      name: 'TimeoutError',
    });
    for (const answer of [
      new TypeError('fetch failed'),
      timeout,
      { status: 429, body: { message: 'Too many requests' } },
      { status: 502 },
      { status: 200 }, // empty body: not JSON
    ]) {
      const { fn } = fakeFetch(answer);
      expect((await lookupSourcify(fn, 8453, ADDRESS)).status).toBe('unknown');
    }
  });
});

const TINY_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Tiny { uint256 public immutable seed; uint256 public x; constructor(uint256 s) { seed = s; } function set(uint256 v) external { x = v; } }`;
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' };
const ADDR = '0x00000000000000000000000000000000000000aa';
/** Only getCode is used; the compile itself runs in a worker thread. */
const codeAt = (code: Hex) => ({ getCode: async () => code }) as unknown as PublicClient;

describe('verifySource', () => {
  it('matches the compiled contract against code with a constructor-set immutable', async () => {
    const r = await verifySource(
      {
        sources: { 'Tiny.sol': { content: TINY_SOURCE } },
        settings: SETTINGS,
        contractName: 'Tiny',
        address: ADDR,
      },
      codeAt(deployedWithSeed(TINY, 42n)),
    );
    expect(r).toMatchObject({ match: 'exact', contractName: 'Tiny.sol:Tiny' });
    expect(r.abi?.some((i) => i.type === 'function' && i.name === 'seed')).toBe(true);
  });

  it('is partial when only a comment changed (metadata differs), none for other code', async () => {
    const commented = `${TINY_SOURCE}\n// a comment changes the metadata hash only`;
    const sources = { 'Tiny.sol': { content: commented } };
    const partial = await verifySource(
      { sources, settings: SETTINGS, contractName: 'Tiny.sol:Tiny', address: ADDR },
      codeAt(TINY),
    );
    expect(partial.match).toBe('partial');
    const none = await verifySource(
      { sources, settings: SETTINGS, contractName: 'Tiny', address: ADDR },
      codeAt('0x6001'),
    );
    expect(none.match).toBe('none');
    const empty = await verifySource(
      { sources, settings: SETTINGS, contractName: 'Tiny', address: ADDR },
      codeAt('0x'),
    );
    expect(empty).toMatchObject({ match: 'none', reason: 'No contract code at this address.' });
  });

  it('rejects bad input: no sources, compile errors, imports not submitted, unknown contract', async () => {
    const client = codeAt(TINY);
    await expect(verifySource({ sources: {}, contractName: 'Tiny', address: ADDR }, client)).rejects.toThrow(
      BadRequestError,
    );
    const broken = { 'Tiny.sol': { content: 'pragma solidity ^0.8.24; contract Tiny { function f( }' } };
    await expect(
      verifySource({ sources: broken, contractName: 'Tiny', address: ADDR }, client),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: { errors: [expect.stringContaining('ParserError')] },
    });
    const importing = {
      'A.sol': { content: 'pragma solidity ^0.8.24; import "/etc/passwd"; contract A {}' },
    };
    await expect(
      verifySource({ sources: importing, contractName: 'A', address: ADDR }, client),
    ).rejects.toMatchObject({
      details: { errors: [expect.stringContaining('not among the submitted sources')] },
    });
    await expect(
      verifySource(
        { sources: { 'Tiny.sol': { content: TINY_SOURCE } }, contractName: 'Nope', address: ADDR },
        client,
      ),
    ).rejects.toThrow(/No contract named "Nope"/);
  });
});
