/**
 * Aerodrome on the local chain, from its own sources (scripts/compile-aerodrome.mjs, ADR 0027):
 * classic — the forwarder, AERO, the Pool implementation and PoolFactory, the reward and gauge
 * factories, FactoryRegistry, VotingEscrow (its two libraries linked), Voter and Router — and
 * Slipstream — the CLPool implementation, two CLFactories as on Base (the newer takes the older as
 * its legacy factory), each with its NonfungiblePositionManager, SwapRouter and QuoterV2 — and a
 * CL gauge factory for the newer factory's pools (with the Minter the Voter needs for it).
 * Every Slipstream swap asks the Voter (gauges(pool), isAlive(gauge)), so the Voter is deployed even
 * where no gauge exists. Needs automine (deployContract waits for each receipt).
 */
import { type Abi, type Address, getContractAddress, type Hex } from 'viem';
import type { LocalChainClients } from '../chain/client';
import {
  Aero,
  AerodromeGaugeFactory,
  AerodromeMinter,
  AerodromePool,
  AerodromePoolFactory,
  AerodromeRouter,
  AerodromeVoter,
  BalanceLogicLibrary,
  CLFactory,
  CLGauge,
  CLGaugeFactory,
  CLPool,
  CLPositionManager,
  CLQuoterV2,
  CLSwapRouter,
  DelegationLogicLibrary,
  FactoryRegistry,
  ManagedRewardsFactory,
  ProtocolForwarder,
  VotingEscrow,
  VotingRewardsFactory,
} from './artifacts/aerodrome';
import { type ContractArtifact, deployContract } from './deploy';

/** One Slipstream factory and the periphery bound to it (pool addresses are computed per factory). */
export type SlipstreamDeployment = {
  factory: Address;
  positionManager: Address;
  swapRouter: Address;
  quoterV2: Address;
};

export type AerodromeAddresses = {
  forwarder: Address;
  aero: Address;
  poolImplementation: Address;
  poolFactory: Address;
  factoryRegistry: Address;
  votingEscrow: Address;
  voter: Address;
  router: Address;
  clPoolImplementation: Address;
  /** Oldest first, as Base has them: the original factory, then the newer one. */
  slipstream: SlipstreamDeployment[];
};

type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>;

/** Writes library addresses into creation code at the offsets solc reported (bytes). */
export function linkBytecode(bytecode: Hex, refs: LinkReferences, libraries: Record<string, Address>): Hex {
  let code = bytecode.slice(2);
  for (const file of Object.values(refs)) {
    for (const [name, spots] of Object.entries(file)) {
      const lib = libraries[name];
      if (!lib) throw new Error(`no address for library ${name}`);
      for (const { start, length } of spots)
        code = code.slice(0, start * 2) + lib.slice(2).toLowerCase() + code.slice((start + length) * 2);
    }
  }
  if (code.includes('__$')) throw new Error('bytecode still has unlinked library placeholders');
  return `0x${code}`;
}

async function send(
  chain: LocalChainClients,
  from: Address,
  address: Address,
  abi: Abi,
  fn: string,
  args: unknown[],
) {
  const hash = await chain.wallet.writeContract({
    account: from,
    chain: chain.chain,
    address,
    abi,
    functionName: fn,
    args,
  } as never);
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 60_000 });
  if (r.status !== 'success') throw new Error(`${fn} on ${address} reverted (tx ${hash})`);
}

const lc = (a: Address) => a.toLowerCase() as Address;
const ZERO = '0x0000000000000000000000000000000000000000' as Address;

