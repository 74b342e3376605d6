import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import type { Customer } from '@shared/schemas/customers';
import { IMPORT_COLUMNS } from '@shared/schemas/invoice-import';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bpOf,
  centsOf,
  customersByTaxId,
  dateOf,
  decimalText,
  headerRowIndex,
  mapHeaders,
  missingRequired,
  type SheetCell,
  sourceRows,
  validateRows,
} from './import-rows';

const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
const ctx = { companyId: 'co-1', now: '2026-03-02T10:00:00.000Z' };

/** A sheet in the template's layout from rows of partial values by header. */
function sheet(rows: Record<string, SheetCell>[]): SheetCell[][] {
  return [HEADERS, ...rows.map((r) => HEADERS.map((h) => r[h] ?? null))];
}

const validate = (rows: SheetCell[][]) => {
  const h = headerRowIndex(rows);
  const mapping = mapHeaders(rows[h]!.map(String));
  return validateRows(sourceRows(rows, h, mapping), ctx);
};

const base = {
  Fecha: '15/03/2026',
  'NIF cliente': '12345678Z',
  'Nombre cliente': 'Ferretería López',
  Descripción: 'Reparación',
  Cantidad: 2,
  'Precio unitario': '100,50',
  'Tipo IVA %': 21,
};

describe('column mapping', () => {
  it('maps the template headers 1:1 and Spanish/English aliases regardless of accents and case', () => {
    const m = mapHeaders(HEADERS);
    expect(m.map((x) => x.field)).toEqual(IMPORT_COLUMNS.map((c) => c.field));
    expect(missingRequired(m)).toEqual([]);
    const aliases = mapHeaders([
      'DESCRIPCION',
      'invoice date',
      'Unit price',
      'IVA',
      'Columna rara',
      'concepto',
    ]);
    expect(aliases.map((x) => x.field)).toEqual([
      'description',
      'invoiceDate',
      'unitPrice',
      'vatRatePercent',
      null,
      null,
    ]);
  });

  it('lets the caller override or ignore columns, and names the required ones missing', () => {
    const m = mapHeaders(['Importe', 'Fecha', 'Concepto'], { importe: 'unitPrice', Fecha: null });
    expect(m.map((x) => x.field)).toEqual(['unitPrice', null, 'description']);
    expect(missingRequired(m)).toEqual(['invoiceDate', 'vatRatePercent']);
  });
});

