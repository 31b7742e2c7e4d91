/** A wallet's FLAB balance, read from chain (the Gaming Arena's and the wallet check's proof of holding). */
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  formatUnits,
  type PublicClient,
} from 'viem';
import { MESSAGES, type WalletVerification } from '../../shared/trader-tools';
import { AppError, ChainUnavailableError } from '../errors';

export type FlabBalance = { token: `0x${string}`; raw: bigint; decimals: number; whole: string };

/** FLAB balance of `wallet`, read from chain (balanceOf and decimals on the network's FLAB token). */
export async function readFlabBalance(
  client: PublicClient,
  token: `0x${string}` | null,
  wallet: `0x${string}`,
): Promise<FlabBalance> {
  if (!token)
    throw new AppError(
      'config_error',
      'FLAB verification is unavailable: the FLAB token address is not configured for this network (set FLAB_TOKEN_ADDRESS).',
      { status: 503 },
    );
  try {
    const [raw, decimals] = await Promise.all([
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [wallet],
      }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    if (typeof raw !== 'bigint' || typeof decimals !== 'number' || decimals < 0 || decimals > 36)
      throw new AppError(
        'not_erc20',
        `The configured FLAB address ${token} did not answer as an ERC-20 token.`,
        {
          status: 422,
        },
      );
    return { token, raw, decimals, whole: formatUnits(raw, decimals) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const notToken =
      e instanceof BaseError &&
      e.walk(
        (x) => x instanceof ContractFunctionZeroDataError || x instanceof ContractFunctionRevertedError,
      ) !== null;
    if (notToken)
      throw new AppError(
        'not_erc20',
        `The configured FLAB address ${token} is not an ERC-20 token on this chain (balanceOf failed).`,
        { status: 422, cause: e },
      );
    throw new ChainUnavailableError('Could not read the FLAB balance from the chain. Please try again.', e);
  }
}

/**
 * The wallet check's answer (GET /api/verify-wallet/:address, and the one a sign-in returns): the
 * wallet's FLAB balance read from chain, verified when it holds any.
 */
export async function verifyFlabHolder(
  client: PublicClient,
  token: `0x${string}` | null,
  wallet: `0x${string}`,
): Promise<WalletVerification> {
  const b = await readFlabBalance(client, token, wallet);
  const verified = b.raw > 0n;
  return {
    walletAddress: wallet,
    token: b.token,
    flabBalance: b.whole,
    flabBalanceRaw: b.raw.toString(),
    decimals: b.decimals,
    verified,
    message: verified ? MESSAGES.verified(b.whole) : MESSAGES.noFlab,
  };
}
