import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { ConfigError, redactUrl, truncateForMessage } from './errors';

describe('parseConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const c = parseConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 5000,
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      chainMode: 'local',
      simulator: true,
      scenario: 'full',
      logLevel: 'info',
    });
  });

  it('limits cold analyses and trusts no proxy by default', () => {
    expect(parseConfig({}, '/x')).toMatchObject({
      coldRatePerMinute: 20,
      coldConcurrency: 4,
      trustProxy: false,
    });
    expect(parseConfig({ COLD_RATE_PER_MIN: '5', COLD_CONCURRENCY: '2' }, '/x')).toMatchObject({
      coldRatePerMinute: 5,
      coldConcurrency: 2,
    });
    expect(() => parseConfig({ COLD_CONCURRENCY: '0' }, '/x')).toThrow(/COLD_CONCURRENCY/);
  });

  it('reads FOLLOW_IDLE_MINUTES (a day by default, decimals allowed, 0 = follow for good)', () => {
    expect(parseConfig({}, '/x').followIdleMs).toBe(1_440 * 60_000);
    expect(parseConfig({ FOLLOW_IDLE_MINUTES: '0.5' }, '/x').followIdleMs).toBe(30_000);
    expect(parseConfig({ FOLLOW_IDLE_MINUTES: '0' }, '/x').followIdleMs).toBe(0);
    expect(() => parseConfig({ FOLLOW_IDLE_MINUTES: '-1' }, '/x')).toThrow(/FOLLOW_IDLE_MINUTES/);
  });

  it('reads the community links (https only; unset = none shown, never a guessed account)', () => {
    expect(parseConfig({}).community).toEqual({ telegram: null, x: null });
    expect(
      parseConfig({
        COMMUNITY_TELEGRAM_URL: 'https://t.me/flabhub',
        COMMUNITY_X_URL: 'https://x.com/flabhub',
      }).community,
    ).toEqual({ telegram: 'https://t.me/flabhub', x: 'https://x.com/flabhub' });
    expect(() => parseConfig({ COMMUNITY_X_URL: 'javascript:alert(1)' })).toThrow(/COMMUNITY_X_URL/);
    expect(() => parseConfig({ COMMUNITY_TELEGRAM_URL: 'http://t.me/x' })).toThrow(/https/);
  });

  it('reads TRUST_PROXY as on/off, a hop count or a list of proxy addresses', () => {
    const t = (v: string) => parseConfig({ TRUST_PROXY: v }, '/x').trustProxy;
    expect(t('on')).toBe(true);
    expect(t('off')).toBe(false);
    expect(t('1')).toBe(1);
    expect(t('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => t('my proxy')).toThrow(/TRUST_PROXY/);
  });

  it('reads overrides and switches to Base mode when BASE_RPC_URL is set', () => {
    const c = parseConfig(
      {
        PORT: '8080',
        BASE_RPC_URL: 'https://mainnet.base.org',
        FLAB_TOKEN_ADDRESS: '0xabCDeF0123456789AbcdEf0123456789aBCDEF01',
        SIMULATOR: 'off',
        DATABASE_URL: 'postgres://u:p@localhost:5432/flab',
      },
      '/x',
    );
    expect(c.port).toBe(8080);
    expect(c.chainMode).toBe('base');
    expect(c.flabTokenAddress).toBe('0xabcdef0123456789abcdef0123456789abcdef01');
    expect(c.simulator).toBe(false);
    expect(c.databaseUrl).toBe('postgres://u:p@localhost:5432/flab');
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', BASE_RPC_URL: '' }).chainMode).toBe('local');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ BASE_RPC_URL: 'ws://node' }, /BASE_RPC_URL/],
    [{ BASE_RPC_URL: 'not a url' }, /BASE_RPC_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ FLAB_TOKEN_ADDRESS: '0x123' }, /FLAB_TOKEN_ADDRESS/],
    [{ FLAB_TOKEN_ADDRESS: '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01' }, /FLAB_TOKEN_ADDRESS.*checksum/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SIMULATOR: 'maybe' }, /SIMULATOR/],
  ])('rejects %o with a message naming the variable', (env, pattern) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(pattern);
  });

  it('lists every bad variable in one message', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('never echoes secrets from URLs', () => {
    try {
      parseConfig({ DATABASE_URL: 'mysql://user:secret@host/db' });
    } catch (e) {
      expect((e as Error).message).not.toContain('secret');
    }
  });
});

describe('ROLE', () => {
  it('is all by default, as simple as before', () => {
    const c = parseConfig({}, '/app');
    expect(c.role).toBe('all');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.leaderCheckMs).toBe(1000);
  });

  it('api and worker need a Postgres server and a chain endpoint', () => {
    expect(() => parseConfig({ ROLE: 'api' }, '/app')).toThrow(
      /ROLE=api needs DATABASE_URL and BASE_RPC_URL/,
    );
    expect(() => parseConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/x' }, '/app')).toThrow(
      /ROLE=worker needs BASE_RPC_URL/,
    );
    const c = parseConfig(
      { ROLE: 'worker', DATABASE_URL: 'postgres://db/x', BASE_RPC_URL: 'http://rpc:8545', WORKER_ID: 'w-1' },
      '/app',
    );
    expect(c.role).toBe('worker');
    expect(c.workerId).toBe('w-1');
  });

  it('refuses an unknown role and a bad leader interval', () => {
    expect(() => parseConfig({ ROLE: 'both' }, '/app')).toThrow(/ROLE/);
    expect(() => parseConfig({ LEADER_CHECK_MS: '50' }, '/app')).toThrow(/LEADER_CHECK_MS/);
  });
});

describe('error helpers', () => {
  it('redacts credentials and key-bearing paths from RPC URLs', () => {
    expect(redactUrl('https://base-mainnet.g.alchemy.com/v2/SECRETKEY')).toBe(
      'https://base-mainnet.g.alchemy.com/…',
    );
    expect(redactUrl('https://user:pw@node.example')).not.toContain('pw');
    expect(redactUrl('https://mainnet.base.org')).toBe('https://mainnet.base.org');
    expect(redactUrl('::bad')).toBe('<invalid url>');
  });

  it('truncates and neutralises hostile strings', () => {
    expect(truncateForMessage('a'.repeat(500)).length).toBeLessThanOrEqual(61);
    expect(truncateForMessage('x\u0000y\ny')).toBe('x?y?y');
  });
});
