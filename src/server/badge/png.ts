/**
 * SVG → PNG for the badge, with resvg (Rust, prebuilt N-API binaries shipped in the npm package
 * per platform; no download at install or run time). Text is drawn with DejaVu Sans from the
 * `dejavu-fonts-ttf` package and system fonts are never loaded, so the PNG is the same on every
 * machine. Rendering a 360×64 badge takes about a millisecond; results are cached by ETag.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
let fontFiles: string[] | undefined;

function fonts(): string[] {
  if (!fontFiles) {
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = [path.join(dir, 'DejaVuSans.ttf'), path.join(dir, 'DejaVuSans-Bold.ttf')];
  }
  return fontFiles;
}

/** Pixel scale of the PNG (2 = sharp on high-density screens). */
export const PNG_SCALE = 2;

export function svgToPng(svg: string, scale = PNG_SCALE): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: false, fontFiles: fonts(), defaultFontFamily: 'DejaVu Sans' },
    // Nothing external is ever fetched: the badge has no images.
    imageRendering: 0,
  });
  return r.render().asPng();
}
