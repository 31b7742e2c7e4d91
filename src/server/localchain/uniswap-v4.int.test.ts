/**
 * Uniswap V4 on a real anvil: the npm artifacts deploy and work together (positions through the
 * PositionManager with Permit2, swaps through the Universal Router's V4_SWAP, native ETH as
 * currency0), the hooks land at addresses carrying their flags, and each dangerous hook does to a
 * trade what its name says.
 */
import pino from 'pino';
import { type Address, erc20Abi, parseEther, parseEventLogs, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeHook } from '../analysis/hook-verdict';
import { createLocalChainClients, type LocalChainClients } from '../chain/client';
import { readHookFacts } from '../facts/hooks/uniswap-v4-hook';
import { simulateHookPowers } from '../facts/hooks/uniswap-v4-hook-powers';
import { createUniswapV4Venue, poolHandle } from '../venues/uniswap-v4';
import { DYNAMIC_FEE_FLAG, hookFlags, type PoolKey, poolIdOf } from '../venues/uniswap-v4-pool-key';
import { priceInQuote } from '../venues/venue';
import { type AnvilProcess, startAnvil } from './anvil';
import {
  OwnerFeeHook,
  PoolManager,
  PositionManager,
  ScenarioToken,
  SellBlockHook,
  StateView,
  V3PositionLocker,
} from './artifacts/generated';
import { type CoreAddresses, deployContract, deployCore } from './deploy';
import {
  approveThroughPermit2,
  decreasePosition,
  deployHook,
  deployUniswapV4,
  initializePool,
  mintPosition,
  SCENARIO_HOOKS,
  type ScenarioHookName,
  swapExactIn,
  type UniswapV4Addresses,
} from './uniswap-v4';

const log = pino({ level: 'silent' });
const DEPLOYER: Address = '0x00000000000000000000000000000000000d3910';
const DEV: Address = '0x0000000000000000000000000000000000000de7';
const ALICE: Address = '0x00000000000000000000000000000000000a11ce';
/** 1 token = 0.0001 ETH: sqrt(1/10000) * 2^96 for an ETH(currency0)/token(currency1) pool → token per ETH 10000. */
const SQRT_PRICE_10000 = 79228162514264337593543950336n * 100n;
const FULL_RANGE = [-887220, 887220] as const;

let anvil: AnvilProcess;
let chain: LocalChainClients;
let core: CoreAddresses;
let v4: UniswapV4Addresses;
const hooks = {} as Record<ScenarioHookName, Address>;

async function launch(
  symbol: string,
  hook: Address,
  dynamic: boolean,
): Promise<{ token: Address; key: PoolKey }> {
  const token = await deployContract(
    chain,
    ScenarioToken,
    [symbol, symbol, 18, parseEther('1000000000'), DEV],
    DEV,
  );
  const key: PoolKey = {
    currency0: zeroAddress,
    currency1: token.toLowerCase() as Address,
    fee: dynamic ? DYNAMIC_FEE_FLAG : 3000,
    tickSpacing: 60,
    hooks: hook,
  };
  await initializePool(chain, v4, DEV, key, SQRT_PRICE_10000);
  await approveThroughPermit2(chain, DEV, token, v4.positionManager);
  await mintPosition(chain, v4, DEV, {
    key,
    tickLower: FULL_RANGE[0],
    tickUpper: FULL_RANGE[1],
    liquidity: parseEther('1000'),
    amount0Max: parseEther('20'),
    amount1Max: parseEther('200000'),
    recipient: DEV,
  });
  await approveThroughPermit2(chain, ALICE, token, v4.universalRouter);
  return { token, key };
}

const balanceOf = (token: Address, who: Address) =>
  chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const ethOf = (who: Address) => chain.public.getBalance({ address: who });

