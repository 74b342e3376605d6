import { imageHeader } from '@shared/images/image-header';
import { describe, expect, it } from 'vitest';
import { ImageError } from './image-error';
import { isNormalisedImage, NORMALISED_MAX_SIDE, normaliseImage } from './index';
import { decodeJpeg, jpegScanCount } from './jpeg';
import { decodePng, encodePng } from './png';
import { craftPng, gradient, jpegOf, pngBomb, pngOf, withExif } from './test-fixtures';

const FOUR_MP = 4_000_000;

/** Wall time and the growth of the process's memory (array buffers included) while `fn` runs. */
function measure(fn: () => void): { ms: number; grewMb: number } {
  const before = process.memoryUsage();
  const t0 = performance.now();
  fn();
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  const grew = after.arrayBuffers - before.arrayBuffers + (after.heapUsed - before.heapUsed);
  return { ms, grewMb: grew / 1024 / 1024 };
}

describe('bounded PNG decoding', () => {
  it('refuses a bomb whose header claims too many pixels before inflating a byte', () => {
    const bomb = pngBomb(50_000, 50_000, 1024 * 1024);
    expect(bomb.length).toBeLessThan(10 * 1024);

    let error: unknown;
    const cost = measure(() => {
      try {
        normaliseImage(bomb, { maxPixels: FOUR_MP });
      } catch (e) {
        error = e;
      }
    });

    expect(error).toBeInstanceOf(ImageError);
    expect(cost.ms).toBeLessThan(200);
  });

  it('stops a stream that inflates past its modest dimensions after one slice, in little memory', () => {
    // 1000 x 1000 RGBA needs 4,001,000 bytes; the stream holds 48 MB of zeros in ~48 KB.
    const bomb = pngBomb(1000, 1000);
    expect(bomb.length).toBeLessThan(64 * 1024);

    let error: unknown;
    const cost = measure(() => {
      try {
        decodePng(bomb, { maxPixels: FOUR_MP });
      } catch (e) {
        error = e;
      }
    });

    expect((error as Error).message).toBe('PNG data inflates past its dimensions');
    expect(cost.ms).toBeLessThan(500);
    expect(cost.grewMb).toBeLessThan(24);
  });

  it('refuses truncated data, bad CRCs and unknown critical chunks', () => {
    const good = pngOf(120, 120);
    const short = craftPng({ width: 10, height: 10, raw: new Uint8Array(10) });
    const badCrc = good.slice();
    badCrc[29] = (badCrc[29]! + 1) & 0xff; // last CRC byte of IHDR

    expect(() => decodePng(short, { maxPixels: FOUR_MP })).toThrowError(ImageError);
    expect(() => decodePng(badCrc, { maxPixels: FOUR_MP })).toThrowError(/bad CRC/);
    expect(() => decodePng(good.subarray(0, good.length - 20), { maxPixels: FOUR_MP })).toThrowError(
      ImageError,
    );
  });

  it('reads palette with tRNS, 16-bit grey and Adam7 interlacing into the right RGBA', () => {
    // 2x1 palette image, 8-bit indexes 1 and 0; entry 0 half transparent.
    const palette = decodePng(
      craftPng({
        width: 2,
        height: 1,
        colourType: 3,
        raw: Uint8Array.of(0, 1, 0),
        plte: Uint8Array.of(255, 0, 0, 0, 0, 255),
        trns: Uint8Array.of(128),
      }),
      { maxPixels: FOUR_MP },
    );
    expect([...palette.rgba]).toEqual([0, 0, 255, 255, 255, 0, 0, 128]);

    const grey16 = decodePng(
      craftPng({ width: 1, height: 1, colourType: 0, depth: 16, raw: Uint8Array.of(0, 0x80, 0x00) }),
      { maxPixels: FOUR_MP },
    );
    expect([...grey16.rgba]).toEqual([128, 128, 128, 255]);

    // 3x3 grey 8-bit interlaced: passes 1 (0,0), 2 none, 3 none, 4 (2,0), 5 (0,2)(2,2), 6 (1,0)(1,2), 7 row 1.
    const value = (x: number, y: number) => 10 * y + x;
    const rows = (pts: [number, number][][]) =>
      pts.flatMap((row) => [0, ...row.map(([x, y]) => value(x, y))]);
    const raw = Uint8Array.from([
      ...rows([[[0, 0]]]),
      ...rows([[[2, 0]]]),
      ...rows([
        [
          [0, 2],
          [2, 2],
        ],
      ]),
      ...rows([[[1, 0]], [[1, 2]]]),
      ...rows([
        [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
      ]),
    ]);
    const interlaced = decodePng(craftPng({ width: 3, height: 3, colourType: 0, interlace: 1, raw }), {
      maxPixels: FOUR_MP,
    });
    const greys = [];
    for (let i = 0; i < 9; i++) greys.push(interlaced.rgba[i * 4]);
    expect(greys).toEqual([0, 1, 2, 10, 11, 12, 20, 21, 22]);
  });

  it('encodes what it decodes (opaque as RGB, transparent as RGBA)', () => {
    const image = gradient(37, 23, true);
    const back = decodePng(encodePng(image), { maxPixels: FOUR_MP });
    expect(back).toEqual({ width: 37, height: 23, rgba: image.rgba });
    expect(encodePng(gradient(5, 5))[25]).toBe(2);
    expect(encodePng(image)[25]).toBe(6);
  });
});

describe('bounded JPEG decoding', () => {
  it('decodes within the pixel bound and refuses beyond it', () => {
    const jpeg = jpegOf(300, 200);
    expect(decodeJpeg(jpeg, { maxPixels: FOUR_MP })).toMatchObject({ width: 300, height: 200 });
    expect(() => decodeJpeg(jpeg, { maxPixels: 50_000 })).toThrowError(ImageError);
  });

  it('refuses a file with more than 100 scans before decoding it', () => {
    const header = jpegOf(120, 120);
    const sos = Uint8Array.of(0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 63, 0, 0x12, 0x34);
    const many = new Uint8Array(header.length + 101 * sos.length);
    const eoi = header.length - 2;
    many.set(header.subarray(0, eoi));
    for (let i = 0; i < 101; i++) many.set(sos, eoi + i * sos.length);
    many.set([0xff, 0xd9], eoi + 101 * sos.length);

    expect(jpegScanCount(header)).toBe(1);
    expect(jpegScanCount(many)).toBe(102);
    expect(() => decodeJpeg(many, { maxPixels: FOUR_MP })).toThrowError('JPEG has too many scans');
  });
});

describe('normalised copies', () => {
  it('shrinks a PNG to the normalised side, keeping proportions and transparency', () => {
    const out = normaliseImage(pngOf(1800, 900, true), { maxPixels: FOUR_MP });

    expect(out).toMatchObject({ contentType: 'image/png', width: NORMALISED_MAX_SIDE, height: 300 });
    expect(imageHeader(out.bytes)).toEqual({ kind: 'png', width: 600, height: 300 });
    const decoded = decodePng(out.bytes, { maxPixels: FOUR_MP });
    expect(decoded.rgba[3]).toBe(0); // the transparent band survives
    expect(decoded.rgba[(299 * 600 + 599) * 4 + 3]).toBe(255);
    expect(isNormalisedImage(out)).toBe(true);
  });

  it('re-encodes a JPEG without its metadata, and leaves small images at their size', () => {
    const original = withExif(jpegOf(400, 250));
    expect(Buffer.from(original).includes('GPSLatitude')).toBe(true);

    const out = normaliseImage(original, { maxPixels: FOUR_MP });

    expect(out).toMatchObject({ contentType: 'image/jpeg', width: 400, height: 250 });
    expect(Buffer.from(out.bytes).includes('GPSLatitude')).toBe(false);
    expect(imageHeader(out.bytes)).toEqual({ kind: 'jpeg', width: 400, height: 250 });
  });

  it('tells a normalised image from one that is not, by its header alone', () => {
    const small = normaliseImage(pngOf(200, 100), { maxPixels: FOUR_MP });
    const big = pngOf(800, 100);

    expect(isNormalisedImage(small)).toBe(true);
    expect(isNormalisedImage({ ...small, width: 201 })).toBe(false);
    expect(isNormalisedImage({ ...small, contentType: 'image/jpeg' })).toBe(false);
    expect(isNormalisedImage({ bytes: big, contentType: 'image/png', width: 800, height: 100 })).toBe(false);
    expect(
      isNormalisedImage({ bytes: pngBomb(500, 500), contentType: 'image/png', width: 500, height: 500 }),
    ).toBe(true); // the header is all it reads: the renderer's decoder is bounded by these dimensions
  });
});
