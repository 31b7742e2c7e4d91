/**
 * Uniswap V4 on the local chain, from the npm packages' artifacts (the bytecode deployed on Base):
 * the PoolManager singleton, PositionManager (with its PositionDescriptor), StateView, V4Quoter,
 * Permit2 (its canonical runtime code at its canonical address, as v4-periphery's own tests place
 * it) and the Universal Router 2.0, plus the scenario's hooks at CREATE2 addresses whose low bits
 * are their permission flags (salts mined at build time, scripts/compile-contracts.mjs).
 *
 * Also the few pool operations the scenario and the tests need, done the way a user's wallet does
 * them: pools initialised on the PoolManager, positions minted through the PositionManager (Permit2
 * allowances, SETTLE_PAIR, SWEEP for native ETH), swaps through the Universal Router's V4_SWAP.
 */
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  maxUint48,
  maxUint160,
  maxUint256,
  parseEventLogs,
  stringToHex,
  type TransactionReceipt,
  zeroAddress,
} from 'viem';
import type { LocalChainClients } from '../chain/client';
import { NATIVE_CURRENCY, POOL_KEY_ABI, type PoolKey, poolIdOf } from '../venues/uniswap-v4-pool-key';
import {
  AuctionCurveHook,
  DecayingFeeHook,
  NoOpHook,
  OwnedLiquidityHook,
  OwnerFeeHook,
  Permit2,
  PoolManager,
  PositionDescriptor,
  PositionManager,
  ProxiedFeeHookV1,
  SellBlockHook,
  StateView,
  StaticFeeHook,
  UniversalRouter,
  V4HookProxy,
  V4Quoter,
} from './artifacts/generated';
import {
  type ContractArtifact,
  deployContract,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  UNISWAP_V3_POOL_INIT_CODE_HASH,
} from './deploy';

/** Canonical Permit2 (same address on every chain, Base included). */
export const PERMIT2_ADDRESS: Address = '0x000000000022d473030f116ddee9f6b43ac78ba3';
/** Arachnid's deterministic CREATE2 deployer, which anvil ships and Base has. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** Its runtime code, placed when a chain was started without it. */
const CREATE2_DEPLOYER_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';
/** PositionManager's gas limit for unsubscribe notifications, as deployed on Base. */
const UNSUBSCRIBE_GAS_LIMIT = 300_000n;
const RECEIPT_TIMEOUT_MS = 60_000;
const DEADLINE = 2n ** 48n;
const SWAP_GAS = 1_000_000n;

export type UniswapV4Addresses = {
  poolManager: Address;
  positionManager: Address;
  positionDescriptor: Address;
  stateView: Address;
  v4Quoter: Address;
  universalRouter: Address;
  permit2: Address;
};

/** Deploys (or places) one V4 contract, named by its role; returns where it is. */
export type V4Deploy = (
  artifact: ContractArtifact,
  args: readonly unknown[],
  role: Exclude<keyof UniswapV4Addresses, 'permit2'>,
) => Promise<Address>;

/** The scenario's hooks, each at the address its mined salt gives it. */
export const SCENARIO_HOOKS = {
  staticFee: StaticFeeHook,
  decayingFee: DecayingFeeHook,
  ownerFee: OwnerFeeHook,
  sellBlock: SellBlockHook,
  noOp: NoOpHook,
  proxy: V4HookProxy,
  /** Owns its pool's launch position in the PoolManager itself; nothing removes it (issue 35). */
  ownedLiquidity: OwnedLiquidityHook,
  /** Doppler-like auction: owns a one-sided token range, refuses sells above what it sold (issue 36). */
  auctionCurve: AuctionCurveHook,
} as const;
export type ScenarioHookName = keyof typeof SCENARIO_HOOKS;

async function waitOk(chain: LocalChainClients, hash: Hex, what: string): Promise<TransactionReceipt> {
  const receipt = await chain.public.waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
    timeout: RECEIPT_TIMEOUT_MS,
  });
  if (receipt.status !== 'success') throw new Error(`${what} failed (tx ${hash})`);
  return receipt;
}