describe('cell parsing', () => {
  it('reads es-ES and plain decimals without float drift', () => {
    expect(decimalText('1.234,56')).toBe('1234.56');
    expect(decimalText('1,234.56')).toBe('1234.56');
    expect(decimalText('1.234.567')).toBe('1234567');
    expect(decimalText(' 12,5 € ')).toBe('12.5');
    expect(decimalText(0.1 + 0.2)).toBe('0.3');
    expect(centsOf('100,50')).toBe(10_050);
    expect(centsOf(1.005 * 100)).toBe(10_050);
    expect(() => centsOf('1,234')).toThrow(/2 decimales/);
    expect(() => centsOf('abc')).toThrow(/número/);
    expect(bpOf('21%')).toBe(2100);
    expect(bpOf(0.21)).toBe(2100);
    expect(bpOf('5,2')).toBe(520);
  });

  it('reads any amount in céntimos written in either notation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const whole = Math.floor(cents / 100);
        const frac = String(cents % 100).padStart(2, '0');
        const es = `${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
        expect(centsOf(es)).toBe(cents);
        expect(centsOf(`${whole}.${frac}`)).toBe(cents);
        expect(centsOf(cents / 100)).toBe(cents);
      }),
    );
  });

  it('reads dates as ISO, DD/MM/AAAA or Excel serials and refuses impossible ones', () => {
    expect(dateOf('2026-03-15')).toBe('2026-03-15');
    expect(dateOf('5/3/2026')).toBe('2026-03-05');
    expect(dateOf(46096)).toBe('2026-03-15');
    expect(() => dateOf('31/02/2026')).toThrow(/no existe/);
    expect(() => dateOf('marzo')).toThrow(/DD\/MM\/AAAA/);
  });
});

describe('validation of rows', () => {
  it('groups rows by reference into invoices with several lines and exact totals', () => {
    const v = validate(
      sheet([
        { ...base, Referencia: 'A-1' },
        { Referencia: 'A-1', Descripción: 'Material', 'Precio unitario': 20, 'Tipo IVA %': 10 },
        { ...base, Referencia: 'B-1', 'Retención IRPF %': 15, Cantidad: null },
      ]),
    );
    expect(v.counts).toEqual({
      rows: 3,
      validRows: 3,
      invalidRows: 0,
      invoices: 2,
      validInvoices: 2,
      invalidInvoices: 0,
    });
    const [a, b] = v.invoices;
    expect(a!.rows).toEqual([2, 3]);
    const expected = computeInvoiceTotals({
      lines: [
        { quantityMilli: 2000, unitPriceCents: 10_050, vatRateBp: 2100 },
        { quantityMilli: 1000, unitPriceCents: 2000, vatRateBp: 1000 },
      ],
    });
    expect(a!.totalCents).toBe(expected.totalCents);
    // 100,50 + 21 % - 15 % = 100,50 + 21,11 - 15,08 = 106,53.
    expect(b!.totalCents).toBe(10_653);
    expect(b!.body).toMatchObject({
      irpfRateBp: 1500,
      invoiceLines: [{ quantity: 1, unitPriceCents: 10_050 }],
    });
  });

  it('flags exactly the row and column of each problem, and only its invoice', () => {
    const v = validate(
      sheet([
        { ...base, Referencia: 'OK-1' },
        { ...base, Referencia: 'BAD-NIF', 'NIF cliente': '12345678A' },
        { ...base, Referencia: 'BAD-LINE' },
        { Referencia: 'BAD-LINE', Descripción: 'Otra', 'Precio unitario': 'diez', 'Tipo IVA %': 21 },
        { ...base, Referencia: 'BAD-DATE', Fecha: '2026-02-30' },
        { ...base, Referencia: 'BAD-VAT', 'Tipo IVA %': 17 },
      ]),
    );
    const bad = v.report.filter((r) => !r.ok);
    expect(bad.map((r) => [r.row, r.invoiceRef, r.errors.map((e) => e.field)])).toEqual([
      [3, 'BAD-NIF', ['NIF cliente']],
      [5, 'BAD-LINE', ['Precio unitario']],
      [6, 'BAD-DATE', ['Fecha']],
      [7, 'BAD-VAT', ['Tipo IVA %']],
    ]);
    expect(bad[0]!.errors[0]!.message).toMatch(/NIF|letra/i);
    expect(v.invoices.map((i) => [i.invoiceRef, i.ok])).toEqual([
      ['OK-1', true],
      ['BAD-NIF', false],
      ['BAD-LINE', false],
      ['BAD-DATE', false],
      ['BAD-VAT', false],
    ]);
    expect(v.invoices.find((i) => !i.ok)!.body).toBeNull();
  });

  it('applies the API rules that need the totals: identification of F1, cash limit, F2 limit', () => {
    const v = validate(
      sheet([
        { ...base, Referencia: 'NO-NIF', 'NIF cliente': null, 'Nombre cliente': null },
        { ...base, Referencia: 'CASH', 'Forma de pago': 'Efectivo', 'Precio unitario': 600 },
        { ...base, Referencia: 'F2', 'Tipo de factura': 'F2', 'Precio unitario': 3000 },
        { ...base, Referencia: 'EXEMPT', 'Tipo IVA %': 21, 'Causa de exención': 'E1' },
      ]),
    );
    const fields = Object.fromEntries(v.report.map((r) => [r.invoiceRef, r.errors.map((e) => e.field)]));
    expect(fields).toEqual({
      'NO-NIF': ['NIF cliente'],
      CASH: ['Forma de pago'],
      F2: ['Tipo de factura'],
      EXEMPT: ['Tipo IVA %'],
    });
  });

  it('refuses invoice-level values that differ between rows of the same invoice', () => {
    const v = validate(
      sheet([
        { ...base, Referencia: 'X' },
        { ...base, Referencia: 'X', Fecha: '16/03/2026' },
      ]),
    );
    expect(v.report[1]!.errors).toEqual([{ field: 'Fecha', message: expect.stringMatching(/primera fila/) }]);
    expect(v.invoices[0]!.ok).toBe(false);
  });

  it('links an invoice to the stored customer with its NIF, whose VAT treatment then applies', () => {
    const retailer: Customer = {
      customerId: 'c-ret',
      companyId: 'co-1',
      name: 'Ferretería López',
      taxId: '12345678Z',
      address: {
        street: 'Calle Mayor 1',
        postalCode: '28013',
        city: 'Madrid',
        province: 'Madrid',
        country: 'ES',
      },
      paymentTermsDays: 30,
      vatTreatment: 'RECARGO_EQUIVALENCIA',
      isActive: true,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    const inactive: Customer = { ...retailer, customerId: 'c-old', taxId: 'B12345674', isActive: false };
    const rows = sheet([
      { ...base, Referencia: 'R', 'NIF cliente': '12.345.678-z' },
      { ...base, Referencia: 'S', 'NIF cliente': 'B12345674' },
    ]);
    const mapping = mapHeaders(rows[0]!.map(String));
    const v = validateRows(sourceRows(rows, 0, mapping), {
      ...ctx,
      customers: customersByTaxId([retailer, inactive]),
    });
    const [r, s] = v.invoices;
    expect(r!.body).toMatchObject({ customerId: 'c-ret', customer: { nif: '12.345.678-z' } });
    // 201,00 + 21 % (42,21) + recargo 5,2 % (10,45) = 253,66.
    expect(r!.totalCents).toBe(25_366);
    expect(s!.body!.customerId).toBeUndefined();
    expect(s!.totalCents).toBe(24_321);
  });

  it('makes each row without reference its own invoice and skips blank rows', () => {
    const rows = sheet([base, base]);
    rows.splice(
      2,
      0,
      HEADERS.map(() => null),
    );
    const v = validate(rows);
    expect(v.invoices.map((i) => [i.invoiceRef, i.rows])).toEqual([
      ['fila-2', [2]],
      ['fila-4', [4]],
    ]);
  });
});
