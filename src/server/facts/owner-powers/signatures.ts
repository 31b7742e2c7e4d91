/**
 * A small bundled list of function signatures seen on token contracts, used to LABEL simulated
 * owner powers and to give typed probe arguments. A selector not in the list is still probed with
 * untyped arguments; a name in the list never decides what a function does.
 */
import { type Hex, toFunctionSelector } from 'viem';
import { CAPABILITY_SELECTORS, RECLAIM_SIGNATURES } from '../capabilities/selectors';

/** Getters that name a wallet the contract privileges (fees, marketing, team): tried as callers. */
export const WALLET_GETTERS = [
  'marketingWallet()',
  'devWallet()',
  'feeWallet()',
  'taxWallet()',
  'treasury()',
  'teamWallet()',
  'marketingAddress()',
  'feeReceiver()',
];

const EXTRA = [
  'transferFrom(address,address,uint256)',
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'increaseAllowance(address,uint256)',
  'decreaseAllowance(address,uint256)',
  'burn(uint256)',
  'burnFrom(address,uint256)',
  'burn(address,uint256)',
  'airdrop(address[],uint256[])',
  'excludeFromFee(address)',
  'includeInFee(address)',
  'excludeFromFees(address,bool)',
  'excludeFromReward(address)',
  'includeInReward(address)',
  'setSwapAndLiquifyEnabled(bool)',
  'setSwapEnabled(bool)',
  'swapEnabled()',
  'manualSwap()',
  'manualsend()',
  'manualSend()',
  'clearStuckBalance()',
  'clearStuckToken(address,uint256)',
  'withdrawStuckETH()',
  'rescueTokens(address,uint256)',
  'setMarketingWallet(address)',
  'setFeeWallet(address)',
  'setTaxWallet(address)',
  'updateMarketingWallet(address)',
  'setCooldownEnabled(bool)',
  'setTransferDelayEnabled(bool)',
  'disableTransferDelay()',
  'setMaxWalletAmount(uint256)',
  'reduceFee(uint256)',
  'setSwapTokensAtAmount(uint256)',
  'delBot(address)',
  'delBots(address[])',
  'isBot(address)',
  'farm(address,uint256)',
  'rewardHolders(uint256)',
  'removeFee(uint256)',
  'claim(address[],bool)',
  'openTrading(bool)',
  'setDeadFee(uint256)',
  'upgradeBeaconToAndCall(address,bytes)',
  'upgradeToAndCall(address,bytes)',
  'upgradeTo(address)',
  'setImplementation(address)',
  'setBeacon(address)',
  ...RECLAIM_SIGNATURES,
  'acceptOwnership()',
  ...WALLET_GETTERS,
  'uniswapV2Pair()',
  'uniswapV2Router()',
  'tradingOpen()',
];

const TABLE: Map<string, string> = (() => {
  const t = new Map<string, string>();
  for (const [sel, entry] of CAPABILITY_SELECTORS) t.set(sel.toLowerCase(), entry.signature);
  for (const sig of EXTRA) t.set(toFunctionSelector(`function ${sig}`).toLowerCase(), sig);
  return t;
})();

export function signatureOf(selector: Hex): string | null {
  return TABLE.get(selector.toLowerCase()) ?? null;
}
