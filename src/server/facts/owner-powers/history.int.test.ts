/**
 * Powers given up, on the embedded chain as it really runs: anvil keeps only recent states
 * (--prune-history) and, once restarted from its state file, none before the restart. The replay of
 * the deployer's calls "at creation" must still run: it re-runs the token's creation transaction
 * (kept in the chain's history) on a fresh copy, so it needs no old state.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  type Abi,
  type Address,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseEther,
} from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalChainClients } from '../../chain/client';
import { type AnvilProcess, startAnvil } from '../../localchain/anvil';
import { simulateOwnerPowers } from './simulate';

const require = createRequire(import.meta.url);
const log = pino({ level: 'silent' });
const DEV = '0x5a3e0000000000000000000000000000000d0c0f' as Address;
let anvil: AnvilProcess | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-history-'));

afterAll(async () => {
  await anvil?.stop({ save: false });
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('powers given up, on a pruned and restarted local chain', () => {
  it('finds the renounced mint by re-running the creation transaction; the creation block has no state', async () => {
    const { compileAdversarial } = require('../../../../scripts/compile-adversarial.mjs') as {
      compileAdversarial: () => Record<string, { abi: Abi; bytecode: Hex }>;
    };
    const art = compileAdversarial().CleanRenounced as { abi: Abi; bytecode: Hex };
    const statePath = path.join(dir, 'state.json');
    anvil = await startAnvil({ log, statePath, pruneHistory: true, supervise: false });
    let chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    await chain.test.setBalance({ address: DEV, value: parseEther('10') });
    const send = async (to: Address | undefined, data: Hex) => {
      const hash = await chain.wallet.sendTransaction({
        account: DEV,
        chain: chain.chain,
        to,
        data,
        gas: 5_000_000n,
      });
      return chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    };
    const deploy = await send(
      undefined,
      encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args: ['Renounced', 'RNC'] }),
    );
    const token = (deploy.contractAddress as Address).toLowerCase() as Address;
    await send(
      token,
      encodeFunctionData({
        abi: parseAbi(['function renounceOwnership()']),
        functionName: 'renounceOwnership',
      }),
    );
    await chain.test.mine({ blocks: 40 });
    // Restart from the saved state: the node now keeps no state for any block before the restart.
    await anvil.saveState();
    await anvil.stop({ save: false });
    anvil = await startAnvil({ log, statePath, pruneHistory: true, supervise: false });
    expect(anvil.restored).toBe(true);
    chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    const code = await chain.public.getCode({ address: token });
    const input = {
      token,
      code: code as Hex,
      implementationCode: null,
      owner: '0x0000000000000000000000000000000000000000' as Address,
      deployer: DEV.toLowerCase() as Address,
      pool: null,
      holders: [],
      createdAtBlock: deploy.blockNumber,
    };
    // Without the creation transaction: the old way, eth_call at the creation block, has no state.
    const old = await simulateOwnerPowers(chain.public, { ...input, creationTx: null });
    expect(old.status).toBe('simulated');
    if (old.status === 'simulated') {
      expect(old.findings.filter((f) => !f.usable)).toEqual([]);
      expect(old.inconclusive.map((i) => i.reason).join(' ')).toMatch(
        /keeps no state for the creation block/,
      );
    }
    const now = await simulateOwnerPowers(chain.public, { ...input, creationTx: deploy.transactionHash });
    expect(now.status).toBe('simulated');
    if (now.status !== 'simulated') return;
    const mint = now.findings.find((f) => !f.usable && f.effects.includes('mint'));
    expect(mint?.signature).toBe('mint(address,uint256)');
    expect(mint?.callerRole).toBe('deployer (at creation)');
    expect(mint?.usableNow).toMatch(
      /^not usable now: on a fresh copy of the token built by re-running its creation transaction/,
    );
    expect(mint?.usableNow).toMatch(/owner\(\) is renounced/);
    expect(now.findings.filter((f) => f.usable)).toEqual([]);
    expect(now.inconclusive.map((i) => i.reason).join(' ')).not.toMatch(/creation/);
  });
});
