import { describe, expect, it } from 'vitest';
import { imageHeader, imageKind } from './image-header';

const png = (width: number, height: number) => {
  const b = new Uint8Array(33);
  const v = new DataView(b.buffer);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  v.setUint32(8, 13);
  b.set([0x49, 0x48, 0x44, 0x52], 12);
  v.setUint32(16, width);
  v.setUint32(20, height);
  return b;
};

/** SOI, an APP0 segment, a comment with 0xFF bytes inside, then SOF2 (progressive) 640 × 480. */
const jpeg = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xfe, 0x00, 0x05, 0xff, 0xff, 0x00, 0xff,
  0xc2, 0x00, 0x0b, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
]);

describe('image headers, read without decoding', () => {
  it('reads the PNG IHDR, even one claiming 4 billion pixels per side', () => {
    expect(imageHeader(png(300, 120))).toEqual({ kind: 'png', width: 300, height: 120 });
    expect(imageHeader(png(0xffffffff, 2))).toEqual({ kind: 'png', width: 0xffffffff, height: 2 });
  });

  it('walks JPEG segments to the frame header (any SOFn)', () => {
    expect(imageHeader(jpeg)).toEqual({ kind: 'jpeg', width: 640, height: 480 });
  });

  it('gives null for truncated headers, a scan before the frame and a zero size', () => {
    expect(imageHeader(png(300, 120).subarray(0, 24))).toBeNull();
    expect(imageHeader(png(0, 120))).toBeNull();
    expect(imageHeader(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeNull();
    expect(imageHeader(jpeg.subarray(0, 20))).toBeNull();
  });

  it('tells SVG by its content and knows nothing else', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(imageKind(enc('\uFEFF<?xml version="1.0"?>\n<!-- x --><svg width="1"/>'))).toBe('svg');
    expect(imageKind(enc('<html><body>svg</body></html>'))).toBeNull();
    expect(imageKind(enc('GIF89a'))).toBeNull();
    expect(imageHeader(enc('<svg/>'))).toBeNull();
  });
});