async function send(
  chain: LocalChainClients,
  from: Address,
  to: Address,
  data: Hex,
  what: string,
  value = 0n,
  gas?: bigint,
): Promise<TransactionReceipt> {
  const hash = await chain.wallet.sendTransaction({
    account: from,
    chain: chain.chain,
    to,
    data,
    value,
    gas,
  });
  return waitOk(chain, hash, what);
}

/**
 * Uniswap V4 as on Base. `v2Factory` / `v3Factory` / `v3PositionManager` let the Universal Router
 * route V2 and V3 too (its RouterParameters), as the canonical one does.
 */
export async function deployUniswapV4(
  chain: LocalChainClients,
  opts: {
    deployer: Address;
    weth: Address;
    v2Factory: Address;
    v3Factory: Address;
    v3PositionManager: Address;
    /**
     * Where each contract goes: by default deployed by `deployer`; the Base replica places each at
     * its canonical Base address instead (and the later constructors then name those).
     */
    deploy?: V4Deploy;
  },
): Promise<UniswapV4Addresses> {
  const { deployer, weth } = opts;
  const deploy: V4Deploy =
    opts.deploy ?? ((artifact, args) => deployContract(chain, artifact, args as never, deployer));
  await chain.test.setCode({ address: PERMIT2_ADDRESS, bytecode: Permit2.deployedBytecode });
  const poolManager = await deploy(PoolManager as never, [deployer], 'poolManager');
  const positionDescriptor = await deploy(
    PositionDescriptor as never,
    [poolManager, weth, stringToHex('ETH', { size: 32 })],
    'positionDescriptor',
  );
  const positionManager = await deploy(
    PositionManager as never,
    [poolManager, PERMIT2_ADDRESS, UNSUBSCRIBE_GAS_LIMIT, positionDescriptor, weth],
    'positionManager',
  );
  const stateView = await deploy(StateView as never, [poolManager], 'stateView');
  const v4Quoter = await deploy(V4Quoter as never, [poolManager], 'v4Quoter');
  const universalRouter = await deploy(
    UniversalRouter as never,
    [
      {
        permit2: PERMIT2_ADDRESS,
        weth9: weth,
        v2Factory: opts.v2Factory,
        v3Factory: opts.v3Factory,
        pairInitCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
        poolInitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
        v4PoolManager: poolManager,
        v3NFTPositionManager: opts.v3PositionManager,
        v4PositionManager: positionManager,
      },
    ],
    'universalRouter',
  );
  const lc = (a: Address) => a.toLowerCase() as Address;
  return {
    poolManager: lc(poolManager),
    positionManager: lc(positionManager),
    positionDescriptor: lc(positionDescriptor),
    stateView: lc(stateView),
    v4Quoter: lc(v4Quoter),
    universalRouter: lc(universalRouter),
    permit2: PERMIT2_ADDRESS,
  };
}

/**
 * Puts a scenario hook at its mined address (CREATE2 through the deterministic deployer) and runs its
 * one-shot init. The proxy hook gets ProxiedFeeHookV1 as its logic (deployed plainly) and `owner` as
 * its admin. Returns the hook's address.
 */
export async function deployHook(
  chain: LocalChainClients,
  name: ScenarioHookName,
  opts: { deployer: Address; owner: Address; poolManager: Address },
): Promise<Address> {
  const artifact = SCENARIO_HOOKS[name];
  const code = await chain.public.getCode({ address: CREATE2_DEPLOYER });
  if (!code || code === '0x')
    await chain.test.setCode({ address: CREATE2_DEPLOYER, bytecode: CREATE2_DEPLOYER_CODE });
  await send(
    chain,
    opts.deployer,
    CREATE2_DEPLOYER,
    encodePacked(['bytes32', 'bytes'], [artifact.hook.salt, artifact.bytecode]),
    `CREATE2 ${artifact.contractName}`,
  );
  const hook = artifact.hook.address as Address;
  const initData = encodeFunctionData({
    abi: OwnerFeeHook.abi,
    functionName: 'init',
    args: [opts.poolManager, opts.owner],
  });
  if (name === 'proxy') {
    const logic = await deployContract(chain, ProxiedFeeHookV1, [], opts.deployer);
    await send(
      chain,
      opts.deployer,
      hook,
      encodeFunctionData({
        abi: V4HookProxy.abi,
        functionName: 'initProxy',
        args: [logic, opts.owner, initData],
      }),
      'V4HookProxy.initProxy',
    );
  } else {
    await send(chain, opts.deployer, hook, initData, `${artifact.contractName}.init`);
  }
  return hook;
}