export async function deployAerodrome(
  chain: LocalChainClients,
  opts: { deployer: Address; weth: Address },
): Promise<AerodromeAddresses> {
  const { deployer, weth } = opts;
  const d = <T extends Abi>(a: ContractArtifact<T>, args: unknown[]) =>
    deployContract(chain, a as ContractArtifact, args as never, deployer);

  const forwarder = await d(ProtocolForwarder, []);
  const aero = await d(Aero, []);
  const poolImplementation = await d(AerodromePool, []);
  const poolFactory = await d(AerodromePoolFactory, [poolImplementation]);
  const votingRewardsFactory = await d(VotingRewardsFactory, []);
  const gaugeFactory = await d(AerodromeGaugeFactory, []);
  const managedRewardsFactory = await d(ManagedRewardsFactory, []);
  const factoryRegistry = await d(FactoryRegistry, [
    poolFactory,
    votingRewardsFactory,
    gaugeFactory,
    managedRewardsFactory,
  ]);
  const balanceLogic = await d(BalanceLogicLibrary, []);
  const delegationLogic = await d(DelegationLogicLibrary, []);
  const escrowCode = linkBytecode(
    VotingEscrow.bytecode,
    VotingEscrow.linkReferences as unknown as LinkReferences,
    {
      BalanceLogicLibrary: balanceLogic,
      DelegationLogicLibrary: delegationLogic,
    },
  );
  const votingEscrow = await deployContract(
    chain,
    { contractName: 'VotingEscrow', abi: VotingEscrow.abi as Abi, bytecode: escrowCode },
    [forwarder, aero, factoryRegistry] as never,
    deployer,
  );
  const voter = await d(AerodromeVoter, [forwarder, votingEscrow, factoryRegistry]);
  // As Aerodrome's deploy script does: the escrow and the pool factory answer to the Voter.
  await send(chain, deployer, votingEscrow, VotingEscrow.abi as Abi, 'setVoterAndDistributor', [
    voter,
    deployer,
  ]);
  await send(chain, deployer, poolFactory, AerodromePoolFactory.abi as Abi, 'setVoter', [voter]);
  const router = await d(AerodromeRouter, [forwarder, factoryRegistry, poolFactory, voter, weth]);

  // Slipstream. The original factory on Base predates the legacy argument; this source always
  // asks its legacy factory whether a pool exists, so the older factory names itself (its own
  // address, known from the deployer's nonce) — it then answers "no pool elsewhere", as Base's does.
  const clPoolImplementation = await d(CLPool, []);
  const nonce = await chain.public.getTransactionCount({ address: deployer });
  const olderAt = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  const older = await d(CLFactory, [voter, olderAt, clPoolImplementation]);
  if (lc(older) !== lc(olderAt)) throw new Error('the older CLFactory did not land at its predicted address');
  const newer = await d(CLFactory, [voter, older, clPoolImplementation]);
  const slipstream: SlipstreamDeployment[] = [];
  for (const factory of [older, newer]) {
    const positionManager = await d(CLPositionManager, [
      factory,
      weth,
      ZERO,
      'Slipstream Position NFT v1',
      'AERO-CL-POS',
    ]);
    const swapRouter = await d(CLSwapRouter, [factory, weth]);
    const quoterV2 = await d(CLQuoterV2, [factory, weth]);
    slipstream.push({
      factory: lc(factory),
      positionManager: lc(positionManager),
      swapRouter: lc(swapRouter),
      quoterV2: lc(quoterV2),
    });
  }
  // A CL gauge for the newer factory's pools (the scenario stakes a Slipstream position in one).
  // The CL gauge factory asks the Voter for its Minter (and the Minter for AERO), so the Voter gets
  // a Minter, as on Base; emissions are never started. One NFT manager per gauge factory.
  const minter = await d(AerodromeMinter, [voter, votingEscrow, deployer]);
  await send(chain, deployer, voter, AerodromeVoter.abi as Abi, 'initialize', [[], minter]);
  const clGauge = await d(CLGauge, []);
  const clGaugeFactory = await d(CLGaugeFactory, [voter, clGauge, deployer, 100n, ZERO]);
  const gauged = slipstream[slipstream.length - 1] as SlipstreamDeployment;
  await send(chain, deployer, clGaugeFactory, CLGaugeFactory.abi as Abi, 'setNonfungiblePositionManager', [
    gauged.positionManager,
  ]);
  await send(chain, deployer, factoryRegistry, FactoryRegistry.abi as Abi, 'approve', [
    gauged.factory,
    votingRewardsFactory,
    clGaugeFactory,
  ]);
  return {
    forwarder: lc(forwarder),
    aero: lc(aero),
    poolImplementation: lc(poolImplementation),
    poolFactory: lc(poolFactory),
    factoryRegistry: lc(factoryRegistry),
    votingEscrow: lc(votingEscrow),
    voter: lc(voter),
    router: lc(router),
    clPoolImplementation: lc(clPoolImplementation),
    slipstream,
  };
}
