/**
 * autocannon in a process of its own at a lower CPU priority (nice 10), standing in for clients on
 * another machine. On one 2-core machine the load generator otherwise takes a core's worth of CPU
 * from the server it measures, and what a latency figure then shows is the two fighting over the
 * cores (a bare node:http server answering fixed bytes saw /api/health p99 55–62 ms that way). The
 * server and the health poller keep normal priority; the generator still gets every cycle the
 * server leaves idle, so throughput is what the server can take.
 *
 * Run as a child with IPC: argv[2] is the autocannon options as JSON; the result comes back as
 * one message.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { cannon } from './throughput';

export const LOAD_NICE = 10;

async function main() {
  const opts = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
  try {
    os.setPriority(LOAD_NICE);
  } catch {
    // Not allowed here: measure anyway, at normal priority.
  }
  const result = await cannon(opts);
  process.send?.(result, () => process.exit(0));
}

// Only when run as the child (mixed.ts imports LOAD_NICE from here).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
