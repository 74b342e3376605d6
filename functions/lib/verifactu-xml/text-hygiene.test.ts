import { safeMultiline, safeText } from '@shared/schemas/text';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml';

/** XML 1.0 (5th ed.) §2.2 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** Any UTF-16 string: controls, noncharacters and lone surrogates included. */
const anyUtf16 = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0, 7, 0x1b, 0xd800, 0xdfff, 0xfffe)), {
    maxLength: 40,
  })
  .map((units) => String.fromCharCode(...units));
const anyText = fc.oneof(anyUtf16, fc.string({ unit: 'binary', maxLength: 40 }));

describe('text accepted at the API edge is legal in the AEAT XML (issue 12 item 9)', () => {
  it.each([
    ['safeText', safeText],
    ['safeMultiline', safeMultiline],
  ])('whatever %s accepts serialises into XML 1.0 Chars only', (_name, schema) => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const parsed = schema().safeParse(raw);
        if (!parsed.success) return;
        expect(`<sf:NombreRazon>${escapeXml(parsed.data)}</sf:NombreRazon>`).toMatch(XML_CHARS);
      }),
      { numRuns: 2000 },
    );
  });

  it('the property can fail: unchecked text is not always legal XML', () => {
    expect(`<a>${escapeXml('a\u0000b')}</a>`).not.toMatch(XML_CHARS);
    expect(`<a>${escapeXml('a\uD800b')}</a>`).not.toMatch(XML_CHARS);
  });
});
