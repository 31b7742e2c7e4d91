import fc from 'fast-check';
import { type Abi, type Hex, parseAbi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../types';
import {
  capabilitiesFromAbi,
  capabilitiesFromBytecode,
  cloneTarget,
  findOpcodes,
  slotAddress,
} from './index';
import { CAPABILITY_SELECTORS } from './selectors';

type Found = Parameters<typeof capabilitiesFromAbi>[1];
const caps = (found: Found) => [...found.keys()].sort();

describe('selector table', () => {
  it('is computed from signatures', () => {
    expect(CAPABILITY_SELECTORS.get('0x40c10f19')?.signature).toBe('mint(address,uint256)');
    expect(CAPABILITY_SELECTORS.get('0x8456cb59')?.signature).toBe('pause()');
    expect(
      CAPABILITY_SELECTORS.get(toFunctionSelector('function upgradeToAndCall(address,bytes)'))?.capabilities,
    ).toEqual(['upgradeable']);
  });

  it('maps a selector to every capability it reveals', () => {
    const limits = CAPABILITY_SELECTORS.get(toFunctionSelector('function setLimits(uint256,uint256)'));
    expect(limits?.capabilities.sort()).toEqual(['maxTx', 'maxWallet']);
  });
});

describe('findOpcodes', () => {
  it('finds SELFDESTRUCT and DELEGATECALL as instructions', () => {
    expect([...findOpcodes('0x6000ff', [0xff, 0xf4])]).toEqual([0xff]);
    expect([...findOpcodes('0x5af4', [0xff, 0xf4])]).toEqual([0xf4]);
  });

  it('skips PUSH immediates: 0xff inside a pushed constant is data', () => {
    // PUSH1 0xff, PUSH32 0xff…ff, PUSH2 0xf4ff, STOP
    const code: Hex = `0x60ff7f${'ff'.repeat(32)}61f4ff00`;
    expect(findOpcodes(code, [0xff, 0xf4]).size).toBe(0);
  });

  it('ignores the metadata tail', () => {
    const tail =
      'a2646970667358221220ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff64736f6c634300081e0033';
    expect(findOpcodes(`0x600100fe${tail}`, [0xff]).size).toBe(0);
  });

  it('a pushed constant never reports an opcode (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (n, data) => {
          const push = (0x5f + n).toString(16);
          const code: Hex = `0x${push}${Buffer.from(data.slice(0, n)).toString('hex')}00`;
          expect(findOpcodes(code, [0xff, 0xf4]).size).toBe(0);
        },
      ),
    );
  });
});

