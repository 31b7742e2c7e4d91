/**
 * The local-chain contracts against a real anvil: the Uniswap V2 core deployed by deployCore trades
 * through its router (so the pair init-code hash is right), the risky tokens behave as the scanner
 * expects, and the infrastructure (Multicall3, LpLocker, UUPS proxy, staking, lending) works.
 */
import pino from 'pino';
import {
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getCreate2Address,
  type Hex,
  keccak256,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseUnits,
  type TransactionReceipt,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalChainClients, type LocalChainClients, MULTICALL3_ADDRESS } from '../chain/client';
import { type AnvilProcess, startAnvil } from './anvil';
import {
  ERC1967Proxy,
  HoneypotToken,
  LendingPool,
  LpLocker,
  Multicall3,
  ScenarioToken,
  Stablecoin,
  StakingRewards,
  TaxToken,
  UniswapV2Factory,
  UniswapV2Pair,
  UniswapV2Router02,
  UpgradeableTokenV1,
  UpgradeableTokenV2,
  WETH9,
} from './artifacts/generated';
import { type CoreAddresses, deployContract, deployCore, UNISWAP_V2_PAIR_INIT_CODE_HASH } from './deploy';

const log = pino({ level: 'silent' });
const DAY = 86_400;
const DEADLINE = 2n ** 48n;
const WAD = 10n ** 18n;
const SUPPLY = parseEther('1000000');
type StakingAbi = typeof StakingRewards.abi;
type StakingWrite = ContractFunctionName<StakingAbi, 'nonpayable'>;
type PoolAbi = typeof LendingPool.abi;
type PoolWrite = ContractFunctionName<PoolAbi, 'nonpayable'>;
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

const DEPLOYER: Address = '0x00000000000000000000000000000000000d3910';
const DEV: Address = '0x0000000000000000000000000000000000000de7';
const ALICE: Address = '0x00000000000000000000000000000000000a11ce';
const BOB: Address = '0x0000000000000000000000000000000000000b0b';

let anvil: AnvilProcess;
let chain: LocalChainClients;
let core: CoreAddresses;

beforeAll(async () => {
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  for (const address of [DEPLOYER, DEV, ALICE, BOB])
    await chain.test.setBalance({ address, value: parseEther('1000') });
  core = await deployCore(chain, { deployer: DEPLOYER, log });
});

afterAll(async () => {
  await anvil?.stop({ save: false });
});

// ---- helpers ----

/** Waits for a sent transaction and insists it succeeded. */
async function mined(hash: Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await chain.public.waitForTransactionReceipt({ hash: await hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return receipt;
}

// A fixed gas limit: an estimate taken in one second can fall short when the transaction is mined
// in the next (interest accrual, for one, only runs when time has passed), which made a loaded CI
// machine see random out-of-gas reverts.
const as = (account: Address) => ({ account, chain: chain.chain, gas: 3_000_000n });

function approve(token: Address, owner: Address, spender: Address) {
  return mined(
    chain.wallet.writeContract({
      ...as(owner),
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, maxUint256],
    }),
  );
}

function transfer(token: Address, from: Address, to: Address, amount: bigint) {
  return mined(
    chain.wallet.writeContract({
      ...as(from),
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    }),
  );
}

const balanceOf = (token: Address, holder: Address) =>
  chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });

/** The pair's address as UniswapV2Library.pairFor computes it (CREATE2 with the init-code hash). */
function pairAddress(token: Address): Address {
  const [t0, t1] = token.toLowerCase() < core.weth.toLowerCase() ? [token, core.weth] : [core.weth, token];
  return getCreate2Address({
    from: core.factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  });
}

/** Opens a token/WETH pool through the router, as a launch does; the LP goes to `owner`. */
async function addPool(token: Address, owner: Address, tokens: bigint, eth: bigint): Promise<Address> {
  await approve(token, owner, core.router);
  await mined(
    chain.wallet.writeContract({
      ...as(owner),
      address: core.router,
      abi: UniswapV2Router02.abi,
      functionName: 'addLiquidityETH',
      args: [token, tokens, 0n, 0n, owner, DEADLINE],
      value: eth,
    }),
  );
  return chain.public.readContract({
    address: core.factory,
    abi: UniswapV2Factory.abi,
    functionName: 'getPair',
    args: [token, core.weth],
  });
}

