import { CreateRecurringTemplateBody } from '@shared/schemas/recurring-invoices';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyTemplate, type TemplateFormValues, toTemplateBody } from './template-form-values';

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
          operation: 'S1',
        },
        {
          description: 'Formación',
          quantity: '2,5',
          unitPrice: '40',
          discount: '10',
          vatRateBp: 2100,
          operation: 'E1',
        },
        { description: 'Servicio UE', quantity: '1', unitPrice: '10', vatRateBp: 2100, operation: 'S2' },
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
      lines: [{ description: 'a', quantity: '1', unitPrice: '1', vatRateBp: 2100, operation: 'S1' }],
    });
    expect(body.generationMode).toBeUndefined();
    expect(body.irpfRateBp).toBeUndefined();
  });
});
