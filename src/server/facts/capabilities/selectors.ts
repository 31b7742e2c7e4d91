/**
 * Known function signatures that reveal what a token's owner can do, and ABI-name patterns for
 * verified sources. Selectors are computed from the signatures (never hand-typed hex) so a typo
 * cannot silently disable a check. Scam tokens rename their functions; the name patterns catch
 * renamed variants when the ABI is known, the signature table catches the common spellings when only
 * bytecode is.
 */
import { type Hex, toFunctionSelector } from 'viem';
import type { Capability } from '../types';

const SIGNATURES: Record<Capability, string[]> = {
  mint: [
    'mint(address,uint256)',
    'mint(uint256)',
    'mintTo(address,uint256)',
    '_mint(address,uint256)',
    'issue(uint256)',
    'issue(address,uint256)',
    'mintFor(address,uint256)',
  ],
  blacklist: [
    'setBlacklist(address,bool)',
    'blacklist(address)',
    'blacklist(address,bool)',
    'addToBlacklist(address)',
    'addBlacklist(address)',
    'blacklistAddress(address,bool)',
    'removeFromBlacklist(address)',
    'unBlacklist(address)',
    'multiBlacklist(address[],bool)',
    'setBots(address[],bool)',
    'addBots(address[])',
    'blockBots(address[])',
    'setBot(address,bool)',
    'isBlacklisted(address)',
  ],
  whitelist: [
    'setWhitelist(address,bool)',
    'addToWhitelist(address)',
    'whitelist(address)',
    'setExempt(address,bool)',
    'excludeFromFee(address)',
    'excludeFromFees(address,bool)',
    'setIsFeeExempt(address,bool)',
    'setIsTxLimitExempt(address,bool)',
  ],
  pause: ['pause()', 'unpause()', 'setPaused(bool)', 'setPause(bool)'],
  setFees: [
    'setTaxes(uint16,uint16)',
    'setTaxes(uint256,uint256)',
    'setFee(uint256)',
    'setFee(uint256,uint256)',
    'setFees(uint256,uint256)',
    'setFees(uint256,uint256,uint256)',
    'setBuyTax(uint256)',
    'setSellTax(uint256)',
    'setBuyFee(uint256)',
    'setSellFee(uint256)',
    'setTax(uint256)',
    'updateFees(uint256,uint256)',
    'updateBuyFees(uint256,uint256,uint256)',
    'updateSellFees(uint256,uint256,uint256)',
    'setTaxFeePercent(uint256)',
    'setLiquidityFeePercent(uint256)',
    'setFeePercent(uint256)',
  ],
  maxTx: [
    'setLimits(uint256,uint256)',
    'setMaxTx(uint256)',
    'setMaxTxAmount(uint256)',
    'setMaxTxPercent(uint256)',
    'updateMaxTxnAmount(uint256)',
    'maxTxAmount()',
    '_maxTxAmount()',
    'maxTransactionAmount()',
    'removeLimits()',
  ],
  maxWallet: [
    'setLimits(uint256,uint256)',
    'setMaxWallet(uint256)',
    'setMaxWalletSize(uint256)',
    'setMaxWalletPercent(uint256)',
    'updateMaxWalletAmount(uint256)',
    'maxWalletAmount()',
    '_maxWalletSize()',
    'maxWallet()',
  ],
  ownerTransferOthers: [
    'adminTransfer(address,address,uint256)',
    'forceTransfer(address,address,uint256)',
    'ownerTransfer(address,address,uint256)',
    'transferFromOwner(address,address,uint256)',
    'setBalance(address,uint256)',
    'confiscate(address)',
    'seize(address,uint256)',
  ],
  selfDestruct: ['kill()', 'destroy()', 'destruct()'],
  delegateCall: [],
  upgradeable: ['upgradeTo(address)', 'upgradeToAndCall(address,bytes)', 'changeAdmin(address)'],
  renounceOwnership: ['renounceOwnership()'],
  tradingToggle: [
    'enableTrading()',
    'openTrading()',
    'startTrading()',
    'setTradingEnabled(bool)',
    'setTrading(bool)',
    'tradingStatus(bool)',
    'enableTrading(bool)',
  ],
};