async function quote(amountIn: bigint, path: Address[]): Promise<bigint> {
  const amounts = await chain.public.readContract({
    address: core.router,
    abi: UniswapV2Router02.abi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  });
  return amounts[amounts.length - 1] as bigint;
}

function buy(token: Address, buyer: Address, eth: bigint) {
  return mined(
    chain.wallet.writeContract({
      ...as(buyer),
      address: core.router,
      abi: UniswapV2Router02.abi,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [0n, [core.weth, token], buyer, DEADLINE],
      value: eth,
    }),
  );
}

const sellRequest = (token: Address, seller: Address, amount: bigint) =>
  ({
    ...as(seller),
    address: core.router,
    abi: UniswapV2Router02.abi,
    functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
    args: [amount, 0n, [token, core.weth], seller, DEADLINE],
  }) as const;

/** Sells through the router; returns the ETH received, net of the seller's gas. */
async function sell(token: Address, seller: Address, amount: bigint): Promise<bigint> {
  const before = await chain.public.getBalance({ address: seller });
  const receipt = await mined(chain.wallet.writeContract(sellRequest(token, seller, amount)));
  const after = await chain.public.getBalance({ address: seller });
  return after - before + receipt.gasUsed * receipt.effectiveGasPrice;
}

async function deployPlain(owner: Address, symbol: string): Promise<Address> {
  return deployContract(chain, ScenarioToken, [symbol, symbol, 18, SUPPLY, owner], owner);
}

async function timeTravel(seconds: number) {
  await chain.test.increaseTime({ seconds });
  await chain.test.mine({ blocks: 1 });
}

async function latestTimestamp(): Promise<bigint> {
  return (await chain.public.getBlock()).timestamp;
}

/** |a − b| ≤ b × tolerance (tolerance in parts per million). */
function expectClose(a: bigint, b: bigint, ppm = 1n) {
  const diff = a > b ? a - b : b - a;
  expect(diff * 1_000_000n <= (b < 0n ? -b : b) * ppm, `${a} ≈ ${b} (±${ppm} ppm)`).toBe(true);
}

// ---- tests ----

describe('core (deployCore)', () => {
  it('deploys WETH9, the Uniswap V2 factory and router, Multicall3 and the locker', async () => {
    for (const address of [core.weth, core.factory, core.router, core.locker]) {
      expect((await chain.public.getCode({ address }))?.length ?? 0).toBeGreaterThan(2);
    }
    expect(core.multicall3).toBe(MULTICALL3_ADDRESS);
    expect(await chain.public.getCode({ address: MULTICALL3_ADDRESS })).toBe(Multicall3.deployedBytecode);
    const [factory, weth, feeToSetter] = await Promise.all([
      chain.public.readContract({
        address: core.router,
        abi: UniswapV2Router02.abi,
        functionName: 'factory',
      }),
      chain.public.readContract({ address: core.router, abi: UniswapV2Router02.abi, functionName: 'WETH' }),
      chain.public.readContract({
        address: core.factory,
        abi: UniswapV2Factory.abi,
        functionName: 'feeToSetter',
      }),
    ]);
    expect(factory.toLowerCase()).toBe(core.factory.toLowerCase());
    expect(weth.toLowerCase()).toBe(core.weth.toLowerCase());
    expect(feeToSetter.toLowerCase()).toBe(DEPLOYER);
    expect(keccak256(UniswapV2Pair.bytecode)).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH);
  });
});

describe('Uniswap V2 through the router', () => {
  it('creates a ScenarioToken/WETH pair with addLiquidityETH, then buys and sells', async () => {
    const token = await deployPlain(DEV, 'PLN');
    const pair = await addPool(token, DEV, parseEther('500000'), parseEther('50'));
    // The factory deployed the pair where the router's hard-coded init-code hash says it is.
    expect(pair).toBe(pairAddress(token));
    const [r0, r1] = await chain.public.readContract({
      address: pair,
      abi: UniswapV2Pair.abi,
      functionName: 'getReserves',
    });
    expect([r0, r1].sort()).toEqual([parseEther('50'), parseEther('500000')].sort());

    const expectedTokens = await quote(parseEther('1'), [core.weth, token]);
    await buy(token, ALICE, parseEther('1'));
    const bought = await balanceOf(token, ALICE);
    expect(bought).toBe(expectedTokens);

    await approve(token, ALICE, core.router);
    const expectedEth = await quote(bought, [token, core.weth]);
    expect(await sell(token, ALICE, bought)).toBe(expectedEth);
    expect(await balanceOf(token, ALICE)).toBe(0n);
  });
});

