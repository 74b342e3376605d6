import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { OPERATION_KINDS, type OperationKind, VAT_RATE_BPS } from '@shared/fiscal/vat';
import { CreateInvoiceBody } from '@shared/schemas/invoices';
import { ApiError } from '@web/lib/api-error';
import { centsToInput, formatDecimal } from '@web/lib/money-input';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiErrorsOnForm,
  formFieldOf,
  type InvoiceFormValues,
  type InvoiceLineValues,
  initialValues,
  previewTotals,
  toInvoiceBody,
  valuesFromInvoice,
} from './invoice-form';

const base = (lines: InvoiceLineValues[], extra: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  ...initialValues('2026-03-10'),
  customerMode: 'inline',
  customer: {
    nif: 'B12345674',
    name: 'Cliente SL',
    address: 'Calle Mayor 1',
    postalCode: '28001',
    city: 'Madrid',
    country: 'ES',
  },
  lines,
  ...extra,
});

/** What the API computes for a create body (functions/domains/invoices/model/build-invoice.ts). */
function serverTotals(values: InvoiceFormValues, recargoEquivalencia: boolean) {
  const body = CreateInvoiceBody.parse(
    toInvoiceBody(values, recargoEquivalencia ? 'RECARGO_EQUIVALENCIA' : 'DOMESTIC'),
  );
  return computeInvoiceTotals({
    lines: body.invoiceLines.map((l) => {
      const operation: OperationKind = l.exemptionCause ?? l.notSubject ?? (l.reverseCharge ? 'S2' : 'S1');
      return {
        quantityMilli: l.quantity,
        unitPriceCents: l.unitPriceCents,
        discountBp: l.discountBp,
        vatRateBp: l.vatRateBp,
        operation,
        recargo: l.recargo ?? (recargoEquivalencia && operation === 'S1'),
      };
    }),
    irpfRateBp: body.irpfRateBp,
    recargoEquivalencia,
  });
}

const lineArb = fc.record({
  description: fc.constantFrom('Fontanería', 'Material', 'Desplazamiento'),
  quantity: fc
    .integer({ min: 1, max: 99_999 })
    .map((m) => formatDecimal(m, 3, { trimZeros: true, grouping: false })),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map(centsToInput),
  discount: fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 10_000 }).map((bp) => formatDecimal(bp, 2, { trimZeros: true })),
  ),
  vatRateBp: fc.constantFrom(...VAT_RATE_BPS),
  treatment: fc.constantFrom<OperationKind>('S1', 'S1', 'S1', ...OPERATION_KINDS),
});

describe('the live totals preview', () => {
  it('two lines at 21 % and 10 %: 100 € + 50 € → 121 + 55 = 176 €', () => {
    const values = base([
      { description: 'Reparación', quantity: '2', unitPrice: '50', vatRateBp: 2100, treatment: 'S1' },
      { description: 'Material', quantity: '1', unitPrice: '50,00', vatRateBp: 1000, treatment: 'S1' },
    ]);
    const { totals, incompleteLines } = previewTotals(values, false);
    expect(incompleteLines).toEqual([]);
    expect(totals).toMatchObject({ baseCents: 15_000, vatCents: 2_600, totalCents: 17_600 });
    expect(totals?.breakdown.map((g) => [g.vatRateBp, g.baseCents, g.vatCents])).toEqual([
      [2100, 10_000, 2_100],
      [1000, 5_000, 500],
    ]);
  });

  it('equals what the API computes for the body the form sends (any lines, IRPF, recargo)', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 700, 1500, 1900),
        fc.boolean(),
        (lines, irpfRateBp, recargo) => {
          const values = base(lines, { irpfRateBp });
          const preview = previewTotals(values, recargo);
          expect(preview.error).toBeNull();
          expect(preview.totals).toEqual(serverTotals(values, recargo));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves out incomplete lines and says which', () => {
    const values = base([
      { description: 'Bien', quantity: '1', unitPrice: '10', vatRateBp: 2100, treatment: 'S1' },
      { description: 'Sin precio', quantity: '1', unitPrice: '', vatRateBp: 2100, treatment: 'S1' },
      { description: 'Mal', quantity: '1', unitPrice: '1,005', vatRateBp: 2100, treatment: 'S1' },
    ]);
    const preview = previewTotals(values, false);
    expect(preview.incompleteLines).toEqual([1, 2]);
    expect(preview.totals?.totalCents).toBe(1_210);
  });

  it('exempt, reverse-charge and recargo lines bring their legal mentions', () => {
    const values = base([
      { description: 'Entrega UE', quantity: '1', unitPrice: '100', vatRateBp: 2100, treatment: 'E5' },
      { description: 'Obra', quantity: '1', unitPrice: '100', vatRateBp: 2100, treatment: 'S2' },
      { description: 'Venta', quantity: '1', unitPrice: '100', vatRateBp: 2100, treatment: 'S1' },
    ]);
    const preview = previewTotals(values, true);
    expect(preview.totals?.vatCents).toBe(2_100);
    expect(preview.totals?.recargoCents).toBe(520);
    expect(preview.totals?.legalMentions).toEqual([
      'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992)',
      'Entrega intracomunitaria exenta (art. 25 Ley 37/1992)',
      'Recargo de equivalencia',
    ]);
  });
});

