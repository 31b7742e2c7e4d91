/** What /api/network answers; shared by server and browser. */
export type Address = `0x${string}`;

export type NetworkInfo = {
  mode: 'local' | 'base';
  chainId: number;
  /** Decimal string: block numbers can outgrow JS numbers' safe range on long-lived chains. */
  headBlock: string;
  label: string;
  /** Loopback JSON-RPC URL of the embedded chain (local mode only). */
  rpcUrl?: string;
  contracts: {
    uniswapV2Factory: Address;
    uniswapV2Router: Address;
    weth: Address;
    usd: Address;
    multicall3: Address;
    lpLockers: Address[];
    /** Uniswap V3 (null when this chain has none, e.g. a local chain built before V3 was added). */
    uniswapV3: UniswapV3Contracts | null;
  };
  /** The FLAB token, when known (scenario in local mode, FLAB_TOKEN_ADDRESS in Base mode). */
  flabToken: Address | null;
  /** Tokens by symbol: the scenario's tokens locally; well-known Base tokens in Base mode. */
  tokens: Record<string, Address>;
  /** The scenario's risk tokens by kind (local mode only). */
  riskTokens?: Record<string, Address>;
};

export type UniswapV3Contracts = {
  factory: Address;
  positionManager: Address;
  swapRouter02: Address;
  quoterV2: Address;
  /** Contracts holding position NFTs under a time lock (our V3PositionLocker locally). */
  positionLockers: Address[];
};

export const NETWORK_LABELS = {
  local: 'Local Base chain · simulated market',
  base: 'Base mainnet',
} as const;
