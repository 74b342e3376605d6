import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { formatCents } from '@web/lib/format';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice } from '../testing/fixtures';
import { InvoicePayments } from './invoice-payments';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));
vi.mock('@web/lib/access', () => ({ useCan: () => true, useCanCall: () => () => true }));

const CASH_LIMIT = 'Los pagos en efectivo de 1.000 € o más entre empresarios están prohibidos (Ley 11/2021).';

const renderPayments = () =>
  renderRoutes(
    [{ path: '/app/invoices/:invoiceId/payments', element: <InvoicePayments invoiceId="inv-1" /> }],
    {
      path: '/app/invoices/inv-1/payments',
    },
  );

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

describe('InvoicePayments', { timeout: 20_000 }, () => {
  it('shows paid and pending, and posts the amount typed in euros as exact céntimos', async () => {
    const partial = invoice(1, {
      totals: { baseCents: 200_000, vatCents: 42_000, recargoCents: 0, irpfCents: 0, totalCents: 242_000 },
      paymentStatus: 'PARTIAL',
      paidCents: 100_000,
    });
    answerApi(apiRequest, {
      'invoices.get': partial,
      'invoices.listPayments': [
        {
          paymentId: 'p-1',
          amountCents: 100_000,
          paidAt: '2026-03-12',
          method: 'TRANSFER',
          reference: 'TRF-1',
          createdAt: '',
          createdBy: 'u',
        },
      ],
      'invoices.addPayment': { paymentId: 'p-2' },
    });
    renderPayments();
    const amount = await screen.findByLabelText('Importe del cobro');
    expect(text('paid-amount')).toBe(formatCents(100_000).replace(/\s/g, ' '));
    expect(text('pending-amount')).toBe(formatCents(142_000).replace(/\s/g, ' '));
    expect(screen.getByText('Parcial')).toBeTruthy();
    expect(within(screen.getByText('TRF-1').closest('tr')!).getByText('12/03/2026')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('1.420,00');

    fireEvent.change(amount, { target: { value: '0,29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar cobro' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.addPayment').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.addPayment')[0]).toMatchObject({
      params: { invoiceId: 'inv-1' },
      body: { amountCents: 29, method: 'TRANSFER' },
    });
  });

  it("shows the API's cash-limit refusal", async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, {
        totals: { baseCents: 200_000, vatCents: 42_000, recargoCents: 0, irpfCents: 0, totalCents: 242_000 },
        paymentMethod: 'CASH',
      }),
      'invoices.listPayments': [],
      'invoices.addPayment': () => {
        throw new ApiError({ code: 'CORE_004', message: CASH_LIMIT, status: 400, field: 'method' });
      },
    });
    renderPayments();
    await screen.findByLabelText('Importe del cobro');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar cobro' }));
    expect((await screen.findAllByText(CASH_LIMIT)).length).toBeGreaterThan(0);
  });

  it('refuses more than what is pending before calling the API', async () => {
    answerApi(apiRequest, { 'invoices.get': invoice(1), 'invoices.listPayments': [] });
    renderPayments();
    fireEvent.change(await screen.findByLabelText('Importe del cobro'), { target: { value: '121,01' } });
    expect(await screen.findByText(/No puede superar lo pendiente/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar cobro' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(callsTo(apiRequest, 'invoices.addPayment')).toEqual([]);
  });

  it('a draft takes no payments', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, { status: 'DRAFT', invoiceNumber: null }),
      'invoices.listPayments': [],
    });
    renderPayments();
    expect(await screen.findByText('Confirma la factura antes de registrar cobros.')).toBeTruthy();
  });

  it('corrects a payment with PUT and shows its audit line; deletes another with DELETE', async () => {
    const payment = {
      paymentId: 'p-1',
      amountCents: 139_600,
      paidAt: '2026-03-12',
      method: 'TRANSFER' as const,
      reference: null,
      createdAt: '',
      createdBy: 'u',
      history: [
        {
          action: 'UPDATED' as const,
          at: '2026-03-13T10:00:00Z',
          by: 'ana@example.es',
          before: {
            amountCents: 100_000,
            paidAt: '2026-03-12',
            method: 'TRANSFER' as const,
            reference: null,
          },
          after: { amountCents: 139_600, paidAt: '2026-03-12', method: 'TRANSFER' as const, reference: null },
          reason: 'Importe mal tecleado',
        },
      ],
    };
    answerApi(apiRequest, {
      'invoices.get': invoice(1, { paidCents: 139_600, paymentStatus: 'PARTIAL' }),
      'invoices.listPayments': [payment, { ...payment, paymentId: 'p-2', paidAt: '2026-03-14', history: [] }],
      'invoices.updatePayment': invoice(1),
      'invoices.deletePayment': invoice(1),
    });
    renderPayments();
    // Four-digit amounts carry their thousands separator.
    expect((await screen.findAllByText(/1\.396,00/)).length).toBeGreaterThan(0);

    fireEvent.click(screen.getAllByRole('button', { name: /Expand row|Expandir/i })[0]!);
    expect(
      await screen.findByText(
        /Corregido el 13\/03\/2026 por ana@example\.es: 1\.000,00\s€ → 1\.396,00\s€ \(Importe mal tecleado\)/,
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Corregir el cobro del 12/03/2026' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Importe corregido'), { target: { value: '1.300' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo de la corrección'), {
      target: { value: 'Banco' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar corrección' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.updatePayment').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.updatePayment')[0]).toMatchObject({
      params: { invoiceId: 'inv-1', paymentId: 'p-1' },
      body: { amountCents: 130_000, paidAt: '2026-03-12', method: 'TRANSFER', reason: 'Banco' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el cobro del 14/03/2026' }));
    const confirm = await screen.findByRole('button', { name: 'Eliminar cobro' });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.deletePayment').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.deletePayment')[0]?.params).toEqual({
      invoiceId: 'inv-1',
      paymentId: 'p-2',
    });
  });
});
