/**
 * Aerodrome on the Base replica (issue 27): the contracts the app reads sit at their canonical
 * Base addresses — classic PoolFactory, FactoryRegistry, Voter and Router, and every Slipstream
 * factory with its position manager, SwapRouter and QuoterV2 — placed by the replica's "deploy,
 * then transplant" (see build.ts). Everything is constructed with the canonical addresses as
 * arguments, so immutables name Base's contracts; the helpers nobody reads by address (the pool
 * implementations, VotingEscrow, AERO, the forwarder, reward factories) stay where they were
 * deployed. Then two tokens trade only there: a clean one on a classic volatile pool and a
 * honeypot on Slipstream (the newest factory).
 */
import { type Abi, type Address, erc20Abi, maxUint256, parseEther } from 'viem';
import { BASE_MAINNET } from '../chain/base-mainnet';
import type { LocalChainClients } from '../chain/client';
import { linkBytecode } from '../localchain/aerodrome-deploy';
import {
  Aero,
  AerodromeGaugeFactory,
  AerodromePool,
  AerodromePoolFactory,
  AerodromeRouter,
  AerodromeVoter,
  BalanceLogicLibrary,
  CLFactory,
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
} from '../localchain/artifacts/aerodrome';
import { type ContractArtifact, deployContract } from '../localchain/deploy';
import type { PlaceAt, Send } from './transplant';

export const REPLICA_AERODROME = BASE_MAINNET.aerodrome;

/** Puts Aerodrome at its Base addresses (needs WETH at its canonical address first). */
export async function placeAerodrome(
  chain: LocalChainClients,
  o: { placeAt: PlaceAt; send: Send; infra: Address; weth: Address },
): Promise<void> {
  const a = REPLICA_AERODROME;
  const { placeAt, send, infra, weth } = o;
  const d = (artifact: ContractArtifact, args: readonly unknown[]) =>
    deployContract(chain, artifact, args as never, infra);
  const art = (x: { contractName: string; abi: unknown; bytecode: string }) =>
    x as unknown as ContractArtifact;

  const forwarder = await d(art(ProtocolForwarder), []);
  const aero = await d(art(Aero), []);
  const poolImpl = await d(art(AerodromePool), []);
  await placeAt(art(AerodromePoolFactory), [poolImpl], a.poolFactory);
  const vrf = await d(art(VotingRewardsFactory), []);
  const gf = await d(art(AerodromeGaugeFactory), []);
  const mrf = await d(art(ManagedRewardsFactory), []);
  await placeAt(art(FactoryRegistry), [a.poolFactory, vrf, gf, mrf], a.factoryRegistry);
  const escrowCode = linkBytecode(VotingEscrow.bytecode, VotingEscrow.linkReferences as never, {
    BalanceLogicLibrary: await d(art(BalanceLogicLibrary), []),
    DelegationLogicLibrary: await d(art(DelegationLogicLibrary), []),
  });
  const escrow = await d(
    { contractName: 'VotingEscrow', abi: VotingEscrow.abi as Abi, bytecode: escrowCode },
    [forwarder, aero, a.factoryRegistry],
  );
  await placeAt(art(AerodromeVoter), [forwarder, escrow, a.factoryRegistry], a.voter);
  await send(infra, escrow, VotingEscrow.abi as Abi, 'setVoterAndDistributor', [a.voter, infra]);
  await send(infra, a.poolFactory, AerodromePoolFactory.abi as Abi, 'setVoter', [a.voter]);
  await placeAt(art(AerodromeRouter), [forwarder, a.factoryRegistry, a.poolFactory, a.voter, weth], a.router);

  const clImpl = await d(art(CLPool), []);
  const zero = '0x0000000000000000000000000000000000000000' as Address;
  for (const [i, s] of a.slipstream.entries()) {
    // The first factory names itself as its legacy factory (see localchain/aerodrome-deploy.ts).
    const legacy = i === 0 ? s.factory : (a.slipstream[i - 1]?.factory as Address);
    await placeAt(art(CLFactory), [a.voter, legacy, clImpl], s.factory);
    await placeAt(
      art(CLPositionManager),
      [s.factory, weth, zero, 'Slipstream Position NFT v1', 'AERO-CL-POS'],
      s.positionManager,
    );
    await placeAt(art(CLSwapRouter), [s.factory, weth], s.swapRouter);
    await placeAt(art(CLQuoterV2), [s.factory, weth], s.quoterV2);
  }
}

