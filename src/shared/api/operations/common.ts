/**
 * The API contract's shared pieces: the one error shape, what each error status means, the path,
 * query and header parameters several operations take, the rate limits, and the operation type with
 * its builders. (Part of the API contract: src/shared/api/contract.ts.)
 */
import { z } from 'zod';

/** The one error shape of every 4xx and 5xx answer. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine code, e.g. invalid_address, rate_limited.' }),
      message: z.string().meta({ description: 'One sentence for people.' }),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: 'For refused input: `field` (the field at fault) and `reason`.' }),
    }),
  })
  .meta({ id: 'Error', description: 'Every error answer: { error: { code, message, details? } }.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What each documented error status means (the `description` of its response). */
export const ERROR_STATUS_TEXT = {
  400: 'Invalid input: the field at fault is named in error.details.field (codes bad_request, invalid_address).',
  401: 'No valid wallet session (code unauthorized): sign in with POST /api/auth/nonce then /api/auth/verify.',
  403: 'Not allowed (code forbidden).',
  404: 'Not found (code not_found).',
  409: 'Already done (code conflict).',
  413: 'Body too large (code payload_too_large).',
  422: 'The address is not a contract or not an ERC-20 token (codes not_a_contract, not_erc20).',
  429: 'Too many writes, or too many analyses of tokens not analysed lately, from this client (code rate_limited); retry after the Retry-After header.',
  503: 'The chain RPC is not answering (code chain_unavailable), or the line for analyses of new tokens is full (code busy, with Retry-After); retrying later can help.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_TEXT;

/** The 202 of a cold analysis still in the fair line (src/shared/queued.ts QueuedBody). */
export const queuedBodySchema = z
  .object({
    queued: z.object({
      position: z.number().int().meta({ description: '1 = next to start, or running.' }),
      ahead: z.number().int().meta({ description: 'Analyses that start before this one.' }),
      etaSeconds: z.number().int().meta({ description: 'About how long until the answer is ready.' }),
    }),
    message: z.string().meta({ example: 'In line for analysis: 2 ahead, about 2 s.' }),
  })
  .meta({
    id: 'Queued',
    description:
      'The token had no facts at hand and its analysis waits in a fair line (clients served in turn); ask again after Retry-After.',
  });

const addressText =
  'Token or wallet address: 0x followed by 40 hex characters; a mixed-case address must carry a valid EIP-55 checksum.';
export const EXAMPLE_ADDRESS = '0x4200000000000000000000000000000000000006';
export const addressParamsSchema = z.object({
  address: z.string().meta({ description: addressText, example: EXAMPLE_ADDRESS }),
});
export const walletParamsSchema = z.object({
  wallet: z.string().meta({ description: addressText, example: EXAMPLE_ADDRESS }),
});
export const idParamsSchema = z.object({
  id: z.string().meta({ description: 'Positive whole number.', example: '1' }),
});
export const amountQuerySchema = z.object({
  amount: z
    .string()
    .optional()
    .meta({ description: 'US dollars, a plain decimal (default 1000).', example: '1000' }),
});

/** Who a watchlist request is from when no wallet session is sent. */
export const visitorHeadersSchema = z.object({
  'x-client-id': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional()
    .meta({
      description:
        'Your client id (8–64 of A–Z a–z 0–9 _ -): the watchlist is kept under it. Browsers get one in a cookie; a signed-in wallet session takes precedence.',
      example: 'my-bot-0001',
    }),
});

export type RateLimit = { max: number; windowSeconds: number };
/** Every write's limit per client IP (WRITE_RATE_LIMIT on the server). */
export const WRITE_LIMIT: RateLimit = { max: 30, windowSeconds: 60 };
export const FAUCET_LIMIT: RateLimit = { max: 10, windowSeconds: 60 };

export type ApiOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template: `/api/scanner/{address}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer. `schema` absent → no JSON body (a CSV, an image, a page). */
  ok: {
    status: 200 | 201 | 202;
    schema?: z.ZodType;
    /** Defaults to application/json. */
    contentTypes?: readonly string[];
    description?: string;
  };
  errors: readonly ErrorStatus[];
  /** Answers carry an ETag; If-None-Match with it → 304 without a body. */
  etag?: boolean;
  rateLimit?: RateLimit;
  /** Signed-in wallet session (cookie or Bearer) required. */
  session?: boolean;
  /** Only on the local chain. */
  localOnly?: boolean;
  /** A cold analysis may wait in the fair line: 202 with its place and Retry-After (QueuedBody). */
  queued?: boolean;
};

/** Keeps each operation's exact schema types (for `ApiResponse`). */
export const op = <const T extends ApiOperation>(o: T): T => o;

export const tokenPart = <S extends z.ZodType>(
  path: string,
  summary: string,
  schema: S,
  withAmount = false,
) =>
  op({
    method: 'get',
    path,
    tag: 'Token research',
    summary,
    params: addressParamsSchema,
    ...(withAmount ? { query: amountQuerySchema } : {}),
    ok: { status: 200, schema },
    errors: [400, 422, 429, 503],
    etag: true,
    queued: true,
  });