beforeAll(async () => {
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  for (const address of [DEPLOYER, DEV, ALICE])
    await chain.test.setBalance({ address, value: parseEther('1000') });
  core = await deployCore(chain, { deployer: DEPLOYER, log });
  v4 = await deployUniswapV4(chain, {
    deployer: DEPLOYER,
    weth: core.weth,
    v2Factory: core.factory,
    v3Factory: core.uniswapV3.factory,
    v3PositionManager: core.uniswapV3.positionManager,
  });
  for (const name of Object.keys(SCENARIO_HOOKS) as ScenarioHookName[])
    hooks[name] = await deployHook(chain, name, {
      deployer: DEPLOYER,
      owner: DEV,
      poolManager: v4.poolManager,
    });
}, 120_000);

afterAll(async () => {
  await anvil?.stop({ save: false });
});

describe('Uniswap V4 deployment', () => {
  it('puts every hook at an address whose low bits are its flags', async () => {
    for (const [name, artifact] of Object.entries(SCENARIO_HOOKS)) {
      const address = hooks[name as ScenarioHookName];
      expect(address.toLowerCase()).toBe(artifact.hook.address);
      expect(hookFlags(address)).toBe(artifact.hook.flags);
      expect(await chain.public.getCode({ address })).not.toBe('0x');
    }
  });

  it('trades an ETH-paired no-hook pool through the Universal Router, both ways', async () => {
    const { token, key } = await launch('PLAIN4', zeroAddress, false);
    const [slot0] = await chain.public.readContract({
      address: v4.stateView,
      abi: StateView.abi,
      functionName: 'getSlot0',
      args: [poolIdOf(key)],
    });
    expect(slot0).toBe(SQRT_PRICE_10000);

    const buy = await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.1') });
    const swaps = parseEventLogs({ abi: PoolManager.abi, eventName: 'Swap', logs: buy.logs });
    expect(swaps).toHaveLength(1);
    expect(swaps[0]?.args.id).toBe(poolIdOf(key));
    const got = await balanceOf(token, ALICE);
    // ~1000 tokens for 0.1 ETH at 10000/ETH, less the 0.3% fee and ~1% impact (10 ETH deep).
    expect(got).toBeGreaterThan(parseEther('980'));
    expect(got).toBeLessThan(parseEther('997'));

    const before = await ethOf(ALICE);
    await swapExactIn(chain, v4, ALICE, { key, zeroForOne: false, amountIn: got });
    expect(await ethOf(ALICE)).toBeGreaterThan(before + parseEther('0.098'));
  });

  it('NoOp hook: buys pass, a sell gives nothing back and the hook keeps the tokens', async () => {
    const { token, key } = await launch('NOOP4', hooks.noOp, false);
    await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.1') });
    const got = await balanceOf(token, ALICE);
    expect(got).toBeGreaterThan(0n);
    const before = await ethOf(ALICE);
    const sell = await swapExactIn(chain, v4, ALICE, { key, zeroForOne: false, amountIn: got });
    expect(await balanceOf(token, ALICE)).toBe(0n);
    // Only gas was spent: no ETH came back.
    expect(await ethOf(ALICE)).toBeLessThanOrEqual(before);
    expect(parseEventLogs({ abi: PoolManager.abi, eventName: 'Transfer', logs: sell.logs }).length).toBe(1);
  });

  it('owner-fee hook: at 100% a buy returns no tokens', async () => {
    const { token, key } = await launch('FEE4', hooks.ownerFee, true);
    await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.01') });
    expect(await balanceOf(token, ALICE)).toBeGreaterThan(0n);
    const hash = await chain.wallet.writeContract({
      account: DEV,
      chain: chain.chain,
      address: hooks.ownerFee,
      abi: OwnerFeeHook.abi,
      functionName: 'setFee',
      args: [1_000_000],
    });
    await chain.public.waitForTransactionReceipt({ hash });
    const before = await balanceOf(token, ALICE);
    await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.01') });
    expect(await balanceOf(token, ALICE)).toBe(before);
  });

  it('sell-block hook: once armed, buys pass and sells revert', async () => {
    const { token, key } = await launch('BLOCK4', hooks.sellBlock, false);
    const hash = await chain.wallet.writeContract({
      account: DEV,
      chain: chain.chain,
      address: hooks.sellBlock,
      abi: SellBlockHook.abi,
      functionName: 'setArmed',
      args: [true],
    });
    await chain.public.waitForTransactionReceipt({ hash });
    await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.01') });
    const got = await balanceOf(token, ALICE);
    expect(got).toBeGreaterThan(0n);
    await expect(swapExactIn(chain, v4, ALICE, { key, zeroForOne: false, amountIn: got })).rejects.toThrow();
  });

  it('static, decaying and proxied fee hooks trade; a full withdrawal empties the position', async () => {
    for (const name of ['staticFee', 'decayingFee', 'proxy'] as const) {
      const { token, key } = await launch(`${name}4`, hooks[name], true);
      await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.01') });
      expect(await balanceOf(token, ALICE)).toBeGreaterThan(0n);
    }
    const { key } = await launch('DRAIN4', zeroAddress, false);
    const id = await mintPosition(chain, v4, DEV, {
      key,
      tickLower: FULL_RANGE[0],
      tickUpper: FULL_RANGE[1],
      liquidity: parseEther('10'),
      amount0Max: parseEther('1'),
      amount1Max: parseEther('10000'),
      recipient: DEV,
    });
    const r = await decreasePosition(chain, v4, DEV, { key, tokenId: id, liquidity: parseEther('10') });
    const mods = parseEventLogs({ abi: PoolManager.abi, eventName: 'ModifyLiquidity', logs: r.logs });
    expect(mods[0]?.args.liquidityDelta).toBe(-parseEther('10'));
  });
});