/** A classic volatile pool of `ethAmount` and `tokenAmount` through the canonical Router. */
export async function openAerodromeClassic(
  send: Send,
  o: { owner: Address; token: Address; tokenAmount: bigint; ethAmount: bigint },
): Promise<void> {
  const a = REPLICA_AERODROME;
  await send(o.owner, o.token, erc20Abi as Abi, 'approve', [a.router, maxUint256]);
  await send(
    o.owner,
    a.router,
    AerodromeRouter.abi as Abi,
    'addLiquidityETH',
    [o.token, false, o.tokenAmount, 0n, 0n, o.owner, 2n ** 40n],
    o.ethAmount,
  );
}

/** Buys `eth` of `token` through the canonical Router (classic) or the factory's SwapRouter. */
export function aerodromeBuy(
  send: Send,
  o: { who: Address; token: Address; eth: bigint; weth: Address; slipstream?: number; tickSpacing?: number },
) {
  const a = REPLICA_AERODROME;
  if (o.slipstream === undefined)
    return send(
      o.who,
      a.router,
      AerodromeRouter.abi as Abi,
      'swapExactETHForTokens',
      [0n, [{ from: o.weth, to: o.token, stable: false, factory: a.poolFactory }], o.who, 2n ** 40n],
      o.eth,
    );
  const s = a.slipstream[o.slipstream] as (typeof a.slipstream)[number];
  return send(
    o.who,
    s.swapRouter,
    CLSwapRouter.abi as Abi,
    'exactInputSingle',
    [
      {
        tokenIn: o.weth,
        tokenOut: o.token,
        tickSpacing: o.tickSpacing ?? 100,
        recipient: o.who,
        deadline: 2n ** 40n,
        amountIn: o.eth,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
    o.eth,
  );
}

/** A full-range Slipstream position creating the pool (tick spacing 100) on factory `i`. */
export async function openSlipstreamFullRange(
  send: Send,
  o: { i: number; owner: Address; token: Address; tokenAmount: bigint; ethAmount: bigint; weth: Address },
): Promise<void> {
  const s = REPLICA_AERODROME.slipstream[o.i] as (typeof REPLICA_AERODROME.slipstream)[number];
  const tokenIs0 = o.token.toLowerCase() < o.weth.toLowerCase();
  const [t0, t1] = tokenIs0 ? [o.token, o.weth] : [o.weth, o.token];
  const [x0, x1] = tokenIs0 ? [o.tokenAmount, o.ethAmount] : [o.ethAmount, o.tokenAmount];
  const edge = Math.floor(887_272 / 100) * 100;
  await send(o.owner, o.weth, parseAbiDeposit, 'deposit', [], o.ethAmount);
  for (const t of [o.weth, o.token])
    await send(o.owner, t, erc20Abi as Abi, 'approve', [s.positionManager, maxUint256]);
  await send(o.owner, s.positionManager, CLPositionManager.abi as Abi, 'mint', [
    {
      token0: t0,
      token1: t1,
      tickSpacing: 100,
      tickLower: -edge,
      tickUpper: edge,
      amount0Desired: x0,
      amount1Desired: x1,
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: o.owner,
      deadline: 2n ** 40n,
      sqrtPriceX96: isqrt((x1 << 192n) / x0),
    },
  ]);
}

const parseAbiDeposit = [
  { type: 'function', name: 'deposit', inputs: [], outputs: [], stateMutability: 'payable' },
] as const satisfies Abi;

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

export const REPLICA_AERO_ETH = { clean: parseEther('20'), honeypot: parseEther('10') } as const;
