import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  CreateReceivedInvoiceBody,
  isReceivedRectificativa,
  RECEIVED_INVOICE_TYPES,
  UpdateReceivedInvoiceBody,
} from './received-invoices';

const line = (over: Record<string, unknown> = {}) => ({
  description: 'Material',
  quantity: '2',
  unitPriceCents: 10_000,
  vatRateBp: 2100,
  ...over,
});

const ordinary = (over: Record<string, unknown> = {}) => ({
  supplierId: 's1',
  supplierInvoiceNumber: 'F-2026/0042',
  issueDate: '2026-03-10',
  lines: [line()],
  ...over,
});

const rectificativa = (over: Record<string, unknown> = {}) =>
  ordinary({
    supplierInvoiceNumber: 'R-2026/0003',
    invoiceType: 'R1',
    rectification: {
      reason: 'Devolución de mercancía',
      rectified: [{ supplierInvoiceNumber: 'F-2026/0042', issueDate: '2026-02-27' }],
    },
    lines: [line({ quantity: '-1' }), line({ description: 'Rappel', quantity: 1, unitPriceCents: -500 })],
    ...over,
  });

/** The issues of a refused body as `path: message`. */
function issues(body: unknown, schema: z.ZodType = CreateReceivedInvoiceBody): string[] {
  const r = schema.safeParse(body);
  expect(r.success).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('received invoice type', () => {
  it('is F1 when left out, with no rectification', () => {
    const r = CreateReceivedInvoiceBody.parse(ordinary());
    expect(r.invoiceType).toBe('F1');
    expect(r.rectification).toBeUndefined();
    expect(r.lines[0]!.quantity).toBe(2000);
  });

  it('speaks the AEAT TipoFactura codes of the received book, R1–R5 being rectificativas', () => {
    expect([...RECEIVED_INVOICE_TYPES]).toEqual(['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5']);
    expect(RECEIVED_INVOICE_TYPES.filter(isReceivedRectificativa)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(issues(ordinary({ invoiceType: 'F5' }))[0]).toMatch(/^invoiceType: /);
  });
});

describe('negative amounts', () => {
  it('an ordinary invoice takes a discount line but never a negative base per VAT group, naming the line', () => {
    expect(
      CreateReceivedInvoiceBody.safeParse(ordinary({ lines: [line(), line({ unitPriceCents: -1 })] }))
        .success,
    ).toBe(true);
    expect(
      issues(ordinary({ lines: [line({ unitPriceCents: 100 }), line({ unitPriceCents: -101 })] })),
    ).toEqual([
      'lines.1.unitPriceCents: Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
    ]);
    expect(issues(ordinary({ invoiceType: 'F2', lines: [line({ quantity: '-0.5' })] }))).toEqual([
      'lines.0.quantity: Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
    ]);
    // A discount at another VAT rate does not lower this group's base.
    expect(
      issues(
        ordinary({ lines: [line({ unitPriceCents: 1000 }), line({ unitPriceCents: -10, vatRateBp: 1000 })] }),
      ),
    ).toEqual([
      'lines.1.unitPriceCents: Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
    ]);
  });

  it('a rectificativa takes negative quantities and prices (stored signed, in thousandths)', () => {
    const r = CreateReceivedInvoiceBody.parse(rectificativa());
    expect(r.lines.map((l) => [l.quantity, l.unitPriceCents])).toEqual([
      [-1000, 10_000],
      [1000, -500],
    ]);
    expect(r.rectification).toEqual({
      method: 'DIFFERENCES',
      reason: 'Devolución de mercancía',
      rectified: [{ supplierInvoiceNumber: 'F-2026/0042', issueDate: '2026-02-27' }],
    });
  });

  it('a zero quantity is refused on every invoice', () => {
    expect(issues(rectificativa({ lines: [line({ quantity: '0' })] }))).toEqual([
      'lines.0.quantity: La cantidad no puede ser cero.',
    ]);
  });

  it('the same rules hold on a correction', () => {
    expect(issues(ordinary({ lines: [line({ unitPriceCents: -5 })] }), UpdateReceivedInvoiceBody)).toEqual([
      'lines.0.unitPriceCents: Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
    ]);
    expect(UpdateReceivedInvoiceBody.safeParse(rectificativa()).success).toBe(true);
  });
});

describe('rectification', () => {
  it('a rectificativa must name what it rectifies, and only a rectificativa may', () => {
    expect(issues(ordinary({ invoiceType: 'R4' }))).toEqual([
      'rectification: Una factura rectificativa debe indicar las facturas que rectifica.',
    ]);
    expect(issues(rectificativa({ invoiceType: 'F1', lines: [line()] }))).toEqual([
      'invoiceType: Solo una factura rectificativa (R1 a R5) indica facturas rectificadas.',
    ]);
  });

  it('each rectified invoice is a registered one or has its number and date', () => {
    const ok = CreateReceivedInvoiceBody.parse(
      rectificativa({ rectification: { rectified: [{ receivedInvoiceId: 'ri-1' }] } }),
    );
    expect(ok.rectification!.rectified).toEqual([{ receivedInvoiceId: 'ri-1' }]);
    expect(
      issues(rectificativa({ rectification: { rectified: [{ supplierInvoiceNumber: 'F-1' }] } })),
    ).toEqual([
      'rectification.rectified.0.issueDate: Indica la factura rectificada registrada o su número y fecha de expedición.',
    ]);
    expect(issues(rectificativa({ rectification: { rectified: [] } }))).toEqual([
      'rectification.rectified: Indica al menos una factura rectificada.',
    ]);
  });

  it('is always by differences', () => {
    expect(
      issues(
        rectificativa({
          rectification: { method: 'SUBSTITUTION', rectified: [{ receivedInvoiceId: 'ri-1' }] },
        }),
      ),
    ).toEqual(['rectification.method: Las rectificativas recibidas se registran por diferencias.']);
  });

  it('refuses a rectified invoice issued after the rectificativa, itself, and one named twice', () => {
    const refs = (...rectified: unknown[]) => rectificativa({ rectification: { rectified } });
    expect(issues(refs({ supplierInvoiceNumber: 'F-9', issueDate: '2026-03-11' }))).toEqual([
      'rectification.rectified.0.issueDate: La factura rectificada no puede ser posterior a la rectificativa.',
    ]);
    expect(issues(refs({ supplierInvoiceNumber: 'r-2026/ 0003', issueDate: '2026-03-10' }))).toEqual([
      'rectification.rectified.0.supplierInvoiceNumber: Una factura no puede rectificarse a sí misma.',
    ]);
    expect(
      issues(
        refs(
          { receivedInvoiceId: 'ri-1' },
          { supplierInvoiceNumber: 'F-1', issueDate: '2026-01-02' },
          { receivedInvoiceId: 'ri-1' },
          { supplierInvoiceNumber: 'f-1', issueDate: '2026-01-02' },
        ),
      ),
    ).toEqual([
      'rectification.rectified.2.receivedInvoiceId: Esa factura rectificada ya está indicada.',
      'rectification.rectified.3.supplierInvoiceNumber: Esa factura rectificada ya está indicada.',
    ]);
  });
});

describe('customs document (DUA)', () => {
  const importLine = line({ kind: 'IMPORT', description: 'Mercancía importada' });

  it('is recorded, upper case, on an invoice with IMPORT lines', () => {
    const r = CreateReceivedInvoiceBody.parse(
      ordinary({ lines: [importLine], customsDocument: ' 26es00281110123456 ' }),
    );
    expect(r.customsDocument).toBe('26ES00281110123456');
  });

  it('is refused without an IMPORT line, and above 40 characters', () => {
    expect(issues(ordinary({ customsDocument: '26ES00281110123456' }))).toEqual([
      'customsDocument: El número de DUA solo se indica en una factura con líneas de importación.',
    ]);
    expect(issues(ordinary({ lines: [importLine], customsDocument: 'X'.repeat(41) }))).toEqual([
      'customsDocument: El número de DUA no puede tener más de 40 caracteres.',
    ]);
  });
});

describe('inline supplier NIF-IVA', () => {
  const inline = (supplier: Record<string, unknown>) => ordinary({ supplierId: undefined, supplier });

  it('is checked and normalised as a customer’s', () => {
    const r = CreateReceivedInvoiceBody.parse(
      inline({ name: 'Bauteile GmbH', taxId: { type: 'NIF_IVA', value: 'de 123.456.789', country: 'de' } }),
    );
    expect(r.supplier!.taxId).toEqual({ type: 'NIF_IVA', value: 'DE123456789', country: 'DE' });
    expect(
      issues(inline({ name: 'X', taxId: { type: 'NIF_IVA', value: 'DE12345678', country: 'DE' } })),
    ).toEqual(['supplier.taxId.value: El NIF-IVA no tiene el formato de DE.']);
    expect(
      issues(inline({ name: 'X', taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'DE' } })),
    ).toEqual(['supplier.taxId.value: El NIF-IVA debe empezar por el prefijo DE del país.']);
  });

  it('the supplier’s country must be the NIF-IVA’s', () => {
    const taxId = { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' };
    expect(issues(inline({ name: 'X', taxId, country: 'BE' }))).toEqual([
      'supplier.country: El país (BE) no coincide con el del NIF-IVA (FR).',
    ]);
    expect(CreateReceivedInvoiceBody.safeParse(inline({ name: 'X', taxId, country: 'fr' })).success).toBe(
      true,
    );
  });
});

describe('withholding kind and key (issue 15 item 1)', () => {
  it('are optional, so a client that predates them keeps working', () => {
    const r = CreateReceivedInvoiceBody.parse(ordinary({ irpfRateBp: 1500 }));
    expect(r.withholdingKind).toBeUndefined();
    expect(r.withholdingKey).toBeUndefined();
  });

  it('take any kind with one of its keys (normalised to upper case), or a kind alone', () => {
    expect(
      CreateReceivedInvoiceBody.parse(
        ordinary({ irpfRateBp: 700, withholdingKind: 'PROFESSIONAL', withholdingKey: ' g03 ' }),
      ),
    ).toMatchObject({ withholdingKind: 'PROFESSIONAL', withholdingKey: 'G03' });
    expect(
      UpdateReceivedInvoiceBody.parse(
        ordinary({ irpfRateBp: 1900, withholdingKind: 'RENT', withholdingKey: '-' }),
      ),
    ).toMatchObject({ withholdingKind: 'RENT', withholdingKey: '-' });
    expect(
      CreateReceivedInvoiceBody.parse(ordinary({ irpfRateBp: 1900, withholdingKind: 'CAPITAL' })),
    ).toMatchObject({ withholdingKind: 'CAPITAL' });
  });

  it('refuse a key of another kind, a key without its kind and an unknown kind, in Spanish', () => {
    expect(
      issues(ordinary({ irpfRateBp: 1500, withholdingKind: 'PROFESSIONAL', withholdingKey: 'G09' })),
    ).toEqual(['withholdingKey: La clave de retención G09 no corresponde a Actividades profesionales.']);
    expect(
      issues(
        ordinary({ irpfRateBp: 1500, withholdingKind: 'RENT', withholdingKey: 'G01' }),
        UpdateReceivedInvoiceBody,
      ),
    ).toEqual([
      'withholdingKey: La clave de retención G01 no corresponde a Arrendamiento de inmuebles urbanos.',
    ]);
    expect(issues(ordinary({ irpfRateBp: 1500, withholdingKey: 'H01' }))).toEqual([
      'withholdingKey: Indica el tipo de retención de la clave H01.',
    ]);
    expect(issues(ordinary({ irpfRateBp: 1500, withholdingKind: 'SALARY' }))).toEqual([
      'withholdingKind: El tipo de retención no es válido.',
    ]);
    expect(
      issues(ordinary({ irpfRateBp: 1500, withholdingKind: 'CAPITAL', withholdingKey: 'DIVIDENDO' })),
    ).toEqual(['withholdingKey: La clave de retención no es válida.']);
  });

  it('take the 193 and 296 keys, and refuse the internal keys stored before them (read only)', () => {
    expect(
      CreateReceivedInvoiceBody.parse(
        ordinary({ irpfRateBp: 1900, withholdingKind: 'CAPITAL', withholdingKey: 'a02' }),
      ),
    ).toMatchObject({ withholdingKind: 'CAPITAL', withholdingKey: 'A02' });
    expect(
      UpdateReceivedInvoiceBody.parse(
        ordinary({ irpfRateBp: 2400, withholdingKind: 'NON_RESIDENT', withholdingKey: '1901' }),
      ),
    ).toMatchObject({ withholdingKind: 'NON_RESIDENT', withholdingKey: '1901' });
    expect(issues(ordinary({ irpfRateBp: 1900, withholdingKind: 'CAPITAL', withholdingKey: 'INT' }))).toEqual(
      [
        'withholdingKey: La clave de retención INT no corresponde a Rendimientos del capital mobiliario ' +
          '(intereses, dividendos).',
      ],
    );
    expect(
      issues(
        ordinary({ irpfRateBp: 2400, withholdingKind: 'NON_RESIDENT', withholdingKey: '-' }),
        UpdateReceivedInvoiceBody,
      ),
    ).toEqual([
      'withholdingKey: La clave de retención - no corresponde a Rentas de no residentes sin establecimiento ' +
        'permanente.',
    ]);
  });
});