describe('proxy helpers', () => {
  const impl = 'bebebebebebebebebebebebebebebebebebebebe';
  it('recognises EIP-1167 clones and the PUSH0 variant', () => {
    expect(cloneTarget(`0x363d3d373d3d3d363d73${impl}5af43d82803e903d91602b57fd5bf3`)).toBe(`0x${impl}`);
    expect(cloneTarget(`0x365f5f375f5f365f73${impl}5af43d5f5f3e5f3d91602a57fd5bf3`)).toBe(`0x${impl}`);
    expect(cloneTarget(`0x6080${impl}`)).toBeNull();
  });

  it("recognises the launchpads' clones by what the code does: 0age's (Solady), Solady's PUSH0, immutable args", () => {
    // Solady LibClone.clone (Flaunch's and Doppler's tokens): 0age's 44-byte minimal proxy.
    expect(cloneTarget(`0x3d3d3d3d363d3d37363d73${impl}5af43d3d93803e602a57fd5bf3`)).toBe(`0x${impl}`);
    // Solady clone_PUSH0.
    expect(cloneTarget(`0x5f5f365f5f37365f73${impl}5af43d5f5f3e6029573d5ffd5b3d5ff3`)).toBe(`0x${impl}`);
    // EIP-1167 with immutable args appended (Solady clone(impl, args)): the args are never run.
    const args = `${'ab'.repeat(20)}73${'cd'.repeat(20)}54f4`;
    expect(cloneTarget(`0x363d3d373d3d3d363d73${impl}5af43d82803e903d91602b57fd5bf3${args}`)).toBe(
      `0x${impl}`,
    );
    expect(cloneTarget(`0x363D3D373D3D3D363D73${impl.toUpperCase()}5AF43D82803E903D91602B57FD5BF3`)).toBe(
      `0x${impl}`,
    );
  });

  it('reads nothing but a forward as a clone', () => {
    // A selector dispatch (CALLDATALOAD) before the forward: a contract with functions of its own.
    expect(cloneTarget(`0x600035363d3d373d3d3d363d73${impl}5af43d82803e903d91602b57fd5bf3`)).toBeNull();
    // An implementation read from storage (SLOAD): a slot proxy, for the slot reads.
    expect(cloneTarget(`0x363d3d373d3d3d363d60005473${impl}5af43d82803e903d91602b57fd5bf3`)).toBeNull();
    // Two addresses pushed: which one runs is not the code's to say.
    expect(cloneTarget(`0x73${impl}50363d3d373d3d3d363d73${impl}5af43d82803e903d91602b57fd5bf3`)).toBeNull();
    // A CALL instead of a DELEGATECALL: the code runs in the other contract's storage.
    expect(cloneTarget(`0x363d3d373d3d3d363d73${impl}5af13d82803e903d91602b57fd5bf3`)).toBeNull();
    // The zero address, and no forward at all.
    expect(cloneTarget(`0x363d3d373d3d3d363d73${'00'.repeat(20)}5af43d82803e903d91602b57fd5bf3`)).toBeNull();
    expect(cloneTarget('0x')).toBeNull();
    expect(cloneTarget(`0x73${impl}f3`)).toBeNull();
  });

  it('never reads a clone out of code longer than a forward, whatever the bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 200 }), (bytes) => {
        const t = cloneTarget(`0x${Buffer.from(bytes).toString('hex')}`);
        if (t) expect(t).toMatch(/^0x[0-9a-f]{40}$/);
      }),
    );
  });

  it('reads an address from a storage word', () => {
    expect(slotAddress(`0x000000000000000000000000${'ab'.repeat(20)}`)).toBe(`0x${'ab'.repeat(20)}`);
    expect(slotAddress(`0x${'0'.repeat(64)}`)).toBeNull();
    expect(slotAddress('0x')).toBeNull();
    expect(slotAddress(undefined)).toBeNull();
  });
});

describe('capabilitiesFromBytecode', () => {
  it('maps dispatcher selectors to capabilities', () => {
    // A dispatcher comparing the calldata selector against PUSH4 mint(address,uint256) and pause().
    const code: Hex = '0x60003560e01c806340c10f1914601857638456cb5914601857005b00';
    const found: Found = new Map();
    const selectors = capabilitiesFromBytecode(code, 'contract', found);
    expect(selectors).toEqual(expect.arrayContaining(['0x40c10f19', '0x8456cb59']));
    expect(caps(found)).toEqual(['mint', 'pause']);
    expect([...(found.get('mint') ?? [])]).toEqual(['mint(address,uint256)']);
  });
});

describe('capabilitiesFromAbi', () => {
  it('catches renamed owner functions by name, setters only', () => {
    const abi = parseAbi([
      'function printMoney(address to, uint256 amount)',
      'function mintTokens(address to, uint256 amount)',
      'function mintingFinished() view returns (bool)',
      'function finishMinting()',
      'function addBots(address[] bots)',
      'function isBlacklisted(address) view returns (bool)',
      'function updateSellTax(uint256 bps)',
      'function setMaxTxnAmount(uint256)',
      'function _maxWalletSize() view returns (uint256)',
      'function emergencyTransfer(address from, address to, uint256 amount)',
      'function openTrading()',
      'function transfer(address to, uint256 amount) returns (bool)',
      'function balanceOf(address) view returns (uint256)',
    ]) as Abi;
    const found: Found = new Map();
    capabilitiesFromAbi(abi, found);
    const expected: Capability[] = [
      'blacklist',
      'maxTx',
      'maxWallet',
      'mint',
      'ownerTransferOthers',
      'setFees',
      'tradingToggle',
    ];
    expect(caps(found)).toEqual(expected.sort());
    expect([...(found.get('mint') ?? [])]).toEqual(['mintTokens() in ABI']);
    expect(found.has('pause')).toBe(false);
  });
});
