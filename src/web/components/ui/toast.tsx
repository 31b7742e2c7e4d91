/**
 * The toast viewport (spec §9): Radix Toast with a 5 s default, swipe right past 50 px to dismiss,
 * F8 to focus the notifications, variants default and destructive. Call `toast({...})` anywhere.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleCheck, CircleExclamationPoint, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { type ToastItem, useToast } from './toast-store';

export { dismissToast, type ToastInput, type ToastVariant, toast, useToast } from './toast-store';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

function ToastView({ item, onClose }: { item: ToastItem; onClose: () => void }) {
  const destructive = item.variant === 'destructive';
  const Icon = destructive ? CircleExclamationPoint : CircleCheck;
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      duration={item.duration}
      data-variant={item.variant ?? 'default'}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-2xl',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:animate-toast-swipe-out',
        destructive
          ? 'border-red-500/40 bg-red-950/95 text-red-50'
          : 'border-white/10 bg-ink-850/95 text-slate-100 backdrop-blur',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', destructive ? 'text-red-300' : 'text-emerald-400')}
      />
      <div className="grid gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
        {item.description ? (
          <ToastPrimitive.Description className="text-sm opacity-80">
            {item.description}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label="Close"
        className="absolute top-3 right-3 rounded-md p-1 text-current opacity-60 transition-opacity hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((t) => (
        <ToastView key={t.id} item={t} onClose={() => dismiss(t.id)} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-100 flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
