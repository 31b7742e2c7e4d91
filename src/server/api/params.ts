/** Request parameter parsing shared by routes: bad input → 400 with the field and the reason. */
import { checkAddress, type HexAddress } from '../../shared/address';
import { parseDecimal } from '../../shared/strict-input';
import { BadRequestError, InvalidAddressError } from '../errors';

/** A path/query address (lowercased); a mixed-case one must carry a valid EIP-55 checksum. */
export function addressParam(value: unknown, field = 'address'): HexAddress {
  const a = checkAddress(value);
  if (!a.ok)
    throw new InvalidAddressError(typeof value === 'string' ? value : String(value), field, a.reason);
  return a.address;
}

/** A wallet address of the trader tools: a bad one is a plain 400 naming the field. */
export function walletParam(value: unknown, field = 'wallet'): `0x${string}` {
  const a = checkAddress(value);
  if (!a.ok) throw new BadRequestError(`${field} ${a.reason}.`, { field, reason: a.reason });
  return a.address;
}

/** Largest USD amount the liquidity scanner simulates. */
const MAX_USD_AMOUNT = 1e12;

/** A positive USD amount in plain decimal notation with sane bounds (the liquidity scanner's "amount"). */
export function usdAmountParam(value: unknown, fallback: number, field = 'amount'): number {
  if (value === undefined || value === '') return fallback;
  const r = parseDecimal(value, { maxFractionDigits: 6 });
  const n = r.ok ? Number(r.value) : Number.NaN;
  if (!r.ok || n > MAX_USD_AMOUNT) {
    const reason = r.ok ? 'must be at most 1e12 US dollars' : r.reason;
    throw new BadRequestError(`${field} ${reason}.`, { field, reason });
  }
  return n;
}
