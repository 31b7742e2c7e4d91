/**
 * Webhook signatures: `x-flab-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * `verifyWebhookSignature` is the verification snippet the README documents, word for word in
 * spirit: receivers check the HMAC over the raw body with a constant-time compare and refuse
 * timestamps older than SIGNATURE_TOLERANCE_S.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_S } from '../../../shared/watch';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The documented receiver check (README "Use the API"). */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_S || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