/** PoolManager.initialize; returns the PoolId. */
export async function initializePool(
  chain: LocalChainClients,
  v4: UniswapV4Addresses,
  from: Address,
  key: PoolKey,
  sqrtPriceX96: bigint,
): Promise<Hex> {
  await send(
    chain,
    from,
    v4.poolManager,
    encodeFunctionData({ abi: PoolManager.abi, functionName: 'initialize', args: [key, sqrtPriceX96] }),
    'PoolManager.initialize',
  );
  return poolIdOf(key);
}

/** token → Permit2 → spender allowances, as the Uniswap interface sets them up once per token. */
export async function approveThroughPermit2(
  chain: LocalChainClients,
  from: Address,
  token: Address,
  spender: Address,
): Promise<void> {
  if (token === NATIVE_CURRENCY) return;
  await send(
    chain,
    from,
    token,
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, maxUint256] }),
    'approve Permit2',
  );
  await send(
    chain,
    from,
    PERMIT2_ADDRESS,
    encodeFunctionData({
      abi: Permit2.abi,
      functionName: 'approve',
      args: [token, spender, maxUint160, Number(maxUint48)],
    }),
    'Permit2.approve',
  );
}

const ACTIONS = {
  DECREASE_LIQUIDITY: 0x01,
  MINT_POSITION: 0x02,
  SWAP_EXACT_IN_SINGLE: 0x06,
  SETTLE_ALL: 0x0c,
  SETTLE_PAIR: 0x0d,
  TAKE_ALL: 0x0f,
  TAKE_PAIR: 0x11,
  SWEEP: 0x14,
} as const;
const V4_SWAP_COMMAND = 0x10;

const actionBytes = (actions: number[]): Hex =>
  `0x${actions.map((a) => a.toString(16).padStart(2, '0')).join('')}`;

export type MintPositionOptions = {
  key: PoolKey;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  amount0Max: bigint;
  amount1Max: bigint;
  recipient: Address;
};

/**
 * The PositionManager.modifyLiquidities calldata (and ETH value) of a mint for a sender `from`:
 * native ETH goes as msg.value and the unused part is swept back to it. Pure: the scenario's
 * history queues it, `mintPosition` sends it.
 */
export function encodeMintPosition(from: Address, opts: MintPositionOptions): { data: Hex; value: bigint } {
  const { key } = opts;
  const native = key.currency0 === NATIVE_CURRENCY;
  const actions = [ACTIONS.MINT_POSITION, ACTIONS.SETTLE_PAIR, ...(native ? [ACTIONS.SWEEP] : [])];
  const params: Hex[] = [
    encodeAbiParameters(
      [
        POOL_KEY_ABI,
        { type: 'int24' },
        { type: 'int24' },
        { type: 'uint256' },
        { type: 'uint128' },
        { type: 'uint128' },
        { type: 'address' },
        { type: 'bytes' },
      ],
      [
        key,
        opts.tickLower,
        opts.tickUpper,
        opts.liquidity,
        opts.amount0Max,
        opts.amount1Max,
        opts.recipient,
        '0x',
      ],
    ),
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [key.currency0, key.currency1]),
  ];
  if (native)
    params.push(encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [NATIVE_CURRENCY, from]));
  const unlockData = encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'bytes[]' }],
    [actionBytes(actions), params],
  );
  return {
    data: encodeFunctionData({
      abi: PositionManager.abi,
      functionName: 'modifyLiquidities',
      args: [unlockData, DEADLINE],
    }),
    value: native ? opts.amount0Max : 0n,
  };
}

/**
 * Mints a position NFT through the PositionManager for `liquidity` between the two ticks, paying at
 * most amount0Max/amount1Max. Returns the position's token id.
 */