describe('the body sent to the API', () => {
  it('is a valid CreateInvoiceBody with céntimos, basis points and the line treatments', () => {
    const body = toInvoiceBody(
      base(
        [
          {
            description: ' Obra ',
            quantity: '1,5',
            unitPrice: '1.234,56',
            discount: '10',
            vatRateBp: 2100,
            treatment: 'S1',
          },
          { description: 'Exenta', quantity: '1', unitPrice: '10', vatRateBp: 2100, treatment: 'E1' },
          { description: 'No sujeta', quantity: '1', unitPrice: '10', vatRateBp: 1000, treatment: 'N2' },
          { description: 'ISP', quantity: '1', unitPrice: '10', vatRateBp: 2100, treatment: 'S2' },
        ],
        { irpfRateBp: 1500, paymentMethod: 'TRANSFER', dueDate: '2026-04-10', notes: '  ' },
      ),
      'DOMESTIC',
    );
    expect(CreateInvoiceBody.safeParse(body).success).toBe(true);
    expect(body.invoiceLines).toEqual([
      { description: 'Obra', quantity: '1.5', unitPriceCents: 123_456, discountBp: 1000, vatRateBp: 2100 },
      {
        description: 'Exenta',
        quantity: '1',
        unitPriceCents: 1000,
        discountBp: 0,
        vatRateBp: 0,
        exemptionCause: 'E1',
      },
      {
        description: 'No sujeta',
        quantity: '1',
        unitPriceCents: 1000,
        discountBp: 0,
        vatRateBp: 0,
        notSubject: 'N2',
      },
      {
        description: 'ISP',
        quantity: '1',
        unitPriceCents: 1000,
        discountBp: 0,
        vatRateBp: 0,
        reverseCharge: true,
      },
    ]);
    expect(body).toMatchObject({ irpfRateBp: 1500, paymentMethod: 'TRANSFER', dueDate: '2026-04-10' });
    expect(body.customer).toEqual({
      nif: 'B12345674',
      name: 'Cliente SL',
      address: 'Calle Mayor 1',
      postalCode: '28001',
      city: 'Madrid',
      country: 'ES',
    });
    expect('notes' in body).toBe(false);
  });

  it('sends the stored customer by id and not the inline data', () => {
    const body = toInvoiceBody(base([], { customerMode: 'stored', customerId: 'cus-1' }), 'DOMESTIC');
    expect(body.customerId).toBe('cus-1');
    expect(body.customer).toBeUndefined();
  });

  it('a draft read back into the form gives the same body', () => {
    const values = base([
      {
        description: 'Obra',
        quantity: '1,5',
        unitPrice: '1.234,56',
        discount: '7,5',
        vatRateBp: 1000,
        treatment: 'S1',
      },
    ]);
    const body = CreateInvoiceBody.parse(toInvoiceBody(values, 'DOMESTIC'));
    const totals = serverTotals(values, false);
    const back = valuesFromInvoice({
      invoiceId: 'i-1',
      companyId: 'c-1',
      invoiceType: 'F1',
      status: 'DRAFT',
      invoiceDate: '2026-03-10',
      operationDate: null,
      dueDate: null,
      paymentMethod: null,
      notes: null,
      customer: {
        customerId: null,
        name: 'Cliente SL',
        taxId: 'B12345674',
        address: 'Calle Mayor 1',
        postalCode: '28001',
        city: 'Madrid',
        country: 'ES',
        vatTreatment: 'DOMESTIC',
      },
      invoiceLines: body.invoiceLines.map((l, i) => ({
        description: l.description,
        quantityMilli: l.quantity,
        unitPriceCents: l.unitPriceCents,
        discountBp: l.discountBp,
        vatRateBp: l.vatRateBp,
        operation: 'S1',
        recargo: false,
        baseCents: totals.lineBasesCents[i]!,
      })),
      irpfRateBp: 0,
      totals,
      breakdown: totals.breakdown,
      legalMentions: [],
      series: null,
      seriesId: null,
      requestedSeriesId: null,
      number: null,
      invoiceNumber: null,
      confirmedAt: null,
      createdAt: '',
      updatedAt: '',
    });
    expect(toInvoiceBody(back, 'DOMESTIC')).toEqual(toInvoiceBody(values, 'DOMESTIC'));
  });
});

