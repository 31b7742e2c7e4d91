import pino, { type Logger } from 'pino';

export type { Logger };

/** pino, one object per event; pretty in a terminal, JSON otherwise (and always JSON in CI). */
export function createLogger(level: string, opts: { pretty?: boolean } = {}): Logger {
  const pretty = opts.pretty ?? (process.stdout.isTTY === true && !process.env.CI);
  return pino({
    level,
    base: undefined,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
