/**
 * The local chain's faucet for the Gaming Arena's local test wallet (local mode only). Nobody has a
 * browser wallet on our own chain, so the page generates a key in the browser and asks for a little
 * FLAB and ETH: real transfers from the scenario's FLAB deployer (or, if it ran dry, its largest
 * whale), mined on the local chain. A wallet that already holds FLAB gets nothing more.
 */
import { type Address, erc20Abi, formatUnits, parseEther, parseUnits } from 'viem';
import type { ScenarioManifest } from '../../shared/scenario';
import type { FaucetResponse } from '../../shared/wallet-auth';
import type { LocalChainClients } from '../chain/client';
import { AppError, BadRequestError, ChainUnavailableError } from '../errors';

/** Whole FLAB a test wallet receives: enough to be a holder (the spec's threshold is > 0). */
export const FAUCET_FLAB = '1000';
/** ETH for a few transactions of its own. */
export const FAUCET_ETH = '0.01';

export type LocalFaucet = { fund(address: Address): Promise<FaucetResponse> };

export function createLocalFaucet(
  chain: LocalChainClients,
  manifest: ScenarioManifest,
  flab: Address,
): LocalFaucet {
  // One transfer at a time: the source wallet's nonces stay in order.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    fund: (address: Address): Promise<FaucetResponse> =>
      serial(async () => {
        try {
          const balanceOf = (who: Address) =>
            chain.public.readContract({
              address: flab,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [who],
            });
          const decimals = await chain.public.readContract({
            address: flab,
            abi: erc20Abi,
            functionName: 'decimals',
          });
          const amount = parseUnits(FAUCET_FLAB, decimals);
          // The faucet funds wallets: a contract may refuse ETH (or the tokens) and is no test wallet.
          const code = await chain.public.getCode({ address });
          if (code && code !== '0x')
            throw new BadRequestError('address must be a wallet, not a contract.', {
              field: 'address',
              reason: 'is a contract',
            });
          const held = await balanceOf(address);
          const transactions: `0x${string}`[] = [];
          let ethSent = 0n;
          let flabSent = 0n;
          if (held === 0n) {
            const candidates = [manifest.wallets.deployer, ...manifest.wallets.flabWhales];
            let source: Address | undefined;
            for (const c of candidates) {
              if ((await balanceOf(c)) >= amount) {
                source = c;
                break;
              }
            }
            if (!source)
              throw new AppError('config_error', 'The faucet wallets have no FLAB left to give.', {
                status: 503,
              });
            // anvil runs with --auto-impersonate: the scenario wallets send without keys. Real gas.
            const flabTx = await chain.wallet.writeContract({
              account: source,
              chain: chain.chain,
              address: flab,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [address, amount],
            });
            transactions.push(flabTx);
            flabSent = amount;
            const eth = parseEther(FAUCET_ETH);
            if ((await chain.public.getBalance({ address })) < eth) {
              const ethTx = await chain.wallet.sendTransaction({
                account: source,
                chain: chain.chain,
                to: address,
                value: eth,
              });
              transactions.push(ethTx);
              ethSent = eth;
            }
            for (const hash of transactions) {
              const r = await chain.public.waitForTransactionReceipt({ hash, timeout: 60_000 });
              if (r.status !== 'success')
                throw new AppError('internal', `The faucet transfer ${hash} reverted.`, { status: 502 });
            }
          }
          return {
            address,
            flabSent: formatUnits(flabSent, decimals),
            ethSent: ethSent.toString(),
            transactions,
            flabBalance: formatUnits(await balanceOf(address), decimals),
          };
        } catch (e) {
          if (e instanceof AppError) throw e;
          throw new ChainUnavailableError('The local chain did not accept the faucet transfer.', e);
        }
      }),
  };
}
