/**
 * A drop-in for `@pdf-lib/standard-fonts` that carries the metrics of Helvetica and Helvetica-Bold
 * only, the two fonts the invoice PDF uses. The Lambda bundles alias the package to this file
 * (infra/cdk/bundling.ts): the other twelve fonts' compressed metrics are ~90 KB of the pdf
 * bundle that no code path draws with. Loading any other font fails loudly instead of silently.
 *
 * Same exports and behaviour as the package's `Font.js` (pdf-lib imports `Font`, `FontNames`,
 * `Encodings`); the encodings and the decompression are the package's own files, imported by
 * relative path so the alias does not apply to them. Tests run against the real package and a
 * test checks this module gives the same metrics.
 */

import { Encodings } from '../../../node_modules/@pdf-lib/standard-fonts/es/Encoding.js';
import HelveticaCompressed from '../../../node_modules/@pdf-lib/standard-fonts/es/Helvetica.compressed.json';
import HelveticaBoldCompressed from '../../../node_modules/@pdf-lib/standard-fonts/es/Helvetica-Bold.compressed.json';
import { decompressJson } from '../../../node_modules/@pdf-lib/standard-fonts/es/utils.js';

export { Encodings };

export enum FontNames {
  Courier = 'Courier',
  CourierBold = 'Courier-Bold',
  CourierOblique = 'Courier-Oblique',
  CourierBoldOblique = 'Courier-BoldOblique',
  Helvetica = 'Helvetica',
  HelveticaBold = 'Helvetica-Bold',
  HelveticaOblique = 'Helvetica-Oblique',
  HelveticaBoldOblique = 'Helvetica-BoldOblique',
  TimesRoman = 'Times-Roman',
  TimesRomanBold = 'Times-Bold',
  TimesRomanItalic = 'Times-Italic',
  TimesRomanBoldItalic = 'Times-BoldItalic',
  Symbol = 'Symbol',
  ZapfDingbats = 'ZapfDingbats',
}

const compressedJsonForFontName: Partial<Record<string, string>> = {
  Helvetica: HelveticaCompressed as unknown as string,
  'Helvetica-Bold': HelveticaBoldCompressed as unknown as string,
};

/** The font names whose metrics this module carries. */
export const BUNDLED_FONTS = Object.keys(compressedJsonForFontName);

type CharMetric = { N: string; WX: number };

const fontCache: Record<string, Font> = {};

export class Font {
  [key: string]: unknown;
  CharMetrics!: CharMetric[];
  KernPairs!: [string, string, number][];
  CharWidths!: Record<string, number>;
  KernPairXAmounts!: Record<string, Record<string, number>>;

  getWidthOfGlyph = (glyphName: string): number => this.CharWidths[glyphName]!;

  getXAxisKerningForPair = (leftGlyphName: string, rightGlyphName: string): number | undefined =>
    this.KernPairXAmounts[leftGlyphName]?.[rightGlyphName];

  static load(fontName: string): Font {
    const cached = fontCache[fontName];
    if (cached) return cached;
    const compressed = compressedJsonForFontName[fontName];
    if (compressed === undefined) {
      throw new Error(
        `The standard font ${fontName} is not bundled: only ${BUNDLED_FONTS.join(', ')} (functions/lib/pdf/standard-fonts-helvetica.ts)`,
      );
    }
    const font: Font = Object.assign(new Font(), JSON.parse(decompressJson(compressed)) as object);
    font.CharWidths = font.CharMetrics.reduce(
      (acc: Record<string, number>, metric: CharMetric) => {
        acc[metric.N] = metric.WX;
        return acc;
      },
      {} as Record<string, number>,
    );
    font.KernPairXAmounts = font.KernPairs.reduce(
      (acc: Record<string, Record<string, number>>, [name1, name2, width]: [string, string, number]) => {
        acc[name1] ??= {};
        acc[name1][name2] = width;
        return acc;
      },
      {} as Record<string, Record<string, number>>,
    );
    fontCache[fontName] = font;
    return font;
  }
}
