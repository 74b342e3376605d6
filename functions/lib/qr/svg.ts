/**
 * The QR code as SVG: a white background and ONE path of dark runs in module units (viewBox), with
 * crispEdges so viewers do not blur the module edges. Scales to any printed size.
 */

import { DEFAULT_QUIET_ZONE_MODULES, darkRuns, qrMatrix } from './qr';

export interface QrSvgOptions {
  /** Width and height attributes (px); the viewBox is in modules. */
  size: number;
  quietZoneModules?: number;
}

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderQrSvg(
  text: string,
  { size, quietZoneModules = DEFAULT_QUIET_ZONE_MODULES }: QrSvgOptions,
): string {
  const matrix = qrMatrix(text);
  const q = quietZoneModules;
  const side = matrix.length + 2 * q;
  const d = darkRuns(matrix)
    .map((r) => `M${r.x + q} ${r.row + q}h${r.length}v1h-${r.length}z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<title>${escapeXml(text)}</title>` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${d}"/>` +
    `</svg>`
  );
}