describe('risky tokens', () => {
  it('TaxToken takes 5% of buys and 10% of sells for the owner; only the owner changes rates', async () => {
    const token = await deployContract(chain, TaxToken, ['Tax', 'TAX', SUPPLY, DEV, 500, 1000], DEV);
    const pair = pairAddress(token);
    await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: token,
        abi: TaxToken.abi,
        functionName: 'setPair',
        args: [pair, true],
      }),
    );
    expect(await addPool(token, DEV, parseEther('500000'), parseEther('50'))).toBe(pair);

    const devBefore = await balanceOf(token, DEV);
    const gross = await quote(parseEther('1'), [core.weth, token]);
    await buy(token, ALICE, parseEther('1'));
    const bought = await balanceOf(token, ALICE);
    expect(bought).toBe(gross - (gross * 500n) / 10_000n);
    expect((await balanceOf(token, DEV)) - devBefore).toBe((gross * 500n) / 10_000n);

    await approve(token, ALICE, core.router);
    const untaxed = await quote(bought, [token, core.weth]);
    const sellTax = (bought * 1000n) / 10_000n;
    const afterTax = await quote(bought - sellTax, [token, core.weth]);
    const received = await sell(token, ALICE, bought);
    expect(received).toBe(afterTax);
    // ~10% less than an untaxed sell (a little under 10%: the smaller sell moves the price less).
    const lossPpm = ((untaxed - received) * 1_000_000n) / untaxed;
    expect(lossPpm).toBeGreaterThan(95_000n);
    expect(lossPpm).toBeLessThanOrEqual(100_000n);

    await expect(
      chain.public.simulateContract({
        ...as(DEV),
        address: token,
        abi: TaxToken.abi,
        functionName: 'setTaxes',
        args: [9901, 0],
      }),
    ).rejects.toThrow(/Tax too high/);
    await expect(
      chain.public.simulateContract({
        ...as(ALICE),
        address: token,
        abi: TaxToken.abi,
        functionName: 'setTaxes',
        args: [0, 0],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
    const receipt = await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: token,
        abi: TaxToken.abi,
        functionName: 'setTaxes',
        args: [200, 2500],
      }),
    );
    const [event] = parseEventLogs({ abi: TaxToken.abi, eventName: 'TaxesUpdated', logs: receipt.logs });
    expect(event?.args).toEqual({ buyTaxBps: 200, sellTaxBps: 2500 });
    const read = (functionName: 'buyTaxBps' | 'sellTaxBps') =>
      chain.public.readContract({ address: token, abi: TaxToken.abi, functionName });
    expect([await read('buyTaxBps'), await read('sellTaxBps')]).toEqual([200, 2500]);
  });

  it('HoneypotToken: buys work, sells revert unless whitelisted', async () => {
    const token = await deployContract(chain, HoneypotToken, ['Honey', 'HONEY', SUPPLY, DEV], DEV);
    const pair = pairAddress(token);
    await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: token,
        abi: HoneypotToken.abi,
        functionName: 'setPair',
        args: [pair, true],
      }),
    );
    // The whitelisted owner can seed the pool.
    expect(await addPool(token, DEV, parseEther('500000'), parseEther('50'))).toBe(pair);

    await buy(token, BOB, parseEther('1'));
    const bought = await balanceOf(token, BOB);
    expect(bought).toBeGreaterThan(0n);

    await approve(token, BOB, core.router);
    // The router wraps the token's revert in its own message...
    await expect(chain.public.simulateContract(sellRequest(token, BOB, bought))).rejects.toThrow(
      /TransferHelper: TRANSFER_FROM_FAILED/,
    );
    // ...the token's own reason shows on a direct transfer into the pair.
    await expect(
      chain.public.simulateContract({
        ...as(BOB),
        address: token,
        abi: HoneypotToken.abi,
        functionName: 'transfer',
        args: [pair, bought],
      }),
    ).rejects.toThrow(/TRANSFER_FROM_FAILED: trading locked/);
    // Wallet-to-wallet transfers still work, which is what makes the trap look normal.
    await transfer(token, BOB, ALICE, 1n);

    await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: token,
        abi: HoneypotToken.abi,
        functionName: 'setWhitelist',
        args: [BOB, true],
      }),
    );
    expect(await sell(token, BOB, bought - 1n)).toBeGreaterThan(0n);
  });
});

