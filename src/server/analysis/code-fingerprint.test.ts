import { describe, expect, it } from 'vitest';
import { codeSimilarity, fingerprintCode, stripMetadata, twinOf } from '../../shared/code-fingerprint';
import { BlacklistToken, HoneypotToken, ScenarioToken } from '../localchain/artifacts/generated';

const code = (a: { deployedBytecode: string }) => a.deployedBytecode;
/** The metadata tail of compiled code: a CBOR map then its 2-byte length. */
const tailLength = (hex: string) => Number.parseInt(hex.slice(-4), 16) * 2 + 4;

describe('code fingerprint', () => {
  it('ignores the CBOR metadata: same code, another compile hash, same fingerprint', () => {
    const hex = code(HoneypotToken);
    const tail = tailLength(hex);
    const other = `${hex.slice(0, -tail)}${hex.slice(-tail, -tail + 20)}${'ab'.repeat((tail - 24) / 2)}${hex.slice(-4)}`;
    expect(other).not.toBe(hex);
    expect(fingerprintCode(other)?.hash).toBe(fingerprintCode(hex)?.hash);
    const bytes = Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
    expect(stripMetadata(bytes).length).toBe(bytes.length - (tail - 0) / 2);
  });

  it('ignores baked-in addresses and immutables (PUSH20..PUSH32 immediates)', () => {
    // A tiny dispatcher-free body: PUSH20 <owner> CALLER EQ … then STOP.
    const body = (owner: string, imm: string) => `0x73${owner}3314${'7f'}${imm}5000`;
    const a = fingerprintCode(body('11'.repeat(20), '22'.repeat(32)));
    const b = fingerprintCode(body('99'.repeat(20), '33'.repeat(32)));
    expect(a?.hash).toBe(b?.hash);
    // A small constant (PUSH1) is logic, not a deploy-time value: it changes the code.
    expect(fingerprintCode('0x600133145000')?.hash).not.toBe(fingerprintCode('0x600233145000')?.hash);
  });

  it('tells genuinely different contracts apart, and a plain template is no twin of a honeypot', () => {
    const plain = fingerprintCode(code(ScenarioToken));
    const honeypot = fingerprintCode(code(HoneypotToken));
    const blacklist = fingerprintCode(code(BlacklistToken));
    if (!plain || !honeypot || !blacklist) throw new Error('no code');
    expect(plain.hash).not.toBe(honeypot.hash);
    expect(twinOf(plain, honeypot)).toBeNull();
    expect(twinOf(honeypot, blacklist)).toBeNull();
    expect(twinOf(honeypot, honeypot)).toEqual({ kind: 'same', similarity: 1 });
    expect(honeypot.selectors).toContain('0xa9059cbb'); // transfer(address,uint256)
    expect(codeSimilarity(plain, honeypot)).toBeLessThan(1);
  });

  it('calls a one-opcode change with the same selectors nearly the same', () => {
    const hex = code(HoneypotToken);
    const a = fingerprintCode(hex);
    // Swap one non-push opcode deep in the body (ADD 0x01 → SUB 0x03) — same selectors, new hash.
    const at = hex.indexOf('01', Math.floor(hex.length / 2));
    const pos = at % 2 === 0 ? at : hex.indexOf('01', at + 1);
    const b = fingerprintCode(`${hex.slice(0, pos)}03${hex.slice(pos + 2)}`);
    if (!a || !b) throw new Error('no code');
    expect(b.hash).not.toBe(a.hash);
    expect(codeSimilarity(a, b)).toBeGreaterThan(0.9);
  });

  it('reads no fingerprint from empty code', () => {
    expect(fingerprintCode('0x')).toBeNull();
  });
});
