import { isNormalisedImage, NORMALISED_MAX_SIDE } from '@functions/lib/images';
import { craftPng, jpegOf, pngBomb, pngOf } from '@functions/lib/images/test-fixtures';
import { imageHeader } from '@shared/images/image-header';
import { LOGO_MESSAGES, MAX_LOGO_BYTES } from '@shared/schemas/company-logo';
import { describe, expect, it } from 'vitest';
import { normaliseLogo } from './logo';

const refusedWith = (reason: keyof typeof LOGO_MESSAGES) =>
  expect.objectContaining({ code: 'CORE_004', message: LOGO_MESSAGES[reason], details: { reason } });

describe('the uploaded logo', () => {
  it('refuses a decompression bomb from its header, fast, with the spec message', () => {
    // 47 KB claiming 40,000 x 40,000 RGBA pixels (6.4 GB decoded), like the one in the report.
    const bomb = pngBomb(40_000, 40_000);
    expect(bomb.length).toBeLessThan(64 * 1024);

    const t0 = performance.now();
    expect(() => normaliseLogo(bomb)).toThrowError(refusedWith('TOO_LARGE'));
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it('refuses a bomb hidden behind allowed dimensions as an unreadable image', () => {
    expect(() => normaliseLogo(pngBomb(1500, 1500, 64 * 1024 * 1024))).toThrowError(
      refusedWith('UNREADABLE'),
    );
  });

  it('refuses 4000 px, under 100 px and extreme proportions', () => {
    // A valid grey PNG (filter byte + one zero byte per pixel on every row), 4000 px wide.
    const wide = craftPng({ width: 4000, height: 1000, colourType: 0, raw: new Uint8Array(1000 * 4001) });
    expect(() => normaliseLogo(wide)).toThrowError(refusedWith('TOO_LARGE'));
    expect(() => normaliseLogo(jpegOf(99, 300))).toThrowError(refusedWith('TOO_SMALL'));
    expect(() => normaliseLogo(pngOf(1500, 120))).toThrowError(refusedWith('EXTREME_RATIO'));
  });

  it('refuses SVG (with or without script), other types, empty and heavy files', () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(() => normaliseLogo(svg)).toThrowError(refusedWith('TYPE_NOT_ALLOWED'));
    expect(() => normaliseLogo(new TextEncoder().encode('GIF89a....'))).toThrowError(
      refusedWith('TYPE_NOT_ALLOWED'),
    );
    expect(() => normaliseLogo(new Uint8Array())).toThrowError(
      expect.objectContaining({ code: 'CORE_004', message: 'El archivo está vacío.' }),
    );
    const heavy = new Uint8Array(MAX_LOGO_BYTES + 1);
    heavy.set(pngOf(200, 200));
    expect(() => normaliseLogo(heavy)).toThrowError(refusedWith('TOO_HEAVY'));
  });

  it('refuses a corrupt image with the spec message', () => {
    const png = pngOf(300, 300);
    expect(() => normaliseLogo(png.subarray(0, 60))).toThrowError(refusedWith('UNREADABLE'));
  });

  it('gives a normalised copy of a valid PNG or JPEG', () => {
    const png = normaliseLogo(pngOf(1600, 400, true));
    const jpeg = normaliseLogo(jpegOf(300, 300));

    expect(png).toMatchObject({ contentType: 'image/png', width: NORMALISED_MAX_SIDE, height: 150 });
    expect(imageHeader(png.bytes)).toEqual({ kind: 'png', width: 600, height: 150 });
    expect(isNormalisedImage(png)).toBe(true);
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 300 });
    expect(isNormalisedImage(jpeg)).toBe(true);
  });
});
