/**
 * The local chain's faucet for the Gaming Arena's local test wallet (local mode only; the route
 * does not exist on Base). Nobody has a browser wallet on our own chain, so the page generates a
 * key in the browser and asks for a little FLAB and ETH here: real transfers from the scenario's
 * FLAB deployer (or, if it ran dry, its largest whale), mined on the local chain. A wallet that
 * already holds FLAB gets nothing more.
 */
import type { FastifyInstance } from 'fastify';
import { type Address, erc20Abi, formatUnits, parseEther, parseUnits } from 'viem';
import type { ScenarioManifest } from '../../../shared/scenario';
import { type FaucetResponse, faucetRequestSchema } from '../../../shared/wallet-auth';
import type { LocalChainClients } from '../../chain/client';
import { AppError, BadRequestError, ChainUnavailableError } from '../../errors';
import type { AppContext } from '../context';
import { parseWith } from '../http';

/** Whole FLAB a test wallet receives: enough to be a holder (the spec's threshold is > 0). */
export const FAUCET_FLAB = '1000';
/** ETH for a few transactions of its own. */
export const FAUCET_ETH = '0.01';

export function registerLocalFaucetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { manifest: ScenarioManifest },
): void {
  if (ctx.chain.mode !== 'local') return;
  const chain = ctx.chain as LocalChainClients;
  const flab = opts.manifest.tokens.FLAB as Address | undefined;
  // One transfer at a time: the source wallet's nonces stay in order.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => undefined);
    return run;
  };

  app.post(
    '/api/local/faucet',
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (req): Promise<FaucetResponse> => {
      const { address } = parseWith(faucetRequestSchema, req.body);
      if (/^0x0{40}$/.test(address))
        throw new BadRequestError('address must not be the zero address.', {
          field: 'address',
          reason: 'must not be the zero address',
        });
      if (!flab) throw new AppError('config_error', 'The local scenario has no FLAB token.', { status: 503 });
      return serial(async () => {
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
            const candidates = [opts.manifest.wallets.deployer, ...opts.manifest.wallets.flabWhales];
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
      });
    },
  );
}
