import { useState } from 'react';

/**
 * Open/closed state of a disclosure (a "Why this score?" button over its evidence) that a caller may
 * control (`open` with `onOpenChange`) or leave to the component (`defaultOpen`).
 */
export function useDisclosure({
  defaultOpen = false,
  open: openProp,
  onOpenChange,
}: {
  defaultOpen?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}): { open: boolean; toggle: () => void } {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const toggle = () => {
    const next = !open;
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  return { open, toggle };
}