describe('Multicall3', () => {
  it('serves chain.public.multicall (aggregate3) at the canonical address', async () => {
    const token = await deployPlain(DEV, 'MC');
    const results = await chain.public.multicall({
      contracts: [
        { address: token, abi: erc20Abi, functionName: 'totalSupply' },
        { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [DEV] },
        { address: MULTICALL3_ADDRESS, abi: Multicall3.abi, functionName: 'getEthBalance', args: [ALICE] },
        { address: MULTICALL3_ADDRESS, abi: Multicall3.abi, functionName: 'getChainId' },
        // An EOA has no code: the call "succeeds" with empty data, which cannot decode.
        { address: BOB, abi: erc20Abi, functionName: 'totalSupply' },
      ],
      allowFailure: true,
    });
    expect(results[0]).toEqual({ status: 'success', result: SUPPLY });
    expect(results[1]).toEqual({ status: 'success', result: SUPPLY });
    expect(results[2]).toEqual({
      status: 'success',
      result: await chain.public.getBalance({ address: ALICE }),
    });
    expect(results[3]).toEqual({ status: 'success', result: 8453n });
    expect(results[4]?.status).toBe('failure');

    // A failing call without allowFailure reverts the whole batch.
    const failing = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEV, 1n] });
    await expect(
      chain.public.simulateContract({
        ...as(ALICE),
        address: MULTICALL3_ADDRESS,
        abi: Multicall3.abi,
        functionName: 'aggregate3',
        args: [[{ target: token, allowFailure: false, callData: failing }]],
      }),
    ).rejects.toThrow(/Multicall3: call failed/);
  });
});

describe('LpLocker', () => {
  it('locks LP until the unlock time, can extend, and returns it to the owner only', async () => {
    const token = await deployPlain(DEV, 'LCK');
    const pair = await addPool(token, DEV, parseEther('100000'), parseEther('10'));
    const lp = await balanceOf(pair, DEV);
    const amount = lp / 2n;
    await approve(pair, DEV, core.locker);
    const now = await latestTimestamp();
    const unlock = now + BigInt(DAY);
    const lockedAmount = () =>
      chain.public.readContract({
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'lockedAmount',
        args: [pair],
      });
    const nextUnlockTime = () =>
      chain.public.readContract({
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'nextUnlockTime',
        args: [pair],
      });

    await expect(
      chain.public.simulateContract({
        ...as(DEV),
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'lock',
        args: [pair, amount, now - 1n],
      }),
    ).rejects.toThrow(/UnlockTimeNotInFuture/);

    const lockReceipt = await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'lock',
        args: [pair, amount, unlock],
      }),
    );
    const [locked] = parseEventLogs({ abi: LpLocker.abi, eventName: 'Locked', logs: lockReceipt.logs });
    expect(locked?.args).toMatchObject({ token: pair, owner: DEV, amount, unlockTime: unlock });
    const id = locked?.args.id as bigint;
    expect(
      await chain.public.readContract({ address: core.locker, abi: LpLocker.abi, functionName: 'lockCount' }),
    ).toBe(id + 1n);
    expect(
      await chain.public.readContract({
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'getLock',
        args: [id],
      }),
    ).toEqual([pair, DEV, amount, unlock, false]);
    expect(
      await chain.public.readContract({
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'locksOf',
        args: [pair],
      }),
    ).toEqual([id]);
    expect(await lockedAmount()).toBe(amount);
    expect(await nextUnlockTime()).toBe(unlock);
    expect(await balanceOf(pair, core.locker)).toBe(amount);

    const withdraw = (from: Address) =>
      chain.public.simulateContract({
        ...as(from),
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'withdraw',
        args: [id],
      });
    await expect(withdraw(DEV)).rejects.toThrow(/StillLocked/);

    const extendReceipt = await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: core.locker,
        abi: LpLocker.abi,
        functionName: 'extend',
        args: [id, unlock + BigInt(DAY)],
      }),
    );
    const [extended] = parseEventLogs({ abi: LpLocker.abi, eventName: 'Extended', logs: extendReceipt.logs });
    expect(extended?.args).toEqual({ id, unlockTime: unlock + BigInt(DAY) });
    expect(await nextUnlockTime()).toBe(unlock + BigInt(DAY));

    await timeTravel(DAY + 60);
    await expect(withdraw(DEV)).rejects.toThrow(/StillLocked/);
    await timeTravel(DAY);
    await expect(withdraw(BOB)).rejects.toThrow(/NotLockOwner/);

    const withdrawReceipt = await mined(chain.wallet.writeContract((await withdraw(DEV)).request));
    const [withdrawn] = parseEventLogs({
      abi: LpLocker.abi,
      eventName: 'Withdrawn',
      logs: withdrawReceipt.logs,
    });
    expect(withdrawn?.args).toEqual({ id, token: pair, owner: DEV, amount });
    expect(await balanceOf(pair, DEV)).toBe(lp);
    expect(await lockedAmount()).toBe(0n);
    expect(await nextUnlockTime()).toBe(0n);
    await expect(withdraw(DEV)).rejects.toThrow(/AlreadyWithdrawn/);
  });
});

