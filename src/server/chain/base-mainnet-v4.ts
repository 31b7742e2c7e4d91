/**
 * Uniswap V4 on Base mainnet (chain 8453), as Uniswap lists it: https://docs.uniswap.org/contracts/v4/deployments
 * (source: github.com/Uniswap/docs, content/protocols/v4/deployments.mdx, section "Base: 8453").
 * The Universal Router is the 2.0 deployment the docs list first — the version whose bytecode the
 * local chain deploys from @uniswap/universal-router 2.0.0 (the docs also list a 2.1.1 router).
 * Position lockers: none known on Base yet (Clanker's and others' lockers are per launchpad; a position
 * NFT burned to a burn address is recognised without one).
 */
import type { UniswapV4Contracts } from '../../shared/network';

export const BASE_UNISWAP_V4: UniswapV4Contracts = {
  poolManager: '0x498581ff718922c3f8e6a244956af099b2652b2b',
  positionManager: '0x7c5f5a4bbd8fd63184577525326123b519429bdc',
  stateView: '0xa3c0c9b65bad0b08107aa264b0f3db444b867a71',
  v4Quoter: '0x0d5e0f971ed27fbff6c2837bf31316121532048d',
  universalRouter: '0x6ff5693b99212da76ad316178a184ab56d299b43',
  permit2: '0x000000000022d473030f116ddee9f6b43ac78ba3',
  positionLockers: [],
};

/** PositionDescriptor on Base (same source); the app never calls it, the replica deploys it here. */
export const BASE_UNISWAP_V4_POSITION_DESCRIPTOR = '0x25d093633990dc94bedeed76c8f3cdaa75f3e7d5' as const;

/**
 * The PoolManager's first block on Base (Uniswap/v4-subgraph's subgraph manifest for Base, startBlock),
 * where a look-up of Initialize logs has to start.
 */
export const BASE_UNISWAP_V4_FIRST_BLOCK = 25_350_988n;
