/**
 * The public API's contract: every operation with its parameters, body, answers (each status
 * code with its schema), caching and rate limit, as zod schemas. The OpenAPI 3.1 document is
 * generated from it (src/server/api/openapi.ts, with zod-openapi; ADR 0024), the contract test
 * calls every route live and checks each answer against that document, and the browser takes its
 * response types from it (`ApiResponse<'getScanner'>`). Nothing here runs on the request path.
 */
import type { z } from 'zod';
import type { ApiOperation } from './operations/common';
import { marketOperations } from './operations/market';
import { researchOperations } from './operations/research';
import { traderOperations } from './operations/trader';
import { watchOperations } from './operations/watch';

export {
  type ApiOperation,
  addressParamsSchema,
  ERROR_STATUS_TEXT,
  type ErrorBody,
  type ErrorStatus,
  errorBodySchema,
  FAUCET_LIMIT,
  queuedBodySchema,
  type RateLimit,
  WRITE_LIMIT,
} from './operations/common';

// ---------------------------------------------------------------------------------------------
// The operations (operationId → operation), one module per area of the API. The order here is the
// order of the OpenAPI document's paths.

export const API = {
  ...researchOperations,
  ...traderOperations,
  ...marketOperations,
  ...watchOperations,
} as const satisfies Record<string, ApiOperation>;

export type ApiOperationId = keyof typeof API;
type OkSchema<K extends ApiOperationId> = (typeof API)[K]['ok'] extends { schema: infer S extends z.ZodType }
  ? S
  : never;
/** The success answer's type of an operation: `ApiResponse<'getScanner'>`. */
export type ApiResponse<K extends ApiOperationId> = z.output<OkSchema<K>>;
/** The JSON body an operation takes. */
export type ApiRequestBody<K extends ApiOperationId> = (typeof API)[K] extends {
  body: infer B extends z.ZodType;
}
  ? z.input<B>
  : never;
