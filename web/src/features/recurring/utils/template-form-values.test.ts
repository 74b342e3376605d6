import type { RecurringTemplate } from '@shared/schemas/recurring-invoices';
import { CreateRecurringTemplateBody } from '@shared/schemas/recurring-invoices';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyTemplate, fromTemplate, type TemplateFormValues, toTemplateBody } from './template-form-values';

describe('recurring template form values', () => {
  it('builds a body the API schema accepts, amounts in céntimos and quantities as text', () => {
    const values: TemplateFormValues = {
      ...emptyTemplate(),
      name: 'Cuota mensual',
      customerId: 'cus-1',
      startDate: dayjs('2026-01-01'),
      lines: [
        {
          description: 'Cuota {MES} {AÑO}',
          quantity: '1',
          unitPrice: '1.250,50',
          discount: '0',
          vatRateBp: 2100,
          treatment: 'S1',
        },
        {
          description: 'Formación',
          quantity: '2,5',
          unitPrice: '40',
          discount: '10',
          vatRateBp: 2100,
          treatment: 'E1',
        },
        { description: 'Servicio UE', quantity: '1', unitPrice: '10', vatRateBp: 2100, treatment: 'S2' },
      ],
      irpfRate: '15',
      generationMode: 'CONFIRM_AND_SEND',
      dayOfMonth: 'LAST',
    };
    const body = toTemplateBody(values);
    const parsed = CreateRecurringTemplateBody.parse(body);
    expect(parsed.invoiceLines.map((l) => [l.quantity, l.unitPriceCents, l.discountBp, l.vatRateBp])).toEqual(
      [
        [1000, 125_050, 0, 2100],
        [2500, 4000, 1000, 0],
        [1000, 1000, 0, 0],
      ],
    );
    expect(parsed.invoiceLines[1]!.exemptionCause).toBe('E1');
    expect(parsed.invoiceLines[2]!.reverseCharge).toBe(true);
    expect(parsed).toMatchObject({
      irpfRateBp: 1500,
      startDate: '2026-01-01',
      dayOfMonth: 'LAST',
      generationMode: 'CONFIRM_AND_SEND',
      frequency: 'MONTHLY',
    });
  });

  it('leaves the mode to the company settings when asked', () => {
    const body = toTemplateBody({
      ...emptyTemplate(),
      name: 'x',
      customerId: 'c',
      lines: [{ description: 'a', quantity: '1', unitPrice: '1', vatRateBp: 2100, treatment: 'S1' }],
    });
    expect(body.generationMode).toBeUndefined();
    expect(body.irpfRateBp).toBeUndefined();
  });

  it("maps the stored line fields to the shared editor's treatment and back, recargo included", () => {
    const lines = [
      {
        description: 'Cuota',
        quantityMilli: 1000,
        unitPriceCents: 9900,
        discountBp: 500,
        vatRateBp: 2100,
        recargo: true,
      },
      {
        description: 'Curso',
        quantityMilli: 2500,
        unitPriceCents: 4000,
        discountBp: 0,
        vatRateBp: 0,
        exemptionCause: 'E1',
      },
      {
        description: 'Fuera',
        quantityMilli: 1000,
        unitPriceCents: 100,
        discountBp: 0,
        vatRateBp: 0,
        notSubject: 'N2',
      },
      {
        description: 'ISP',
        quantityMilli: 1000,
        unitPriceCents: 100,
        discountBp: 0,
        vatRateBp: 0,
        reverseCharge: true,
      },
    ] as RecurringTemplate['invoiceLines'];
    const template = {
      ...({} as RecurringTemplate),
      name: 'Cuota',
      customerId: 'cus-1',
      invoiceType: 'F1',
      invoiceLines: lines,
      irpfRateBp: null,
      frequency: 'MONTHLY',
      interval: 1,
      dayOfMonth: 1,
      startDate: '2026-01-01',
      endDate: null,
      generationMode: null,
      isActive: true,
    } as RecurringTemplate;

    const values = fromTemplate(template);
    expect(values.lines.map((l) => [l.treatment, l.discount, l.recargo])).toEqual([
      ['S1', '5', true],
      ['E1', '', undefined],
      ['N2', '', undefined],
      ['S2', '', undefined],
    ]);
    const body = CreateRecurringTemplateBody.parse(toTemplateBody(values, { recargoEquivalencia: true }));
    expect(body.invoiceLines).toEqual([
      expect.objectContaining({
        quantity: 1000,
        unitPriceCents: 9900,
        discountBp: 500,
        vatRateBp: 2100,
        recargo: true,
      }),
      expect.objectContaining({ quantity: 2500, exemptionCause: 'E1', vatRateBp: 0, recargo: false }),
      expect.objectContaining({ notSubject: 'N2', recargo: false }),
      expect.objectContaining({ reverseCharge: true, recargo: false }),
    ]);
  });
});
