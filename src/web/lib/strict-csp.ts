/**
 * Imported first by main.tsx, before any module builds a zod schema: zod 4 compiles object parsers
 * with `new Function` and probes for it once, and under our Content-Security-Policy (no
 * 'unsafe-eval') the probe alone is reported as a violation. Its interpreter is fast enough for the
 * few answers a page parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
