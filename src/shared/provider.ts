/** What the server found about its chain provider (server/chain/provider-check.ts), for health and reports. */
export type ProviderStatus = {
  /** Whether any of the checks got an answer. */
  checked: boolean;
  /** Seconds between the latest block's timestamp and the server's clock. */
  headAgeSeconds: number | null;
  /** Base mode: the head is older than 30 s. */
  staleHead: boolean;
  chainId: number | null;
  /** Base mode: the chain id is not Base's. */
  wrongChain: boolean;
  /** eth_simulateV1: true answered, false missing, null not known. */
  simulateV1: boolean | null;
  /** One plain sentence per finding; empty when all is well. */
  warnings: string[];
};