describe('API errors on the form', () => {
  it('maps the API field names onto the form fields', () => {
    expect(formFieldOf('invoiceLines.1.unitPriceCents')).toEqual(['lines', 1, 'unitPrice']);
    expect(formFieldOf('invoiceLines.0.quantity')).toEqual(['lines', 0, 'quantity']);
    expect(formFieldOf('customer.nif')).toEqual(['customer', 'nif']);
    expect(formFieldOf('paymentMethod')).toEqual(['paymentMethod']);
    expect(formFieldOf('series')).toEqual(['seriesId']);
    expect(formFieldOf('somethingElse')).toBeNull();
  });

  it('puts every validation issue under its field, without the field prefix', () => {
    const error = new ApiError({
      code: 'CORE_004',
      message: 'invoiceLines.0.description: La descripción es obligatoria.',
      status: 400,
      field: 'invoiceLines.0.description',
      details: {
        issues: [
          { field: 'invoiceLines.0.description', message: 'La descripción es obligatoria.' },
          { field: 'customer.nif', message: 'El NIF no es válido.' },
        ],
      },
    });
    expect(apiErrorsOnForm(error, 'inline')).toEqual([
      { name: ['lines', 0, 'description'], errors: ['La descripción es obligatoria.'] },
      { name: ['customer', 'nif'], errors: ['El NIF no es válido.'] },
    ]);
  });

  it('puts the cash-limit refusal under the payment method and a missing recipient on the picker', () => {
    const cash = new ApiError({
      code: 'CORE_004',
      message: 'Los pagos en efectivo de 1.000 € o más entre empresarios están prohibidos (Ley 11/2021).',
      status: 400,
      field: 'paymentMethod',
    });
    expect(apiErrorsOnForm(cash, 'stored')).toEqual([{ name: ['paymentMethod'], errors: [cash.message] }]);
    const noCustomer = new ApiError({
      code: 'CORE_004',
      message: 'Falta el cliente.',
      status: 400,
      field: 'customer',
    });
    expect(apiErrorsOnForm(noCustomer, 'stored')[0]?.name).toEqual(['customerId']);
    expect(apiErrorsOnForm(noCustomer, 'inline')[0]?.name).toEqual(['customer', 'nif']);
  });
});
