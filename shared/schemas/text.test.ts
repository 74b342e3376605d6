import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateCustomerBody } from './customers';
import { CreateInvoiceBody } from './invoices';
import { isSafeMultiline, isSafeText, safeMultiline, safeText, UNSAFE_TEXT_MESSAGE } from './text';
import { CancelSubmissionBody } from './verifactu';

/** Any UTF-16 string, lone surrogates and every control included. */
const anyUtf16 = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((units) => String.fromCharCode(...units));
/** Well-formed text over all of Unicode (code points, so no lone surrogate). */
const wellFormed = fc.string({ unit: 'binary', maxLength: 40 });
const c0 = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

describe('safeText / safeMultiline (issue 12 item 9)', () => {
  it('refuses any string with a C0 control (line breaks included) or a lone surrogate', () => {
    fc.assert(
      fc.property(wellFormed, fc.oneof(c0, loneSurrogate), wellFormed, (before, bad, after) => {
        // Inner position: a control at either end would be trimmed away as whitespace if it is one.
        const result = safeText().safeParse(`x${before}${bad}${after}x`);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
      }),
    );
  });

  it('multi-line fields take tab, LF and CR but refuse every other C0 control and lone surrogates', () => {
    const otherControl = c0.filter((c) => !'\t\n\r'.includes(c));
    fc.assert(
      fc.property(wellFormed, fc.oneof(otherControl, loneSurrogate), wellFormed, (before, bad, after) => {
        expect(safeMultiline().safeParse(`${before}${bad}${after}`).success).toBe(false);
      }),
    );
    expect(safeMultiline().parse('Primera línea\r\n\tSegunda línea\n')).toBe(
      'Primera línea\r\n\tSegunda línea\n',
    );
  });

  it('accepts ordinary Spanish text, astral characters and a trailing pasted line break in a single line', () => {
    expect(safeText().parse('Panadería «La Espiga» — Ñandú 😀')).toBe('Panadería «La Espiga» — Ñandú 😀');
    expect(safeText().parse('  Javier Romero\n')).toBe('Javier Romero');
    expect(safeText().safeParse('Javier\nRomero').success).toBe(false);
    expect(safeText().safeParse('Javier\u0085Romero').success).toBe(false);
    expect(safeText().safeParse('Javier\uFFFE').success).toBe(false);
  });

  it('the predicates agree with the schemas on any UTF-16 string', () => {
    fc.assert(
      fc.property(anyUtf16, (s) => {
        expect(safeMultiline().safeParse(s).success).toBe(isSafeMultiline(s));
        if (s === s.trim()) expect(safeText().safeParse(s).success).toBe(isSafeText(s));
      }),
    );
  });
});

describe('request schemas use them', () => {
  const customer = {
    name: 'Cliente',
    taxId: 'B12345674',
    address: { street: 'Calle Mayor 1', postalCode: '28001', city: 'Madrid' },
  };
  const invoice = {
    invoiceType: 'F1',
    invoiceDate: '2027-03-01',
    customerId: 'c1',
    invoiceLines: [{ description: 'Servicio', quantity: 1, unitPriceCents: 100, vatRateBp: 2100 }],
  };

  it('refuses a customer name with a NUL on the name field, with the Spanish message', () => {
    const result = CreateCustomerBody.safeParse({ ...customer, name: 'Cliente\u0000 SL' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['name'], message: UNSAFE_TEXT_MESSAGE }),
    );
  });

  it('refuses a lone surrogate in an address line', () => {
    const result = CreateCustomerBody.safeParse({
      ...customer,
      address: { ...customer.address, street: 'Calle \uD800 Mayor' },
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['address', 'street'],
      message: UNSAFE_TEXT_MESSAGE,
    });
  });

  it('lets invoice notes and line descriptions span lines, but not carry a bell', () => {
    const multi = {
      ...invoice,
      notes: 'Pago a 30 días.\nGracias.',
      invoiceLines: [{ ...invoice.invoiceLines[0], description: 'Pan\nBollería' }],
    };
    expect(CreateInvoiceBody.safeParse(multi).success).toBe(true);
    const bell = CreateInvoiceBody.safeParse({ ...invoice, notes: 'ding\u0007' });
    expect(bell.error?.issues[0]).toMatchObject({ path: ['notes'], message: UNSAFE_TEXT_MESSAGE });
  });

  it('refuses a control character in the text a VeriFacTu cancellation sends', () => {
    const result = CancelSubmissionBody.safeParse({ reason: 'Error de emisión\u001b[31m' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['reason'], message: UNSAFE_TEXT_MESSAGE });
  });
});
