/**
 * The invoice form with a customer under the one-stop shop (OSS): the live preview charges the rate of
 * the customer's member state as the API will (N2 with that state), and a stored OSS line comes back
 * as a taxed line at its rate.
 */
import type { InvoiceLine } from '@shared/schemas/invoices';
import { ossRateOptions } from '@web/components/invoice-lines-editor';
import { lineValuesOf } from '@web/lib/invoice-lines';
import { describe, expect, it } from 'vitest';
import { breakdownLabel } from '../components/totals-preview';
import { type InvoiceFormValues, initialValues, previewTotals } from './invoice-form';

const values = (vatRateBp: number, extra: Partial<InvoiceFormValues> = {}): Partial<InvoiceFormValues> => ({
  ...initialValues('2026-02-10'),
  lines: [{ description: 'Plantilla web', quantity: '1', unitPrice: '100,00', vatRateBp, treatment: 'S1' }],
  ...extra,
});

describe('invoice form: OSS customer', () => {
  it('previews the VAT of the member state of consumption, grouped under it', () => {
    const p = previewTotals(values(2000), false, 'FR');
    expect(p.error).toBeNull();
    expect(p.totals?.breakdown).toEqual([
      {
        operation: 'N2',
        vatRateBp: 2000,
        recargoRateBp: 0,
        ossCountry: 'FR',
        baseCents: 10_000,
        vatCents: 2000,
        recargoCents: 0,
      },
    ]);
    expect(p.totals?.totalCents).toBe(12_000);
    expect(breakdownLabel(p.totals!.breakdown[0]!)).toBe('IVA FR 20 % (OSS)');
  });

  it('says a Spanish rate is not one of the state’s, and takes the rates of the operation date', () => {
    expect(previewTotals(values(2100), false, 'FR').error).toMatch(/Estado miembro de consumo \(FR\)/);
    expect(previewTotals(values(1400, { invoiceDate: '2026-01-15' }), false, 'FI').error).not.toBeNull();
    expect(previewTotals(values(1400, { invoiceDate: '2025-12-15' }), false, 'FI').error).toBeNull();
  });

  it('offers the state’s rates on the date, standard first', () => {
    expect(ossRateOptions('FR', '2026-02-10')).toEqual([
      { value: 2000, label: '20 % (general)' },
      { value: 1000, label: '10 % (reducido)' },
      { value: 550, label: '5,5 % (reducido)' },
      { value: 210, label: '2,1 % (superreducido)' },
    ]);
    expect(ossRateOptions('ES', '2026-02-10')).toEqual([]);
  });

  it('a stored OSS line comes back as a taxed line at its rate (the customer makes it OSS again)', () => {
    const line: InvoiceLine = {
      description: 'Plantilla web',
      quantityMilli: 1000,
      unitPriceCents: 10_000,
      discountBp: 0,
      vatRateBp: 2000,
      operation: 'N2',
      recargo: false,
      ossCountry: 'FR',
      baseCents: 10_000,
    };
    expect(lineValuesOf(line)).toMatchObject({ treatment: 'S1', vatRateBp: 2000 });
    expect(lineValuesOf({ ...line, ossCountry: undefined, vatRateBp: 0 })).toMatchObject({ treatment: 'N2' });
  });
});
