/**
 * Deployment helpers for the local chain: one typed `deployContract` over viem, and `deployCore`,
 * which puts up the shared infrastructure every scenario needs (WETH9, the Uniswap V2 factory and
 * router, Multicall3 at its canonical address, the LP locker). Sends go out as the given `from`
 * address; anvil runs with --auto-impersonate, so no keys are involved.
 */
import {
  type Abi,
  type Address,
  type ContractConstructorArgs,
  encodeDeployData,
  type Hex,
  keccak256,
  parseEther,
} from 'viem';
import { type LocalChainClients, MULTICALL3_ADDRESS } from '../chain/client';
import type { Logger } from '../logger';
import {
  LpLocker,
  Multicall3,
  NonfungiblePositionManager,
  QuoterV2,
  SwapRouter02,
  UniswapV2Factory,
  UniswapV2Pair,
  UniswapV2Router02,
  UniswapV3Factory,
  UniswapV3Pool,
  V3PositionLocker,
  WETH9,
} from './artifacts/generated';

/** What `deployContract` needs from a generated artifact. */
export type ContractArtifact<TAbi extends Abi = Abi> = {
  readonly contractName: string;
  readonly abi: TAbi;
  readonly bytecode: Hex;
};

export type CoreAddresses = {
  weth: Address;
  factory: Address;
  router: Address;
  multicall3: Address;
  locker: Address;
  uniswapV3: UniswapV3Addresses;
};

/** Uniswap V3 as deployed on Base, plus our locker for position NFTs. */
export type UniswapV3Addresses = {
  factory: Address;
  positionManager: Address;
  swapRouter02: Address;
  quoterV2: Address;
  /** V3PositionLocker: time-locks position NFTs (the V3 counterpart of LpLocker). */
  positionLocker: Address;
};

/**
 * keccak256 of the UniswapV3Pool creation code, as hard-coded in PoolAddress.POOL_INIT_CODE_HASH
 * (v3-periphery; the position manager, SwapRouter02 and QuoterV2 compute pool addresses with it).
 * The same value holds on Base.
 */
export const UNISWAP_V3_POOL_INIT_CODE_HASH: Hex =
  '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

/**
 * keccak256 of the UniswapV2Pair creation code, as hard-coded in UniswapV2Library.pairFor inside
 * the router (and on Base). The router finds pairs by CREATE2 with it, so the factory's pair code
 * must hash to exactly this or every swap through the router fails.
 */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';

/** A deployer below this balance is topped up (anvil_setBalance) before it sends. */
const MIN_DEPLOYER_BALANCE = parseEther('1');
const RECEIPT_TIMEOUT_MS = 60_000;

/**
 * Deploys `artifact` from `from` and returns the new contract's address once mined. Needs automine
 * (anvil's default); with automine off, mine the block yourself or this waits up to 60 s.
 */
export async function deployContract<const TAbi extends Abi>(
  chain: LocalChainClients,
  artifact: ContractArtifact<TAbi>,
  args: ContractConstructorArgs<TAbi>,
  from: Address,
): Promise<Address> {
  // A raw eth_getBalance: the public client batches getBalance through Multicall3, which a fresh
  // chain does not have yet.
  const balance = BigInt(await chain.public.request({ method: 'eth_getBalance', params: [from, 'latest'] }));
  if (balance < MIN_DEPLOYER_BALANCE)
    await chain.test.setBalance({ address: from, value: MIN_DEPLOYER_BALANCE });

  // viem cannot narrow the generic constructor args itself; the signature above already checked them.
  const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args } as Parameters<
    typeof encodeDeployData
  >[0]);
  const hash = await chain.wallet.sendTransaction({ account: from, chain: chain.chain, data });
  const receipt = await chain.public.waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
    timeout: RECEIPT_TIMEOUT_MS,
  });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`deploying ${artifact.contractName} from ${from} failed (tx ${hash} ${receipt.status})`);
  }
  return receipt.contractAddress;
}

/**
 * Throws unless the shipped Uniswap artifacts agree with each other: the pair creation code hashes
 * to the router's hard-coded init-code hash, and the factory deploys that same pair code.
 */
