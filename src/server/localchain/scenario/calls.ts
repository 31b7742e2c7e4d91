/**
 * Queued contract calls and deployments, encoded against the contract's own ABI: the one shape
 * every scripted owner action, pool set-up and venue trade in the scenario takes. Nothing here
 * sends anything; the TxQueue mines what is queued at the next flush, in queue order.
 */
import { type Abi, type Address, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { GAS, type Market } from './market';

/** A compiled contract, as the generated artifacts export it. */
export type ContractArtifact = { abi: Abi | readonly unknown[]; bytecode: string };

export type CallOptions = {
  value?: bigint;
  /** Gas limit; a plain contract call's by default. */
  gas?: bigint;
  label: string;
  allowRevert?: boolean;
};

/** Queues `from` calling `fn(args)` on `to`. */
export function queueCall(
  m: Pick<Market, 'q'>,
  from: Address,
  to: Address,
  abi: Abi | readonly unknown[],
  fn: string,
  args: readonly unknown[],
  o: CallOptions,
): void {
  m.q.add({
    from,
    to,
    value: o.value,
    data: encodeFunctionData({ abi, functionName: fn, args } as never),
    gas: o.gas ?? GAS.call,
    label: o.label,
    allowRevert: o.allowRevert,
  });
}

/** Queues a deployment of `contract` with constructor `args`; returns the address it will have. */
export function queueDeploy(
  m: Pick<Market, 'q'>,
  owner: Address,
  contract: ContractArtifact,
  args: readonly unknown[] | undefined,
  label: string,
): Promise<Address> {
  const data = encodeDeployData({
    abi: contract.abi,
    bytecode: contract.bytecode as Hex,
    ...(args ? { args } : {}),
  } as never);
  return m.q.deploy(owner, data, label);
}
