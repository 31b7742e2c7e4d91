/**
 * The embeddable badge's public shape (issue 26), shared by the server that draws it and the
 * analysis page's "Embed" box: where it lives, where it links and its size.
 */

export const BADGE_WIDTH = 420;
export const BADGE_HEIGHT = 64;

/** Where a badge links: the token's analysis page (relative to the site). */
export function analysisPath(address: string): string {
  return `/token-analysis?address=${address.toLowerCase()}`;
}

export function badgePath(address: string, format: 'svg' | 'png' = 'svg'): string {
  return `/badge/${address.toLowerCase()}.${format}`;
}

/** The HTML to paste on a page: the SVG badge linking to the token's analysis page. */
export function embedSnippet(origin: string, address: string): string {
  const a = address.toLowerCase();
  return `<a href="${origin}${analysisPath(a)}"><img src="${origin}${badgePath(a)}" alt="FLAB Hub safety verdict for ${a}" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}"></a>`;
}