export async function mintPosition(
  chain: LocalChainClients,
  v4: UniswapV4Addresses,
  from: Address,
  opts: MintPositionOptions,
): Promise<bigint> {
  const { data, value } = encodeMintPosition(from, opts);
  const receipt = await send(
    chain,
    from,
    v4.positionManager,
    data,
    'PositionManager.modifyLiquidities (mint)',
    value,
  );
  const transfer = parseEventLogs({
    abi: PositionManager.abi,
    eventName: 'Transfer',
    logs: receipt.logs,
  }).find((l) => l.address.toLowerCase() === v4.positionManager && l.args.from === zeroAddress);
  if (!transfer) throw new Error('PositionManager minted no position NFT');
  return transfer.args.id;
}

/** Removes `liquidity` from position `tokenId` and takes both currencies to `from` (a drain when it is all). */
export async function decreasePosition(
  chain: LocalChainClients,
  v4: UniswapV4Addresses,
  from: Address,
  opts: { key: PoolKey; tokenId: bigint; liquidity: bigint },
): Promise<TransactionReceipt> {
  const params: Hex[] = [
    encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }],
      [opts.tokenId, opts.liquidity, 0n, 0n, '0x'],
    ),
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
      [opts.key.currency0, opts.key.currency1, from],
    ),
  ];
  const unlockData = encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'bytes[]' }],
    [actionBytes([ACTIONS.DECREASE_LIQUIDITY, ACTIONS.TAKE_PAIR]), params],
  );
  return send(
    chain,
    from,
    v4.positionManager,
    encodeFunctionData({
      abi: PositionManager.abi,
      functionName: 'modifyLiquidities',
      args: [unlockData, DEADLINE],
    }),
    'PositionManager.modifyLiquidities (decrease)',
  );
}

/**
 * The calldata of an exact-input single-pool swap through the Universal Router (V4_SWAP with
 * SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL), as the Uniswap interface builds it. Pure: the venue's
 * probe route and the scenario's traders share it.
 */
export function encodeUniversalRouterSwap(opts: {
  key: PoolKey;
  zeroForOne: boolean;
  amountIn: bigint;
  minAmountOut: bigint;
}): Hex {
  const { key, zeroForOne } = opts;
  const [input, output] = zeroForOne ? [key.currency0, key.currency1] : [key.currency1, key.currency0];
  const swapParams = encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          { ...POOL_KEY_ABI, name: 'poolKey' },
          { name: 'zeroForOne', type: 'bool' },
          { name: 'amountIn', type: 'uint128' },
          { name: 'amountOutMinimum', type: 'uint128' },
          { name: 'hookData', type: 'bytes' },
        ],
      },
    ],
    [
      {
        poolKey: key,
        zeroForOne,
        amountIn: opts.amountIn,
        amountOutMinimum: opts.minAmountOut,
        hookData: '0x',
      },
    ],
  );
  const params: Hex[] = [
    swapParams,
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [input, opts.amountIn]),
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [output, opts.minAmountOut]),
  ];
  const v4Input = encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'bytes[]' }],
    [actionBytes([ACTIONS.SWAP_EXACT_IN_SINGLE, ACTIONS.SETTLE_ALL, ACTIONS.TAKE_ALL]), params],
  );
  return encodeFunctionData({
    abi: UniversalRouter.abi,
    functionName: 'execute',
    args: [actionBytes([V4_SWAP_COMMAND]), [v4Input], DEADLINE],
  });
}

/** A user's exact-input swap through the Universal Router (ERC-20 input needs approveThroughPermit2 first). */
export async function swapExactIn(
  chain: LocalChainClients,
  v4: UniswapV4Addresses,
  from: Address,
  opts: { key: PoolKey; zeroForOne: boolean; amountIn: bigint; minAmountOut?: bigint },
): Promise<TransactionReceipt> {
  const data = encodeUniversalRouterSwap({ ...opts, minAmountOut: opts.minAmountOut ?? 0n });
  const nativeIn = opts.zeroForOne && opts.key.currency0 === NATIVE_CURRENCY;
  return send(
    chain,
    from,
    v4.universalRouter,
    data,
    'UniversalRouter V4_SWAP',
    nativeIn ? opts.amountIn : 0n,
    // A fixed limit: the estimate can leave the token transfer at the end short (63/64 rule), seen
    // with the decaying-fee hook, whose path changes with the block time between estimate and block.
    SWAP_GAS,
  );
}
