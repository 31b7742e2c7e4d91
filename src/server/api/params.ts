/** Request parameter parsing shared by routes: bad input → 400 with the field and the reason. */
import { type HexAddress, parseAddress } from '../../shared/address';
import { BadRequestError, InvalidAddressError } from '../errors';

export function addressParam(value: unknown): HexAddress {
  const a = parseAddress(value);
  if (!a) throw new InvalidAddressError(typeof value === 'string' ? value : String(value));
  return a;
}

/** A positive USD amount with sane bounds (the liquidity scanner's "amount"). */
export function usdAmountParam(value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && value.length <= 30 ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 1e12) {
    throw new BadRequestError('amount must be a positive number of US dollars (at most 1e12).', {
      field: 'amount',
    });
  }
  return n;
}
