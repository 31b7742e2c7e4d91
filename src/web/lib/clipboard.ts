import { toast } from '../components/ui/toast';

/** Copies a contract address and confirms with the spec's toast text (spec §2, token analysis). */
export async function copyAddress(address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address);
    toast({ title: 'Copied', description: 'Contract Address copied to clipboard' });
  } catch {
    // The Clipboard API needs a secure context and permission; say so instead of failing silently.
    toast({
      title: 'Copy failed',
      description: 'The browser blocked clipboard access. Select the address and copy it by hand.',
      variant: 'destructive',
    });
  }
}
