import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { Multicall3 } from '../artifacts/generated';
import { decodeAggregate3, encodeAggregate3 } from './market';

const A = '0x1111111111111111111111111111111111111111' as Address;
const B = '0x00000000000000000000000000000000000000ff' as Address;

describe('hand-encoded Multicall3.aggregate3', () => {
  it('encodes the same calldata as viem', () => {
    const calls = [
      { target: A, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [B] }) },
      { target: B, data: '0x0902f1ac' as Hex },
      { target: A, data: '0x' as Hex },
    ];
    const viem = encodeFunctionData({
      abi: Multicall3.abi,
      functionName: 'aggregate3',
      args: [calls.map((c) => ({ target: c.target, allowFailure: false, callData: c.data }))],
    });
    expect(encodeAggregate3(calls)).toBe(viem);
    const decoded = decodeFunctionData({ abi: Multicall3.abi, data: encodeAggregate3(calls) });
    expect(decoded.functionName).toBe('aggregate3');
  });

  it('decodes results as viem encodes them', () => {
    const results = [
      { success: true, returnData: encodeAbiParameters([{ type: 'uint256' }], [123n]) },
      { success: false, returnData: '0x' as Hex },
      { success: true, returnData: '0x0102030405' as Hex },
    ];
    const raw = encodeAbiParameters(
      [
        {
          type: 'tuple[]',
          components: [
            { name: 'success', type: 'bool' },
            { name: 'returnData', type: 'bytes' },
          ],
        },
      ],
      [results],
    );
    expect(decodeAggregate3(raw)).toEqual(results.map((r) => ({ success: r.success, data: r.returnData })));
  });
});
