import { describe, expect, it } from 'vitest';
import { checkLogoHeader, LOGO_MESSAGES, logoDimensionProblem, MAX_LOGO_BYTES } from './company-logo';

const png = (width: number, height: number, size = 33) => {
  const b = new Uint8Array(size);
  const v = new DataView(b.buffer);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  v.setUint32(8, 13);
  b.set([0x49, 0x48, 0x44, 0x52], 12);
  v.setUint32(16, width);
  v.setUint32(20, height);
  return b;
};

describe('the logo rules (spec part 3 §5)', () => {
  it('keeps 100-2000 px per side and a ratio of 0.1-10, bounds included', () => {
    expect(logoDimensionProblem(100, 100)).toBeNull();
    expect(logoDimensionProblem(2000, 200)).toBeNull();
    expect(logoDimensionProblem(200, 2000)).toBeNull();
    expect(logoDimensionProblem(99, 500)?.reason).toBe('TOO_SMALL');
    expect(logoDimensionProblem(2001, 500)?.reason).toBe('TOO_LARGE');
    expect(logoDimensionProblem(2000, 199)?.reason).toBe('EXTREME_RATIO');
    expect(logoDimensionProblem(150, 1501)?.message).toBe(
      'El logo tiene proporciones extremas. Use una imagen más cuadrada',
    );
  });

  it('checks size, type, header and dimensions in that order', () => {
    expect(checkLogoHeader(png(400, 200))).toEqual({ header: { kind: 'png', width: 400, height: 200 } });
    expect(checkLogoHeader(png(40_000, 40_000, MAX_LOGO_BYTES + 1))).toEqual({
      problem: { reason: 'TOO_HEAVY', message: 'El logo es demasiado grande. Máximo: 5MB' },
    });
    expect(checkLogoHeader(new TextEncoder().encode('<svg><script>alert(1)</script></svg>'))).toEqual({
      problem: { reason: 'TYPE_NOT_ALLOWED', message: LOGO_MESSAGES.TYPE_NOT_ALLOWED },
    });
    expect(checkLogoHeader(png(400, 200).subarray(0, 16))).toMatchObject({
      problem: { reason: 'UNREADABLE' },
    });
    expect(checkLogoHeader(png(40_000, 40_000))).toMatchObject({
      problem: { message: 'El logo es demasiado grande. Máximo: 2000x2000px' },
    });
  });
});
