/**
 * The popular-token buttons (spec §2): DEGEN, BRETT, TOSHI, AERO, USDC, FLAB, resolved to the
 * current network's addresses from /api/network (the local scenario's look-alikes, or the real
 * Base tokens in Base mode). A symbol the network does not know is shown disabled.
 */
import { useNetwork } from '../../lib/use-network';
import { Button } from '../ui/button';

export const POPULAR_SYMBOLS = ['DEGEN', 'BRETT', 'TOSHI', 'AERO', 'USDC', 'FLAB'] as const;

export function PopularTokens({
  onPick,
  disabled,
}: {
  onPick: (address: string) => void;
  disabled: boolean;
}) {
  const network = useNetwork();
  const tokens = network.data?.tokens ?? {};
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-slate-400">Popular:</span>
      {POPULAR_SYMBOLS.map((symbol) => {
        const address = tokens[symbol];
        return (
          <Button
            key={symbol}
            variant="outline"
            size="sm"
            disabled={disabled || !address}
            title={address ?? `${symbol} is not known on this network`}
            onClick={() => address && onPick(address)}
          >
            {symbol}
          </Button>
        );
      })}
    </div>
  );
}
