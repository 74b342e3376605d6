import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice, pageOf } from '../testing/fixtures';
import { InvoicesList } from './invoices-list';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: undefined }),
}));

const rows = [
  invoice(1, { paymentStatus: 'PAID', paidCents: 12_100, siiStatus: 'ACCEPTED' }),
  invoice(2, { status: 'DRAFT', invoiceNumber: null, number: null, paymentStatus: undefined }),
  invoice(3, { invoiceType: 'R1', paymentStatus: 'OVERDUE' }),
];

const answers = () =>
  answerApi(apiRequest, {
    'invoices.list': pageOf(rows, 0, 45),
    'invoices.confirmedPendingSii': pageOf([rows[0]!]),
    'customers.list': pageOf([]),
    'invoices.bulkCreate': (o: { body?: unknown }) => ({
      operationId: 'op-1',
      status: 'QUEUED',
      ...(o.body as object),
    }),
  });

const renderList = (path: string) =>
  renderRoutes([{ path: '/app/admin/invoicing/income', element: <InvoicesList /> }], { path });

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  sessionStorage.clear();
});

describe('InvoicesList', { timeout: 20_000 }, () => {
  it('sends the URL filters, the zero-based page and the sort to GET invoices.list', async () => {
    answers();
    renderList(
      '/app/admin/invoicing/income?type=R1&status=CONFIRMED&paymentStatus=OVERDUE&siiStatus=REJECTED&from=2026-01-01&to=2026-03-31&customer=cus-1&search=fonta&page=2&sort=total,asc',
    );
    await screen.findByText('F-2026-0001');
    expect(callsTo(apiRequest, 'invoices.list')[0]).toMatchObject({
      companyId: 'c-1',
      query: {
        type: 'R1',
        status: 'CONFIRMED',
        paymentStatus: 'OVERDUE',
        siiStatus: 'REJECTED',
        from: '2026-01-01',
        to: '2026-03-31',
        customer: 'cus-1',
        search: 'fonta',
        page: 1,
        size: 20,
        sort: 'total,asc',
      },
    });
  });

  it('shows the rows in Spanish with es-ES money and dates', async () => {
    answers();
    renderList('/app/admin/invoicing/income');
    const paid = (await screen.findByText('F-2026-0001')).closest('tr')!;
    expect(within(paid).getByText('Confirmada')).toBeTruthy();
    expect(within(paid).getByText('Cobrada')).toBeTruthy();
    expect(within(paid).getByText('SII: Aceptada')).toBeTruthy();
    expect(within(paid).getByText('10/03/2026')).toBeTruthy();
    expect(within(paid).getByText(/121,00\s€/)).toBeTruthy();
    const draft = screen.getByText('Borrador', { selector: 'a' }).closest('tr')!;
    expect(within(draft).getAllByText('Borrador').length).toBe(2);
    const rect = screen.getByText('F-2026-0003').closest('tr')!;
    expect(within(rect).getByText('Rectificativa R1')).toBeTruthy();
    expect(within(rect).getByText('Vencida')).toBeTruthy();
    expect(screen.getByText('45 facturas')).toBeTruthy();
  });

  it('a work-listing tab asks its own route and keeps it in the URL', async () => {
    answers();
    const { router } = renderList('/app/admin/invoicing/income');
    await screen.findByText('F-2026-0001');
    fireEvent.click(screen.getByRole('tab', { name: 'Pendientes SII' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.confirmedPendingSii').length).toBe(1));
    expect(router.state.location.search).toBe('?view=confirmedPendingSii');
  });

  it('a bulk action posts the selected invoices and links to its progress', async () => {
    answers();
    renderList('/app/admin/invoicing/income');
    const row = (await screen.findByText('F-2026-0001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('F-2026-0003').closest('tr')!).getByRole('checkbox'));
    const toolbar = await screen.findByRole('toolbar', { name: 'Acciones masivas' });
    expect(within(toolbar).getByText('2 facturas seleccionadas')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.bulkCreate').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.bulkCreate')[0]?.body).toEqual({
      operation: 'CONFIRM',
      invoiceIds: ['inv-1', 'inv-3'],
    });
    const link = await screen.findByRole('link', { name: 'Ver el progreso' });
    expect(link.getAttribute('href')).toBe('/app/invoices/bulk-operations?ids=op-1');
    expect(JSON.parse(sessionStorage.getItem('cuadra.invoicing.bulkOperations') ?? '[]')).toEqual(['op-1']);
  });

  it('"Series" opens the series manager, which lists every series of the company', async () => {
    answerApi(apiRequest, {
      'invoices.list': pageOf(rows, 0, 3),
      'customers.list': pageOf([]),
      'invoiceSeries.list': [],
    });
    renderList('/app/admin/invoicing/income');
    await screen.findByText('F-2026-0001');
    expect(callsTo(apiRequest, 'invoiceSeries.list')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Series' }));
    expect(await screen.findByText('Series de facturación')).toBeTruthy();
    await waitFor(() => expect(callsTo(apiRequest, 'invoiceSeries.list')).toHaveLength(1));
  });
});
