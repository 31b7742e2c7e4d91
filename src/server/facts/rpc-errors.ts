/** What an RPC failure says, safely: shared by the simulations and the code-size read. */
import { BaseError } from 'viem';

/** Error text without RPC URLs (they can carry API keys) or stack-like detail. */
export function safeMessage(e: unknown): string {
  const base =
    e instanceof BaseError
      ? `${e.shortMessage}${e.details && !e.shortMessage.includes(e.details) ? ` (${e.details})` : ''}`
      : e instanceof Error
        ? e.message
        : String(e);
  return base.replace(/\b(https?|wss?):\/\/[^\s"'<>)]+/gi, '<rpc>').slice(0, 300);
}

/**
 * Did the provider reject the method or its arguments (state overrides, eth_simulateV1 itself)
 * rather than fail? Only RPC errors count: a thrown plain Error is ours, not the node's refusal.
 */
export function rejectsStateOverride(e: unknown): boolean {
  if (!(e instanceof BaseError)) return false;
  const text = `${e.shortMessage} ${e.details ?? ''}`;
  if (/revert/i.test(text)) return false;
  const coded = e.walk((x) => typeof (x as { code?: unknown }).code === 'number') as { code?: number } | null;
  return (
    coded?.code === -32601 ||
    coded?.code === -32602 ||
    /override|too many|argument|param|unsupported|not supported|does not exist|not available|method not found/i.test(
      text,
    )
  );
}