describe('UpgradeableToken (UUPS behind ERC1967Proxy)', () => {
  it('upgrades V1 → V2 with upgradeToAndCall, keeping balances and adding the owner backdoor', async () => {
    const v1 = await deployContract(chain, UpgradeableTokenV1, [], DEV);
    const init = encodeFunctionData({
      abi: UpgradeableTokenV1.abi,
      functionName: 'initialize',
      args: ['Morph', 'MORPH', SUPPLY, DEV],
    });
    const proxy = await deployContract(chain, ERC1967Proxy, [v1, init], DEV);
    const version = () =>
      chain.public.readContract({ address: proxy, abi: UpgradeableTokenV2.abi, functionName: 'version' });
    const implementation = async () =>
      `0x${(await chain.public.getStorageAt({ address: proxy, slot: IMPLEMENTATION_SLOT }))?.slice(-40)}`;

    expect(await version()).toBe(1n);
    expect(await implementation()).toBe(v1.toLowerCase());
    expect(
      await chain.public.readContract({
        address: proxy,
        abi: UpgradeableTokenV1.abi,
        functionName: 'symbol',
      }),
    ).toBe('MORPH');
    await transfer(proxy, DEV, ALICE, parseEther('1000'));
    // The implementation itself cannot be initialised (and so cannot be taken over).
    await expect(
      chain.public.simulateContract({
        ...as(ALICE),
        address: v1,
        abi: UpgradeableTokenV1.abi,
        functionName: 'initialize',
        args: ['x', 'x', 1n, ALICE],
      }),
    ).rejects.toThrow(/InvalidInitialization/);

    const v2 = await deployContract(chain, UpgradeableTokenV2, [], DEV);
    await expect(
      chain.public.simulateContract({
        ...as(ALICE),
        address: proxy,
        abi: UpgradeableTokenV1.abi,
        functionName: 'upgradeToAndCall',
        args: [v2, '0x'],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
    const receipt = await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: proxy,
        abi: UpgradeableTokenV1.abi,
        functionName: 'upgradeToAndCall',
        args: [v2, '0x'],
      }),
    );
    const upgraded = parseEventLogs({
      abi: UpgradeableTokenV1.abi,
      eventName: 'Upgraded',
      logs: receipt.logs,
    });
    expect(upgraded.map((l) => l.args.implementation.toLowerCase())).toEqual([v2.toLowerCase()]);
    expect(await version()).toBe(2n);
    expect(await implementation()).toBe(v2.toLowerCase());
    expect(await balanceOf(proxy, ALICE)).toBe(parseEther('1000'));

    // The backdoor: the owner moves Alice's tokens without any approval.
    await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: proxy,
        abi: UpgradeableTokenV2.abi,
        functionName: 'adminTransfer',
        args: [ALICE, DEV, parseEther('1000')],
      }),
    );
    expect(await balanceOf(proxy, ALICE)).toBe(0n);
    expect(await balanceOf(proxy, DEV)).toBe(SUPPLY);
  });
});

