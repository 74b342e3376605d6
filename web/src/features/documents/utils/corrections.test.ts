import type { Extraction } from '@shared/schemas/documents';
import { describe, expect, it } from 'vitest';
import { correctionsOf, draftOf } from './corrections';

const read: Extraction = {
  supplierName: 'Suministros Levante SL',
  supplierNif: 'B12345678',
  customerName: 'Panadería La Espiga SL',
  customerNif: 'B87654321',
  invoiceNumber: 'F-2026-101',
  issueDate: '2026-03-14',
  bases: [
    { quotaCents: 2100, rateBp: 2100, baseCents: 10000 },
    { rateBp: 1000, baseCents: 5000, quotaCents: 500 },
  ],
  recargo: [],
  irpf: { rateBp: 1500, amountCents: 1500 },
  totalCents: 16100,
  currency: 'EUR',
  confidence: { supplierNif: 1, totalCents: 0.9 },
  source: 'TEXT',
};

describe('the review corrections (only what the reviewer changed)', () => {
  it('sends nothing when the form is approved as read, whatever the key order of the server', () => {
    const result = correctionsOf(read, draftOf(read));
    expect(result).toEqual({ ok: true, corrections: {}, changed: [] });
  });

  it('sends the changed fields only, parsed to céntimos and basis points', () => {
    const draft = draftOf(read);
    draft.supplierNif = 'b-1234567 9';
    draft.total = '161,01';
    draft.bases[1] = { rate: '10', base: '50,01', quota: '5,00' };
    const result = correctionsOf(read, draft);
    expect(result).toEqual({
      ok: true,
      corrections: {
        supplierNif: 'B12345679',
        totalCents: 16101,
        bases: [
          { rateBp: 2100, baseCents: 10000, quotaCents: 2100 },
          { rateBp: 1000, baseCents: 5001, quotaCents: 500 },
        ],
      },
      changed: ['supplierNif', 'totalCents', 'bases'],
    });
  });

  it('removing the IRPF and emptying a name are corrections (null)', () => {
    const draft = draftOf(read);
    draft.irpfRate = '';
    draft.irpfAmount = '';
    draft.customerName = '  ';
    const result = correctionsOf(read, draft);
    expect(result).toMatchObject({ ok: true, corrections: { irpf: null, customerName: null } });
    expect(result.ok && result.changed).toEqual(['customerName', 'irpf']);
  });

  it('refuses what is not an amount, a rate or an ISO date, in Spanish', () => {
    const draft = draftOf(read);
    draft.total = 'doce';
    draft.issueDate = '14/03/2026';
    draft.bases[0] = { rate: '121', base: '100', quota: '21' };
    const result = correctionsOf(read, draft);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'Base 1, tipo: porcentaje no válido',
      'Total: importe no válido',
      'La fecha debe tener el formato AAAA-MM-DD.',
    ]);
  });

  it('a document read with nothing gives every filled field as a correction', () => {
    const draft = draftOf(null);
    draft.invoiceNumber = 'A-1';
    draft.total = '12,10';
    const result = correctionsOf(null, draft);
    expect(result).toEqual({
      ok: true,
      corrections: { invoiceNumber: 'A-1', totalCents: 1210 },
      changed: ['invoiceNumber', 'totalCents'],
    });
  });
});