describe('Uniswap V4 venue', () => {
  it('finds an ETH-paired V4-only pool, prices it at slot0 and quotes what a swap gets', async () => {
    const { token, key } = await launch('VENUE4', zeroAddress, false);
    const venue = createUniswapV4Venue(
      { ...v4, positionLockers: [core.uniswapV3.positionLocker] },
      core.weth,
    );
    const refs = await venue.discoverPools(chain.public, token, [core.weth]);
    expect(refs).toHaveLength(1);
    expect(refs[0]?.pool).toBe(poolHandle(poolIdOf(key)));
    expect(refs[0]?.v4?.key.currency0).toBe(zeroAddress);

    const [state] = await venue.readPools(chain.public, token, refs, { deployer: DEV });
    if (!state) throw new Error('no pool state');
    expect(state.quote).toBe(core.weth.toLowerCase());
    // 10000 tokens per ETH: 0.0001 ETH a token.
    expect(priceInQuote(state, 18, 18)).toBeCloseTo(0.0001, 10);
    // Full-range liquidity 1000 at sqrtP 100: 10 ETH and 100000 tokens.
    expect(Number(state.quoteReserve) / 1e18).toBeCloseTo(10, 6);
    expect(Number(state.tokenReserve) / 1e18).toBeCloseTo(100_000, 2);
    expect(state.v4?.lpFee).toBe(3000);
    // As the index hands it over: the handle, no key. A fresh venue finds the key from the logs.
    const fresh = createUniswapV4Venue({ ...v4, positionLockers: [] }, core.weth);
    const { v4: _key, ...indexed } = refs[0] as NonNullable<(typeof refs)[0]>;
    const [again] = await fresh.readPools(chain.public, token, [indexed], { deployer: null });
    expect(again?.priceX192).toBe(state.priceX192);

    const target = {
      pair: state.pair,
      token,
      quote: state.quote,
      fee: state.fee,
      tokenReserve: 0n,
      quoteReserve: 0n,
    };
    const quoted = await venue.quote(chain.public, target, core.weth, parseEther('0.05'));
    const before = await balanceOf(token, ALICE);
    await swapExactIn(chain, v4, ALICE, { key, zeroForOne: true, amountIn: parseEther('0.05') });
    expect(quoted).toBe((await balanceOf(token, ALICE)) - before);
  });

  it('reads position NFTs: locked in the locker, burned, or kept by the deployer', async () => {
    const { token, key } = await launch('LOCK4', zeroAddress, false);
    const venue = createUniswapV4Venue(
      { ...v4, positionLockers: [core.uniswapV3.positionLocker] },
      core.weth,
    );
    const [ref] = await venue.discoverPools(chain.public, token, [core.weth]);
    if (!ref) throw new Error('no pool');
    // launch() minted position #n to DEV; mint two more: one burned (0x…dEaD), one kept.
    const mint = (recipient: Address) =>
      mintPosition(chain, v4, DEV, {
        key,
        tickLower: FULL_RANGE[0],
        tickUpper: FULL_RANGE[1],
        liquidity: parseEther('100'),
        amount0Max: parseEther('2'),
        amount1Max: parseEther('20000'),
        recipient,
      });
    const burned = await mint('0x000000000000000000000000000000000000dEaD');
    const kept = await mint(DEV);
    // A Clanker-style lock: the NFT handed to the locker until a date.
    const locked = await mint(DEV);
    const until = Math.floor(Date.now() / 1000) + 365 * 86_400;
    for (const [address, abi, functionName, args] of [
      [v4.positionManager, PositionManager.abi, 'approve', [core.uniswapV3.positionLocker, locked]],
      [
        core.uniswapV3.positionLocker,
        V3PositionLocker.abi,
        'lock',
        [v4.positionManager, locked, BigInt(until)],
      ],
    ] as const) {
      const hash = await chain.wallet.writeContract({
        account: DEV,
        chain: chain.chain,
        address,
        abi,
        functionName,
        args,
      } as never);
      await chain.public.waitForTransactionReceipt({ hash });
    }
    const [state] = await venue.readPools(chain.public, token, [ref], {
      deployer: DEV,
      positions: new Map([[ref.pool, [burned, kept, locked]]]),
    });
    expect(state?.lpTotalSupply).toBe(parseEther('300'));
    expect(state?.lpBurned).toBe(parseEther('100'));
    expect(state?.lpDeployer).toBe(parseEther('100'));
    expect(state?.lpLocked).toBe(parseEther('100'));
    expect(state?.lockUnlockTime).toBe(until);
  });

  it('quotes through the hook: the NoOp buy quotes tokens, its sell quotes zero', async () => {
    const venue = createUniswapV4Venue({ ...v4, positionLockers: [] }, core.weth);
    const noop = await launch('QNOOP4', hooks.noOp, false);
    const [ref] = await venue.discoverPools(chain.public, noop.token, [core.weth]);
    if (!ref) throw new Error('no pool');
    const target = {
      pair: ref.pool,
      token: noop.token,
      quote: core.weth,
      fee: null,
      tokenReserve: 0n,
      quoteReserve: 0n,
    };
    expect(await venue.quote(chain.public, target, core.weth, parseEther('0.01'))).toBeGreaterThan(0n);
    expect(await venue.quote(chain.public, target, noop.token, parseEther('100'))).toBe(0n);
  });
});