describe('StakingRewards', () => {
  it('pays rewards pro rata to stake and time, via getReward and exit', async () => {
    const token = await deployPlain(DEV, 'STK');
    const staking = await deployContract(chain, StakingRewards, [token, token, DEV], DEV);
    const call = <const F extends StakingWrite>(
      from: Address,
      functionName: F,
      args: ContractFunctionArgs<StakingAbi, 'nonpayable', F>,
    ) =>
      mined(
        // viem cannot resolve its generics through this wrapper; the signature above is the check.
        chain.wallet.writeContract({
          ...as(from),
          address: staking,
          abi: StakingRewards.abi,
          functionName,
          args,
        } as never),
      );
    const earned = (user: Address) =>
      chain.public.readContract({
        address: staking,
        abi: StakingRewards.abi,
        functionName: 'earned',
        args: [user],
      });

    for (const user of [ALICE, BOB]) {
      await transfer(token, DEV, user, parseEther('100'));
      await approve(token, user, staking);
    }
    await call(ALICE, 'stake', [parseEther('100')]);
    await approve(token, DEV, staking);
    const notify = await mined(
      chain.wallet.writeContract({
        ...as(DEV),
        address: staking,
        abi: StakingRewards.abi,
        functionName: 'notifyRewardAmount',
        args: [parseEther('10000'), 10_000n],
      }),
    );
    const [added] = parseEventLogs({ abi: StakingRewards.abi, eventName: 'RewardAdded', logs: notify.logs });
    expect(added?.args).toEqual({ reward: parseEther('10000'), duration: 10_000n });
    const rate = await chain.public.readContract({
      address: staking,
      abi: StakingRewards.abi,
      functionName: 'rewardRate',
    });
    expect(rate).toBe(parseEther('1'));

    await timeTravel(100);
    // Alone in the pool, Alice earns the whole 1 token/s.
    const aliceEarly = await earned(ALICE);
    expect(aliceEarly).toBeGreaterThanOrEqual(parseEther('100'));
    expect(aliceEarly).toBeLessThanOrEqual(parseEther('105'));

    await call(BOB, 'stake', [parseEther('100')]);
    const [a0, b0] = [await earned(ALICE), await earned(BOB)];
    await timeTravel(1000);
    const [a1, b1] = [await earned(ALICE), await earned(BOB)];
    // Equal stakes: equal shares of the rate from here on.
    expectClose(a1 - a0, b1 - b0, 10_000n);
    expect(b1 - b0).toBeGreaterThanOrEqual(parseEther('500'));

    const before = await balanceOf(token, ALICE);
    const reward = await mined(
      chain.wallet.writeContract({
        ...as(ALICE),
        address: staking,
        abi: StakingRewards.abi,
        functionName: 'getReward',
      }),
    );
    const [paid] = parseEventLogs({ abi: StakingRewards.abi, eventName: 'RewardPaid', logs: reward.logs });
    expect(paid?.args.reward).toBeGreaterThanOrEqual(a1);
    expect((await balanceOf(token, ALICE)) - before).toBe(paid?.args.reward);

    const exit = await call(BOB, 'exit', []);
    const names = parseEventLogs({ abi: StakingRewards.abi, logs: exit.logs }).map((l) => l.eventName);
    expect(names).toEqual(['Withdrawn', 'RewardPaid']);
    expect(
      await chain.public.readContract({
        address: staking,
        abi: StakingRewards.abi,
        functionName: 'balanceOf',
        args: [BOB],
      }),
    ).toBe(0n);
    // Bob got his 100 back plus at least his half of 1,000 s of rewards.
    expect(await balanceOf(token, BOB)).toBeGreaterThanOrEqual(parseEther('600'));
  });
});

