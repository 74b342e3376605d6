import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice } from '../testing/fixtures';
import { RectifyDialog } from './rectify-dialog';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));

afterEach(() => vi.resetAllMocks());

const line = (overrides: Partial<InvoiceWithPayments['invoiceLines'][number]>) => ({
  description: 'Reparación',
  quantityMilli: 2000,
  unitPriceCents: 10_000,
  discountBp: 0,
  vatRateBp: 2100,
  operation: 'S1',
  recargo: false,
  baseCents: 20_000,
  ...overrides,
});

const original = invoice(1, {
  irpfRateBp: 1500,
  customer: { ...invoice(1).customer!, vatTreatment: 'RECARGO_EQUIVALENCIA' },
  invoiceLines: [
    line({ discountBp: 1000, recargo: true, baseCents: 18_000 }),
    line({ description: 'Exportación', vatRateBp: 0, operation: 'E2', quantityMilli: 1500 }),
    line({ description: 'Servicio no sujeto', vatRateBp: 0, operation: 'N2' }),
    line({ description: 'Obra', vatRateBp: 0, operation: 'S2' }),
  ],
});

async function openDialog(inv: InvoiceWithPayments) {
  answerApi(apiRequest, {
    'invoiceSeries.list': [],
    'invoices.rectify': invoice(9, { invoiceId: 'rect-1', invoiceType: 'R1', invoiceNumber: 'R-1' }),
  });
  renderRoutes([
    { path: '/', element: <RectifyDialog invoice={inv} open onClose={() => {}} /> },
    { path: '/app/invoices/rect-1', element: <h1>Rectificativa creada</h1> },
  ]);
  return screen.findByRole('dialog');
}

describe('RectifyDialog', { timeout: 20_000 }, () => {
  it('shows every field of the original lines: discount, treatment, recargo and the IRPF', async () => {
    const dialog = await openDialog(original);
    expect((within(dialog).getByLabelText('Descuento de la línea 1') as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Cantidad de la línea 2') as HTMLInputElement).value).toBe('1,5');
    expect(within(dialog).getByText('Exenta art. 21 (exportación)')).toBeTruthy();
    expect(within(dialog).getByText('No sujeta por localización')).toBeTruthy();
    expect(within(dialog).getByText('Inversión del sujeto pasivo')).toBeTruthy();
    expect(
      (within(dialog).getByLabelText('Recargo de equivalencia de la línea 1') as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(dialog).getByText('Retención de IRPF de la factura original: 15 %.')).toBeTruthy();
  });

  it('a substitution left unchanged sends an exact copy of the original lines (the 10 % discount survives)', async () => {
    const dialog = await openDialog(original);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Datos del cliente' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.rectify').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.rectify')[0]?.body).toEqual({
      rectificationType: 'R1',
      method: 'SUBSTITUTION',
      reason: 'Datos del cliente',
      invoiceLines: [
        {
          description: 'Reparación',
          quantity: '2',
          unitPriceCents: 10_000,
          discountBp: 1000,
          vatRateBp: 2100,
          recargo: true,
          sourceLine: 0,
        },
        {
          description: 'Exportación',
          quantity: '1.5',
          unitPriceCents: 10_000,
          discountBp: 0,
          vatRateBp: 0,
          exemptionCause: 'E2',
          recargo: false,
          sourceLine: 1,
        },
        {
          description: 'Servicio no sujeto',
          quantity: '2',
          unitPriceCents: 10_000,
          discountBp: 0,
          vatRateBp: 0,
          notSubject: 'N2',
          recargo: false,
          sourceLine: 2,
        },
        {
          description: 'Obra',
          quantity: '2',
          unitPriceCents: 10_000,
          discountBp: 0,
          vatRateBp: 0,
          reverseCharge: true,
          recargo: false,
          sourceLine: 3,
        },
      ],
    });
  });

  it('a substitution marks the line the user changed, and only that one', async () => {
    const dialog = await openDialog(original);
    fireEvent.change(within(dialog).getByLabelText('Precio unitario de la línea 2'), {
      target: { value: '90' },
    });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Precio pactado' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.rectify').length).toBe(1));
    const body = callsTo(apiRequest, 'invoices.rectify')[0]?.body as { invoiceLines: object[] } | undefined;
    const lines = body?.invoiceLines ?? [];
    expect(lines.map((l) => ('changed' in l ? 'changed' : 'same'))).toEqual([
      'same',
      'changed',
      'same',
      'same',
    ]);
    expect(lines[1]).toMatchObject({ sourceLine: 1, unitPriceCents: 9000, changed: true });
  });

  it('by differences starts from an empty line and takes negative amounts', async () => {
    const dialog = await openDialog(invoice(1));
    fireEvent.click(within(dialog).getByLabelText('Por diferencias'));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Descripción de la línea 1') as HTMLInputElement).value).toBe(''),
    );
    fireEvent.change(within(dialog).getByLabelText('Descripción de la línea 1'), {
      target: { value: 'Abono parcial' },
    });
    fireEvent.change(within(dialog).getByLabelText('Precio unitario de la línea 1'), {
      target: { value: '-25' },
    });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Descuento pactado' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.rectify').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.rectify')[0]?.body).toMatchObject({
      method: 'DIFFERENCES',
      invoiceLines: [{ description: 'Abono parcial', quantity: '1', unitPriceCents: -2500, discountBp: 0 }],
    });
  });
});
