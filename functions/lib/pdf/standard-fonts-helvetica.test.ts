import {
  Encodings as RealEncodings,
  Font as RealFont,
  FontNames as RealFontNames,
} from '@pdf-lib/standard-fonts';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONTS, Encodings, Font, FontNames } from './standard-fonts-helvetica';

describe('the Helvetica-only @pdf-lib/standard-fonts of the Lambda bundles', () => {
  it('gives the same metrics and kerning as the package for Helvetica and Helvetica-Bold', () => {
    expect(BUNDLED_FONTS).toEqual(['Helvetica', 'Helvetica-Bold']);
    for (const name of BUNDLED_FONTS) {
      const lite = Font.load(name);
      // The package types hide the metric tables; they are plain fields at run time.
      const real = RealFont.load(name as Parameters<typeof RealFont.load>[0]) as unknown as Font;
      expect(lite.CharWidths).toEqual(real.CharWidths);
      expect(lite.KernPairXAmounts).toEqual(real.KernPairXAmounts);
      expect(lite.FontBBox).toEqual(real.FontBBox);
      expect(lite.Ascender).toBe(real.Ascender);
      expect(lite.getWidthOfGlyph('Euro')).toBe(real.getWidthOfGlyph('Euro'));
      expect(lite.getXAxisKerningForPair('A', 'V')).toBe(real.getXAxisKerningForPair('A', 'V'));
      expect(lite.getXAxisKerningForPair('Q', 'zz')).toBe(real.getXAxisKerningForPair('Q', 'zz'));
      expect(Font.load(name)).toBe(lite); // cached
    }
  });

  it('exports the same font names and the package encodings', () => {
    expect({ ...FontNames }).toEqual({ ...RealFontNames });
    expect(Encodings.WinAnsi.supportedCodePoints).toEqual(RealEncodings.WinAnsi.supportedCodePoints);
    expect(Encodings.WinAnsi.encodeUnicodeCodePoint(0x20ac)).toEqual({ code: 0x80, name: 'Euro' });
  });

  it('refuses another standard font with a clear error instead of drawing garbage', () => {
    expect(() => Font.load('Times-Roman')).toThrow(
      /Times-Roman is not bundled: only Helvetica, Helvetica-Bold/,
    );
  });
});
