import type { SiiEntry } from '@shared/schemas/sii';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { SiiPanel } from './sii-panel';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

/** What the panel reads of an entry (the record itself is not shown). */
const entry = (overrides: Partial<SiiEntry>): SiiEntry =>
  ({
    entryId: 'FE:inv-1',
    book: 'FE',
    documentId: 'inv-1',
    status: 'ACCEPTED',
    pendingOperation: null,
    sentOperation: 'A0',
    withdrawn: false,
    held: false,
    deadline: '2027-03-08',
    acceptedWithErrors: false,
    csv: 'CSV-1',
    lastError: null,
    ...overrides,
  }) as SiiEntry;

const renderPanel = () =>
  renderRoutes([{ path: '/app/invoices/:invoiceId', element: <SiiPanel invoiceId="inv-1" /> }], {
    path: '/app/invoices/inv-1',
  });

describe('SiiPanel (invoice detail)', { timeout: 20_000 }, () => {
  it("shows each record's state and last error; 'Reintentar' a refused one says 'Reintento iniciado'", async () => {
    answerApi(apiRequest, {
      'sii.invoiceStatus': {
        entries: [
          entry({}),
          entry({
            entryId: 'RECC:inv-1~pay-1',
            book: 'RECC',
            documentId: 'inv-1~pay-1',
            status: 'REJECTED',
            sentOperation: 'A0',
            csv: null,
            lastError: { code: '1104', message: 'Valor del campo Importe incorrecto' },
          }),
        ],
      },
      'sii.retryEntry': { message: 'Reintento iniciado' },
    });
    renderPanel();

    const panel = await screen.findByLabelText('SII');
    expect(within(panel).getByText('Aceptada')).toBeTruthy();
    expect(within(panel).getByText('Rechazada')).toBeTruthy();
    expect(within(panel).getByText('Respuesta de la AEAT (código 1104)')).toBeTruthy();
    // Nothing waits to be sent: no 'Enviar al SII'.
    expect(within(panel).queryByRole('button', { name: 'Enviar al SII' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Reintento iniciado')).toBeTruthy();
    expect(callsTo(apiRequest, 'sii.retryEntry')[0]).toMatchObject({
      params: { book: 'RECC', documentId: 'inv-1~pay-1' },
      body: {},
      companyId: 'c-1',
    });
  });

  it("'Enviar al SII' sends an invoice whose records wait (manual mode)", async () => {
    answerApi(apiRequest, {
      'sii.invoiceStatus': {
        entries: [entry({ status: 'NOT_SENT', sentOperation: null, pendingOperation: 'A0' })],
      },
      'sii.submitInvoice': {},
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar al SII' }));
    await waitFor(() => expect(callsTo(apiRequest, 'sii.submitInvoice')).toHaveLength(1));
    expect(callsTo(apiRequest, 'sii.submitInvoice')[0]).toMatchObject({
      body: { invoiceId: 'inv-1' },
      companyId: 'c-1',
    });
    expect(await screen.findByText('Factura puesta en cola de envío al SII.')).toBeTruthy();
  });

  it('shows nothing to a user who may not read it (403)', async () => {
    answerApi(apiRequest, {
      'sii.invoiceStatus': () => {
        throw new ApiError({ code: 'CORE_003', message: 'Sin permiso', status: 403 });
      },
    });
    const { container } = renderPanel();
    await waitFor(() => expect(callsTo(apiRequest, 'sii.invoiceStatus')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});