export type SelectorEntry = { selector: Hex; signature: string; capabilities: Capability[] };

function buildTable(): Map<Hex, SelectorEntry> {
  const table = new Map<Hex, SelectorEntry>();
  for (const [capability, sigs] of Object.entries(SIGNATURES) as [Capability, string[]][]) {
    for (const signature of sigs) {
      const selector = toFunctionSelector(`function ${signature}`);
      const entry = table.get(selector) ?? { selector, signature, capabilities: [] };
      if (!entry.capabilities.includes(capability)) entry.capabilities.push(capability);
      table.set(selector, entry);
    }
  }
  return table;
}

/** selector → signature and the capabilities it reveals (a selector may reveal several). */
export const CAPABILITY_SELECTORS: ReadonlyMap<Hex, SelectorEntry> = buildTable();

export const OWNER_SELECTOR = toFunctionSelector('function owner()');

/**
 * Getters that expose a privileged address other than owner(). If owner() is zero (renounced) or
 * missing but one of these answers a live address, someone still controls the contract.
 */
export const ALT_OWNER_GETTERS = [
  'getOwner()',
  'admin()',
  'operator()',
  'dev()',
  'manager()',
  'controller()',
];

/** Functions that let a previous owner take ownership back after "renouncing". */
export const RECLAIM_SIGNATURES = [
  'unlock()',
  'lock(uint256)',
  'claimOwnership()',
  'reclaimOwnership()',
  'reclaimOwnership(address)',
];

/**
 * Name patterns for ABI matching (verified source). Setters only: view functions such as
 * `isBlacklisted` or `maxTxAmount` describe a limit but are matched by selector above, not here,
 * because a name like `mintingFinished` would otherwise read as a mint.
 */
export const ABI_NAME_PATTERNS: {
  capability: Capability;
  pattern: RegExp;
  /** Names that match the pattern but mean the opposite (finishMinting turns minting off). */
  exclude?: RegExp;
  views?: boolean;
}[] = [
  { capability: 'mint', pattern: /mint|issue|inflate/i, exclude: /finish|stop|disable|renounce/i },
  {
    capability: 'blacklist',
    pattern: /black|blocklist|denylist|bots?$|^(set|add|block|del|remove)bots?|snipers?/i,
  },
  { capability: 'blacklist', pattern: /^is(black|blocked|bot)/i, views: true },
  { capability: 'whitelist', pattern: /white|allowlist|exempt|exclude/i },
  { capability: 'pause', pattern: /^(un)?pause|setpaus/i },
  { capability: 'setFees', pattern: /(set|update|change).*(fee|tax)|^(fee|tax)s?$/i },
  { capability: 'maxTx', pattern: /max.?(tx|txn|transaction)|limits/i },
  { capability: 'maxWallet', pattern: /max.?(wallet|hold)|limits/i },
  { capability: 'maxTx', pattern: /^_?max.?(tx|txn|transaction)/i, views: true },
  { capability: 'maxWallet', pattern: /^_?max.?(wallet|hold)/i, views: true },
  {
    capability: 'ownerTransferOthers',
    pattern: /^(admin|force|owner|emergency)transfer|seize|confiscate|wipe|(set|change)balance/i,
  },
  { capability: 'selfDestruct', pattern: /selfdestruct|^kill$|^destroy$|^destruct$/i },
  { capability: 'upgradeable', pattern: /^upgrade/i },
  { capability: 'renounceOwnership', pattern: /^renounceownership$/i },
  {
    capability: 'tradingToggle',
    pattern: /(enable|open|start|launch|set).*trading|trading(enabled|open|status)/i,
  },
];
