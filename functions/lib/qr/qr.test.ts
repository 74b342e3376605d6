import { verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import fc from 'fast-check';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { renderQrPng } from './png';
import { darkRuns, qrMatrix } from './qr';
import { renderQrSvg } from './svg';
import { formatInfo, pngBilevelPixels, pngChunks } from './test-helpers';

const URL =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4';

describe('qrMatrix', () => {
  it('is a square matrix without border at error-correction level M', () => {
    const m = qrMatrix(URL);
    expect(m.length).toBeGreaterThanOrEqual(21);
    expect(m.every((row) => row.length === m.length)).toBe(true);
    expect((m.length - 17) % 4).toBe(0); // 4 × version + 17: no border added
    // The top-left finder starts at (0, 0): 7 dark modules in the first row, then a light separator.
    expect(m[0]!.slice(0, 8)).toEqual([true, true, true, true, true, true, true, false]);
    const info = formatInfo(m);
    expect(info.level).toBe('M');
    expect(info.mask).toBe(encode(URL, { ecc: 'M', border: 0 }).maskPattern);
  });

  it('reads the level from the format bits (the check can tell levels apart)', () => {
    for (const ecc of ['L', 'M', 'Q', 'H'] as const)
      expect(formatInfo(encode('https://example.com/x', { ecc, border: 0 }).data).level).toBe(ecc);
  });

  it('darkRuns covers exactly the dark modules', () => {
    const m = qrMatrix(URL);
    const painted = m.map((row) => row.map(() => false));
    for (const r of darkRuns(m)) {
      expect(r.length).toBeGreaterThan(0);
      for (let x = r.x; x < r.x + r.length; x++) {
        expect(painted[r.row]![x]).toBe(false);
        painted[r.row]![x] = true;
      }
    }
    expect(painted).toEqual(m);
  });
});

describe('renderQrPng', () => {
  it('writes a valid PNG (signature, IHDR, IDAT, IEND with correct CRCs) whose pixels are the matrix', () => {
    const png = renderQrPng(URL, { sizePx: 300 });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = pngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const ihdr = chunks[0]!.data;
    expect([...ihdr.subarray(8)]).toEqual([1, 0, 0, 0, 0]); // 1 bit, greyscale, deflate, filter 0, no interlace

    const m = qrMatrix(URL);
    const { width, height, dark } = pngBilevelPixels(png);
    expect(width).toBe(300);
    expect(height).toBe(300);
    const moduleSize = Math.floor(300 / (m.length + 8));
    const offset = Math.floor((300 - m.length * moduleSize) / 2);
    expect(offset).toBeGreaterThanOrEqual(4 * moduleSize); // at least the 4-module quiet zone
    for (let y = 0; y < 300; y++)
      for (let x = 0; x < 300; x++) {
        const mx = Math.floor((x - offset) / moduleSize);
        const my = Math.floor((y - offset) / moduleSize);
        const inside = x >= offset && y >= offset && mx < m.length && my < m.length;
        if (dark[y]![x] !== (inside && m[my]![mx]!)) throw new Error(`pixel ${x},${y} differs`);
      }
    // Centred: the same margin on both sides, give or take one pixel.
    const right = 300 - offset - m.length * moduleSize;
    expect(Math.abs(right - offset)).toBeLessThanOrEqual(1);
  });

  it('grows the image rather than drawing modules smaller than one pixel, and honours the quiet zone', () => {
    const m = qrMatrix(URL);
    const small = pngBilevelPixels(renderQrPng(URL, { sizePx: 20, quietZoneModules: 2 }));
    expect(small.width).toBe(m.length + 4);
    expect(small.dark[0]!.every((p) => !p)).toBe(true);
    expect(small.dark[2]!.slice(2, 2 + m.length)).toEqual(m[0]);
  });
});

describe('renderQrSvg', () => {
  it('draws one path of the dark modules with crisp edges and the quiet zone in the viewBox', () => {
    const m = qrMatrix(URL);
    const svg = renderQrSvg(URL, { size: 256, quietZoneModules: 4 });
    const side = m.length + 8;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`width="256" height="256" viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('numserie=12345678%26G33&amp;fecha');
    const d = /<path fill="#000000" d="([^"]+)"/.exec(svg)![1]!;
    const painted = Array.from({ length: m.length }, () => new Array<boolean>(m.length).fill(false));
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) painted[Number(y) - 4]![Number(x) - 4 + i] = true;
    }
    expect(painted).toEqual(m);
  });
});

describe('the QR URL the symbol carries (verifactuQrUrl)', () => {
  it('escapes the values as UTF-8 (& → %26, / → %2F) and keeps the AEAT order nif, numserie, fecha, importe', () => {
    const url = verifactuQrUrl({
      nif: '89890001K',
      numSerie: '12345678&G33',
      fecha: '01-01-2024',
      importe: '241.4',
      mode: 'VERIFACTU',
      environment: 'TEST',
    });
    expect(url).toBe(URL); // AEAT's own example
    const slash = verifactuQrUrl({
      nif: 'B12345674',
      numSerie: 'F/2027/Ñ 1',
      fecha: '15-01-2027',
      importe: '-12.00',
      mode: 'VERIFACTU',
      environment: 'PRODUCTION',
    });
    expect(slash).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F%2F2027%2F%C3%91%201&fecha=15-01-2027&importe=-12.00',
    );
    // What the symbol encodes is that exact string, at level M.
    const matrix = qrMatrix(slash);
    expect(formatInfo(matrix).level).toBe('M');
    expect(matrix).toEqual(encode(slash, { ecc: 'M', border: 0 }).data);
  });
});

describe('PNG and SVG against the matrix, for any text', () => {
  it('decode back to the matrix (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.integer({ min: 64, max: 400 }),
        fc.integer({ min: 0, max: 6 }),
        (text, sizePx, quiet) => {
          const m = qrMatrix(text);
          const { width, dark } = pngBilevelPixels(renderQrPng(text, { sizePx, quietZoneModules: quiet }));
          const module = Math.max(1, Math.floor(sizePx / (m.length + 2 * quiet)));
          expect(width).toBe(Math.max(sizePx, (m.length + 2 * quiet) * module));
          const offset = Math.floor((width - m.length * module) / 2);
          expect(offset).toBeGreaterThanOrEqual(quiet * module);
          const sampled = m.map((row, y) =>
            row.map((_, x) => dark[offset + y * module]![offset + x * module]!),
          );
          expect(sampled).toEqual(m);
          expect(formatInfo(m).level).toBe('M');
        },
      ),
      { numRuns: 40 },
    );
  });
});
