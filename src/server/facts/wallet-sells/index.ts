/**
 * The holders' sells from their own wallets (wallet-sell.ts): one more eth_simulateV1, one block at
 * the buy's block, started before the main simulation so both leave in the same JSON-RPC batch (no
 * round trip of its own). Each holder sells a tenth of the balance the index holds for it; no code
 * is placed anywhere, only ETH for gas. Its failure only drops it (`results` all null).
 */
import { type Hex, numberToHex, type PublicClient } from 'viem';
import {
  BLOCK_SECONDS,
  MAX_WALLET_SELLERS,
  SIM_BLOCK_GAS,
  type SimBlock,
  type TradingSimulationInput,
  USER_FUNDS,
} from '../trade-simulation/probe';
import {
  readWalletSell,
  WALLET_SELL_CALLS,
  type WalletCall,
  type WalletCallResult,
  type WalletSellResult,
  walletExplainCall,
  walletSellable,
  walletSellCalls,
} from './wallet-sell';

export function sellFromWallets(
  client: PublicClient,
  input: TradingSimulationInput,
  holders: TradingSimulationInput['holders'],
  fee: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex },
): { sent: boolean; results: Promise<(WalletSellResult | null)[]> } {
  const sellers = holders
    .map((h, i) => ({ h, i, amount: (h.balance ?? 0n) / 10n }))
    .filter((x) => x.amount > 0n)
    .slice(0, MAX_WALLET_SELLERS);
  const none = holders.map(() => null);
  if (sellers.length === 0 || !walletSellable(input.route))
    return { sent: false, results: Promise.resolve(none) };
  const hexed = (c: WalletCall) => ({ ...c, gas: numberToHex(c.gas), ...fee });
  const calls = [
    ...sellers.flatMap(({ h, amount }) => walletSellCalls(input.route, h.address, amount).map(hexed)),
    ...sellers.map(({ h, amount }) => hexed(walletExplainCall(input.route, h.address, amount))),
  ];
  const block = input.block
    ? {
        number: numberToHex(input.block.number + 1n),
        time: numberToHex(input.block.timestamp + BLOCK_SECONDS),
        gasLimit: numberToHex(SIM_BLOCK_GAS),
      }
    : { gasLimit: numberToHex(SIM_BLOCK_GAS) };
  const results = (
    client.request({
      method: 'eth_simulateV1' as never,
      params: [
        {
          blockStateCalls: [
            {
              blockOverrides: block,
              // ETH for gas only: the wallet keeps no code, as a real holder's.
              stateOverrides: Object.fromEntries(
                sellers.map(({ h }) => [h.address, { balance: numberToHex(USER_FUNDS) }]),
              ),
              calls,
            },
          ],
          validation: true,
          traceTransfers: false,
        },
        input.block ? numberToHex(input.block.number) : 'latest',
      ] as never,
    }) as unknown as Promise<SimBlock[]>
  )
    .then((blocks) => {
      const got = (blocks ?? []).find((b) => b.calls?.length > 0)?.calls ?? [];
      const out: (WalletSellResult | null)[] = [...none];
      sellers.forEach(({ i, amount }, j) => {
        const slice = got.slice(j * WALLET_SELL_CALLS, (j + 1) * WALLET_SELL_CALLS) as WalletCallResult[];
        const explain = got[sellers.length * WALLET_SELL_CALLS + j] as WalletCallResult;
        out[i] =
          slice.length === WALLET_SELL_CALLS ? readWalletSell(input.route, amount, slice, explain) : null;
      });
      return out;
    })
    .catch(() => none);
  return { sent: true, results };
}