describe('hook verdict', () => {
  /** Reads, simulates and judges the hook of `key` for `token` as the report would. */
  async function verdictOf(token: Address, key: PoolKey) {
    const [sqrtP] = await chain.public.readContract({
      address: v4.stateView,
      abi: StateView.abi,
      functionName: 'getSlot0',
      args: [poolIdOf(key)],
    });
    const buyAmount = parseEther('0.001');
    const facts = await readHookFacts(
      chain.public,
      v4.v4Quoter,
      key,
      token,
      { amounts: [buyAmount], typical: 0 },
      sqrtP,
    );
    const caller = facts.proxy?.admin ?? facts.owner;
    const code = await chain.public.getCode({ address: facts.proxy?.implementation ?? key.hooks });
    const sim =
      caller && code && caller !== zeroAddress
        ? await simulateHookPowers(chain.public, { quoter: v4.v4Quoter, key, token, caller, code, buyAmount })
        : null;
    return judgeHook(facts, sim);
  }

  it('NoOp hook: a honeypot that keeps the sell, its permissions named in words', async () => {
    const noop = await launch('VNOOP4', hooks.noOp, false);
    const v = await verdictOf(noop.token, noop.key);
    expect(v.honeypot).toBe(true);
    expect(v.honeypotReason).toMatch(/keeps the tokens you sell/);
    expect(v.permissions.map((p) => p.name)).toEqual(['beforeSwap', 'beforeSwapReturnDelta']);
    expect(v.evidence.join(' ')).toMatch(/can change the price you get/);
    expect(v.level).toBe('dangerous');
  });

  it('owner-fee hook: trades fine today, the owner can raise the fee to 100% — failed owner-power check', async () => {
    const { token, key } = await launch('VFEE4', hooks.ownerFee, true);
    // The module-level ownerFee hook was raised to 100% earlier in this file: lower it back first.
    const hash = await chain.wallet.writeContract({
      account: DEV,
      chain: chain.chain,
      address: hooks.ownerFee,
      abi: OwnerFeeHook.abi,
      functionName: 'setFee',
      args: [3000],
    });
    await chain.public.waitForTransactionReceipt({ hash });
    const v = await verdictOf(token, key);
    expect(v.honeypot).toBe(false);
    expect(v.buyFeePct).toBeGreaterThan(0.2);
    expect(v.buyFeePct).toBeLessThan(0.5);
    expect(v.ownerPowers?.status).toBe('failed');
    expect(v.ownerPowers?.canMakeHoneypot).toBe(true);
    expect(v.ownerPowers?.powers.join(' ')).toMatch(/100% in pips\) makes the hook keep what buyers pay in/);
    expect(v.level).toBe('dangerous');
  });

  it('sell-block hook: disarmed, the owner can arm it (failed check); armed, it is a honeypot', async () => {
    const { token, key } = await launch('VBLOCK4', hooks.sellBlock, false);
    const disarm = await chain.wallet.writeContract({
      account: DEV,
      chain: chain.chain,
      address: hooks.sellBlock,
      abi: SellBlockHook.abi,
      functionName: 'setArmed',
      args: [false],
    });
    await chain.public.waitForTransactionReceipt({ hash: disarm });
    const calm = await verdictOf(token, key);
    expect(calm.honeypot).toBe(false);
    expect(calm.ownerPowers?.status).toBe('failed');
    expect(calm.ownerPowers?.powers.join(' ')).toMatch(/makes every sell revert/);
    const arm = await chain.wallet.writeContract({
      account: DEV,
      chain: chain.chain,
      address: hooks.sellBlock,
      abi: SellBlockHook.abi,
      functionName: 'setArmed',
      args: [true],
    });
    await chain.public.waitForTransactionReceipt({ hash: arm });
    const armed = await verdictOf(token, key);
    expect(armed.honeypot).toBe(true);
    expect(armed.honeypotReason).toMatch(/every sell revert/);
  });

  it('upgradeable proxy hook: names the proxy and its admin, fails the owner-power check', async () => {
    const { token, key } = await launch('VPROXY4', hooks.proxy, true);
    const v = await verdictOf(token, key);
    expect(v.honeypot).toBe(false);
    expect(v.upgradeable?.admin).toBe(DEV.toLowerCase());
    expect(v.ownerPowers?.status).toBe('failed');
    expect(v.evidence.join(' ')).toMatch(/can replace its code/);
  });

  it('Clanker-like static fee and Zora-like decaying fee are not honeypots; the decay is reported and graded now', async () => {
    const clank = await launch('VCLANK4', hooks.staticFee, true);
    const c = await verdictOf(clank.token, clank.key);
    expect(c.honeypot).toBe(false);
    expect(c.buyFeePct).toBeGreaterThan(0.9);
    expect(c.buyFeePct).toBeLessThan(1.3);
    expect(c.ownerPowers?.status).toBe('passed');

    const zora = await launch('VZORA4', hooks.decayingFee, true);
    const early = await verdictOf(zora.token, zora.key);
    expect(early.honeypot).toBe(false);
    expect(early.buyFeePct).toBeGreaterThan(90);
    expect(early.decayingTo).not.toBeNull();
    expect(early.decayingTo ?? 100).toBeLessThan(2);
    expect(early.evidence.join(' ')).toMatch(/decays/);
    await chain.test.increaseTime({ seconds: 3600 });
    await chain.test.mine({ blocks: 1 });
    const late = await verdictOf(zora.token, zora.key);
    expect(late.buyFeePct).toBeLessThan(1.3);
    expect(late.decayingTo).toBeNull();
  });
});