export function assertUniswapArtifactsConsistent(): void {
  const pairHash = keccak256(UniswapV2Pair.bytecode);
  if (pairHash !== UNISWAP_V2_PAIR_INIT_CODE_HASH) {
    throw new Error(
      `UniswapV2Pair creation code hashes to ${pairHash}, but the router expects ${UNISWAP_V2_PAIR_INIT_CODE_HASH}: swaps would fail`,
    );
  }
  if (!UniswapV2Router02.deployedBytecode.includes(UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2))) {
    throw new Error('UniswapV2Router02 does not embed the expected pair init-code hash');
  }
  if (!UniswapV2Factory.bytecode.includes(UniswapV2Pair.bytecode.slice(2))) {
    throw new Error('UniswapV2Factory does not deploy the UniswapV2Pair creation code it was shipped with');
  }
  const poolHash = keccak256(UniswapV3Pool.bytecode);
  if (poolHash !== UNISWAP_V3_POOL_INIT_CODE_HASH) {
    throw new Error(
      `UniswapV3Pool creation code hashes to ${poolHash}, but the periphery expects ${UNISWAP_V3_POOL_INIT_CODE_HASH}`,
    );
  }
  if (!UniswapV3Factory.bytecode.includes(UniswapV3Pool.bytecode.slice(2))) {
    throw new Error('UniswapV3Factory does not deploy the UniswapV3Pool creation code it was shipped with');
  }
  for (const a of [NonfungiblePositionManager, SwapRouter02, QuoterV2]) {
    if (!a.deployedBytecode.includes(UNISWAP_V3_POOL_INIT_CODE_HASH.slice(2)))
      throw new Error(`${a.contractName} does not embed the expected V3 pool init-code hash`);
  }
}

/**
 * Uniswap V3 from the npm packages' artifacts: the factory (which deploys pools and enables the
 * 0.05%, 0.3% and 1% tiers; we add 0.01% as Base has it), the NonfungiblePositionManager, QuoterV2
 * and SwapRouter02 (which also routes V2), plus our V3PositionLocker. The position manager's token
 * descriptor is the zero address: tokenURI() reverts, nothing else needs it (we never render NFT art).
 */
export async function deployUniswapV3(
  chain: LocalChainClients,
  opts: { deployer: Address; weth: Address; v2Factory: Address },
): Promise<UniswapV3Addresses> {
  const { deployer, weth, v2Factory } = opts;
  const factory = await deployContract(chain, UniswapV3Factory, [], deployer);
  // Base enabled the 1-bp tier (tick spacing 1) as mainnet did; the factory owner can do it.
  const hash = await chain.wallet.writeContract({
    account: deployer,
    chain: chain.chain,
    address: factory,
    abi: UniswapV3Factory.abi,
    functionName: 'enableFeeAmount',
    args: [100, 1],
  });
  await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: RECEIPT_TIMEOUT_MS });
  const zero = '0x0000000000000000000000000000000000000000' as Address;
  const positionManager = await deployContract(
    chain,
    NonfungiblePositionManager,
    [factory, weth, zero],
    deployer,
  );
  const quoterV2 = await deployContract(chain, QuoterV2, [factory, weth], deployer);
  const swapRouter02 = await deployContract(
    chain,
    SwapRouter02,
    [v2Factory, factory, positionManager, weth],
    deployer,
  );
  const positionLocker = await deployContract(chain, V3PositionLocker, [], deployer);
  const lc = (a: Address) => a.toLowerCase() as Address;
  return {
    factory: lc(factory),
    positionManager: lc(positionManager),
    swapRouter02: lc(swapRouter02),
    quoterV2: lc(quoterV2),
    positionLocker: lc(positionLocker),
  };
}

/**
 * Deploys the DEX and infrastructure a scenario builds on: WETH9, UniswapV2Factory (fee setter =
 * `deployer`), UniswapV2Router02, Multicall3 (runtime code placed at its canonical address, as on
 * Base; placed first, since the public client batches its reads through it), the LpLocker and
 * Uniswap V3 (deployUniswapV3).
 * Needs automine.
 */
export async function deployCore(
  chain: LocalChainClients,
  opts: { deployer: Address; log: Logger },
): Promise<CoreAddresses> {
  const { deployer, log } = opts;
  assertUniswapArtifactsConsistent();
  const started = Date.now();

  // Multicall3 first: the public client batches reads (even getBalance) through it.
  await chain.test.setCode({ address: MULTICALL3_ADDRESS, bytecode: Multicall3.deployedBytecode });
  const weth = await deployContract(chain, WETH9, [], deployer);
  const factory = await deployContract(chain, UniswapV2Factory, [deployer], deployer);
  const router = await deployContract(chain, UniswapV2Router02, [factory, weth], deployer);
  const locker = await deployContract(chain, LpLocker, [], deployer);
  const uniswapV3 = await deployUniswapV3(chain, { deployer, weth, v2Factory: factory });

  const core: CoreAddresses = { weth, factory, router, multicall3: MULTICALL3_ADDRESS, locker, uniswapV3 };
  log.info({ msg: 'core contracts deployed', ...core, duration_ms: Date.now() - started });
  return core;
}