describe('LendingPool', () => {
  it('moves rates with utilisation, accrues interest, and enforces the 75% LTV', async () => {
    const usdc = await deployContract(chain, Stablecoin, ['USD Coin', 'USDC', 6, DEV], DEV);
    const pool = await deployContract(chain, LendingPool, [usdc, core.weth, DEV], DEV);
    const usd = (n: number) => parseUnits(String(n), 6);
    // viem cannot resolve its generics through these wrappers; their signatures are the check.
    const write = <const F extends PoolWrite>(
      from: Address,
      functionName: F,
      args: ContractFunctionArgs<PoolAbi, 'nonpayable', F>,
    ) =>
      mined(
        chain.wallet.writeContract({
          ...as(from),
          address: pool,
          abi: LendingPool.abi,
          functionName,
          args,
        } as never),
      );
    const rejects = <const F extends PoolWrite>(
      from: Address,
      functionName: F,
      args: ContractFunctionArgs<PoolAbi, 'nonpayable', F>,
    ) =>
      chain.public.simulateContract({
        ...as(from),
        address: pool,
        abi: LendingPool.abi,
        functionName,
        args,
      } as never);
    const view = async <const F extends ContractFunctionName<PoolAbi, 'view'>>(
      functionName: F,
      ...args: [] | [ContractFunctionArgs<PoolAbi, 'view', F>]
    ): Promise<bigint> =>
      (await chain.public.readContract({
        address: pool,
        abi: LendingPool.abi,
        functionName,
        args: args[0] ?? [],
      } as never)) as bigint;
    const mint = (to: Address, amount: bigint) =>
      mined(
        chain.wallet.writeContract({
          ...as(DEV),
          address: usdc,
          abi: Stablecoin.abi,
          functionName: 'mint',
          args: [to, amount],
        }),
      );

    await write(DEV, 'setCollateralPrice', [usd(3000)]);
    // Alice supplies 100k USDC; Bob posts 100 WETH (worth 300k, so up to 225k of debt).
    await mint(ALICE, usd(100_000));
    await approve(usdc, ALICE, pool);
    await write(ALICE, 'supply', [usd(100_000)]);
    await mined(
      chain.wallet.writeContract({
        ...as(BOB),
        address: core.weth,
        abi: WETH9.abi,
        functionName: 'deposit',
        value: parseEther('100'),
      }),
    );
    await approve(core.weth, BOB, pool);
    await write(BOB, 'depositCollateral', [parseEther('100')]);

    expect(await view('utilization')).toBe(0n);
    expect(await view('borrowRatePerYear')).toBe(WAD / 50n); // 2%
    expect(await view('supplyRatePerYear')).toBe(0n);

    await write(BOB, 'borrow', [usd(40_000)]);
    expect(await balanceOf(usdc, BOB)).toBe(usd(40_000));
    expectClose(await view('utilization'), (WAD * 40n) / 100n);
    expectClose(await view('borrowRatePerYear'), (WAD * 6n) / 100n); // 2% + 10% × 0.4
    expectClose(await view('supplyRatePerYear'), (WAD * 216n) / 10_000n); // 6% × 0.4 × 0.9

    await write(BOB, 'borrow', [usd(50_000)]);
    expectClose(await view('utilization'), (WAD * 90n) / 100n);
    expectClose(await view('borrowRatePerYear'), (WAD * 20n) / 100n); // 2% + 8% + 100% × 0.1 above the kink

    // Beyond the pool's cash, and beyond 75% of the collateral's value, borrowing fails.
    await expect(rejects(BOB, 'borrow', [usd(20_000)])).rejects.toThrow(/InsufficientLiquidity/);
    await write(DEV, 'setCollateralPrice', [usd(1000)]);
    await expect(rejects(BOB, 'borrow', [usd(1)])).rejects.toThrow(/InsufficientCollateral/);
    await expect(rejects(BOB, 'withdrawCollateral', [parseEther('1')])).rejects.toThrow(
      /InsufficientCollateral/,
    );
    await write(DEV, 'setCollateralPrice', [usd(3000)]);

    // A year at ~20%: Bob owes ~108k; suppliers earn 90% of the ~18k interest.
    const debt0 = await view('debtOf', [BOB]);
    await timeTravel(365 * DAY);
    const debt1 = await view('debtOf', [BOB]);
    expectClose(debt1, (debt0 * 120n) / 100n, 100n);
    expectClose(await view('totalBorrowed'), debt1, 1n);
    expectClose(await view('supplyBalanceOf', [ALICE]), usd(100_000) + ((debt1 - debt0) * 9n) / 10n, 100n);

    await mint(BOB, usd(20_000));
    await approve(usdc, BOB, pool);
    await write(BOB, 'repay', [maxUint256]);
    expect(await view('debtOf', [BOB])).toBe(0n);
    expect(await view('utilization')).toBe(0n);
    await write(BOB, 'withdrawCollateral', [parseEther('100')]);
    expect(await balanceOf(core.weth, BOB)).toBe(parseEther('100'));

    const supplied = await view('supplyBalanceOf', [ALICE]);
    await write(ALICE, 'withdraw', [maxUint256]);
    expect(await balanceOf(usdc, ALICE)).toBe(supplied);
    expect(supplied).toBeGreaterThan(usd(116_000));
  });
});
