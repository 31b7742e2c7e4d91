/** The chain-backed airdrop programme: the local staking pool's current reward period, read from chain. */
import { erc20Abi, type PublicClient, parseAbi, parseAbiItem } from 'viem';
import { ChainUnavailableError } from '../errors';
import type { ChainProgramme } from './catalogue';

const stakingReads = parseAbi([
  'function periodFinish() view returns (uint256)',
  'function rewardsToken() view returns (address)',
]);
const rewardAdded = parseAbiItem('event RewardAdded(uint256 reward, uint256 duration)');

/**
 * The staking pool's current reward period: end = periodFinish(), start = end − duration and the
 * reward of its latest RewardAdded event, in whole reward tokens. Null when none was ever funded.
 */
export async function readStakingProgramme(
  client: PublicClient,
  staking: `0x${string}`,
): Promise<ChainProgramme | null> {
  try {
    const [finish, rewardToken] = await Promise.all([
      client.readContract({ address: staking, abi: stakingReads, functionName: 'periodFinish' }),
      client.readContract({ address: staking, abi: stakingReads, functionName: 'rewardsToken' }),
    ]);
    const logs = await client.getLogs({
      address: staking,
      event: rewardAdded,
      fromBlock: 0n,
      toBlock: 'latest',
    });
    const last = logs.at(-1);
    if (!last || finish === 0n) return null;
    const decimals = await client
      .readContract({ address: rewardToken, abi: erc20Abi, functionName: 'decimals' })
      .then(Number);
    const duration = Number(last.args.duration ?? 0n);
    const endMs = Number(finish) * 1000;
    return {
      contract: staking.toLowerCase(),
      startMs: endMs - duration * 1000,
      endMs,
      rewardAmount: Number(last.args.reward ?? 0n) / 10 ** decimals,
    };
  } catch (cause) {
    throw new ChainUnavailableError('Could not read the staking pool that backs this programme.', cause);
  }
}
