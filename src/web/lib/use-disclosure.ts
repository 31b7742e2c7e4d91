import { useId, useState } from 'react';

/**
 * Open/closed state of a disclosure (a "Why this score?" button over its evidence) that a caller may
 * control (`open` with `onOpenChange`) or leave to the component (`defaultOpen`). `button` is what
 * the toggle button carries (aria-expanded, aria-controls the region `id`, the click); `id` is the
 * region's own id unless the caller names one (`controls`, a region rendered elsewhere).
 */
export function useDisclosure({
  defaultOpen = false,
  open: openProp,
  onOpenChange,
  controls,
}: {
  defaultOpen?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  controls?: string | undefined;
}) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const ownId = useId();
  const id = controls ?? ownId;
  const toggle = () => {
    const next = !open;
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  const button = { type: 'button', 'aria-expanded': open, 'aria-controls': id, onClick: toggle } as const;
  return { open, id, button };
}
