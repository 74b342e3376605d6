/**
 * Downscaling by area averaging: each output pixel is the mean of the source pixels it covers, with
 * alpha-weighted colour so transparent pixels do not darken the edges. Integer box bounds keep it
 * simple; a logo shrunk for a 45 mm box needs no finer filter.
 */

import type { RgbaImage } from './png';

export function downscale(src: RgbaImage, width: number, height: number): RgbaImage {
  if (width >= src.width && height >= src.height) return src;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * src.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * src.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * src.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * src.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * src.width + sx) * 4;
          const alpha = src.rgba[i + 3]!;
          r += src.rgba[i]! * alpha;
          g += src.rgba[i + 1]! * alpha;
          b += src.rgba[i + 2]! * alpha;
          a += alpha;
        }
      }
      const o = (y * width + x) * 4;
      const n = (y1 - y0) * (x1 - x0);
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / n);
    }
  }
  return { width, height, rgba: out };
}
