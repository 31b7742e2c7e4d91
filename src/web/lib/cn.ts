/** Joins class names, skipping false/undefined, so conditional classes read inline. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
