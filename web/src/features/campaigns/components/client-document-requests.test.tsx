import type { CampaignItem, ClientDocumentRequest } from '@shared/schemas/campaigns';
import type { Notification } from '@shared/schemas/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { publishPushMessage } from '@web/lib/push-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { TICK_SETTLE_MS } from '../hooks/use-live-client-requests';
import { ClientDocumentRequests } from './client-document-requests';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
});

const item = (over: Partial<CampaignItem>): CampaignItem => ({
  itemId: 'i-1',
  kind: 'BANK_STATEMENTS',
  label: 'Extractos bancarios',
  description: null,
  minDocuments: 3,
  status: 'MISSING',
  documentIds: ['d-1'],
  receivedAt: null,
  closedBy: null,
  note: null,
  ...over,
});

const request = (over: Partial<ClientDocumentRequest> = {}): ClientDocumentRequest => ({
  campaignId: 'k-1',
  name: 'Cierre del tercer trimestre',
  period: '2026-Q3',
  dueDate: '2026-12-05',
  message: 'Necesitamos esto para el 303.',
  daysLeft: 5,
  items: [
    item({}),
    item({
      itemId: 'i-2',
      kind: 'PURCHASE_INVOICES',
      label: 'Facturas de compra y gastos',
      minDocuments: 1,
      status: 'RECEIVED',
      documentIds: ['d-2'],
    }),
  ],
  done: 1,
  total: 2,
  ...over,
});

const notification = (type: string, companyId = 'c-1'): Notification => ({
  notificationId: `n-${type}`,
  type,
  title: 'Documentación pendiente',
  message: 'Tu gestoría te pide documentación',
  isRead: false,
  readAt: null,
  createdAt: new Date().toISOString(),
  companyId,
  severity: 'info',
});

const render = (showUploadLink = true) =>
  renderRoutes([
    { path: '/', element: <ClientDocumentRequests companyId="c-1" showUploadLink={showUploadLink} /> },
  ]);

describe('ClientDocumentRequests', { timeout: 30_000 }, () => {
  it('shows each request with its period, days left, ticks and the upload link', async () => {
    answerApi(apiRequest, { 'clientRequests.list': [request()] });
    render();
    expect(screen.getByLabelText('Cargando documentación pendiente')).toBeTruthy();
    const block = await screen.findByRole('group', { name: 'Solicitud Cierre del tercer trimestre' });
    expect(within(block).getByText('3.º trimestre de 2026 · Fecha límite 05/12/2026')).toBeTruthy();
    // 5 days left: red (7 or less).
    const left = within(block).getByText('Quedan 5 días');
    expect(left.closest('.ant-tag')?.className).toMatch(/error/);
    expect(within(block).getByText('Necesitamos esto para el 303.')).toBeTruthy();
    const statements = within(block).getByRole('group', { name: 'Documento Extractos bancarios' });
    expect(within(statements).getByText('Pendiente')).toBeTruthy();
    expect(within(statements).getByText('1 de 3 documentos')).toBeTruthy();
    expect(within(statements).getByLabelText('Pendiente de enviar')).toBeTruthy();
    const invoices = within(block).getByRole('group', { name: 'Documento Facturas de compra y gastos' });
    expect(within(invoices).getByText('Recibido')).toBeTruthy();
    expect(within(invoices).getByLabelText('Hecho')).toBeTruthy();
    expect(within(block).getByRole('link', { name: /Subir/ }).getAttribute('href')).toBe(
      '/app/document-upload',
    );
    expect(callsTo(apiRequest, 'clientRequests.list')[0]).toMatchObject({ companyId: 'c-1' });
  });

  it('colours by the dashboard thresholds and marks a finished request complete', async () => {
    answerApi(apiRequest, {
      'clientRequests.list': [
        request({ campaignId: 'k-2', name: 'Anual', period: '2026', daysLeft: 20, dueDate: '2026-12-20' }),
        request({
          campaignId: 'k-3',
          name: 'Noviembre',
          period: '2026-11',
          daysLeft: 40,
          dueDate: '2027-01-05',
          items: [item({ status: 'CLOSED_MANUALLY' })],
          done: 1,
          total: 1,
        }),
      ],
    });
    render(false);
    const yearly = await screen.findByRole('group', { name: 'Solicitud Anual' });
    expect(within(yearly).getByText('Quedan 20 días').closest('.ant-tag')?.className).toMatch(/warning/);
    expect(within(yearly).queryByRole('link', { name: /Subir/ })).toBeNull();
    const monthly = screen.getByRole('group', { name: 'Solicitud Noviembre' });
    expect(within(monthly).getByText('Completo')).toBeTruthy();
    expect(within(monthly).getByText('Cerrado a mano')).toBeTruthy();
    expect(within(monthly).getByText('noviembre de 2026 · Fecha límite 05/01/2027')).toBeTruthy();
  });

  it('says when nothing is pending', async () => {
    answerApi(apiRequest, { 'clientRequests.list': [] });
    render();
    expect(await screen.findByText('No tienes documentación pendiente')).toBeTruthy();
  });

  it('shows the error with Reintentar', async () => {
    answerApi(apiRequest, {});
    render();
    expect(await screen.findByText('Error cargando la documentación pendiente')).toBeTruthy();
    answerApi(apiRequest, { 'clientRequests.list': [request()] });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('group', { name: 'Solicitud Cierre del tercer trimestre' })).toBeTruthy();
  });

  it('reads again when a request notification of the company arrives live', async () => {
    answerApi(apiRequest, { 'clientRequests.list': [] });
    render();
    expect(await screen.findByText('No tienes documentación pendiente')).toBeTruthy();
    expect(callsTo(apiRequest, 'clientRequests.list')).toHaveLength(1);

    // Another type, or another company: nothing to read.
    act(() => publishPushMessage({ type: 'notification', notification: notification('invoice_created') }));
    act(() =>
      publishPushMessage({ type: 'notification', notification: notification('document_request', 'c-2') }),
    );
    expect(callsTo(apiRequest, 'clientRequests.list')).toHaveLength(1);

    answerApi(apiRequest, { 'clientRequests.list': [request()] });
    act(() => publishPushMessage({ type: 'notification', notification: notification('document_request') }));
    expect(await screen.findByRole('group', { name: 'Solicitud Cierre del tercer trimestre' })).toBeTruthy();
    expect(callsTo(apiRequest, 'clientRequests.list')).toHaveLength(2);
  });

  it('reads again once after a burst of upload progress, when the tick has landed', async () => {
    answerApi(apiRequest, { 'clientRequests.list': [request()] });
    render();
    await screen.findByRole('group', { name: 'Solicitud Cierre del tercer trimestre' });
    vi.useFakeTimers();
    answerApi(apiRequest, {
      'clientRequests.list': [
        request({
          items: [item({ status: 'RECEIVED', documentIds: ['d-1', 'd-3', 'd-4'] })],
          done: 1,
          total: 1,
        }),
      ],
    });
    const progress = (companyId: string, progress: number) =>
      publishPushMessage({
        type: 'document_progress',
        companyId,
        uploadId: 'u-1',
        progress,
        status: 'OCR_PROCESSING',
      });
    act(() => {
      progress('c-1', 20);
      progress('c-1', 50);
      progress('c-2', 80);
    });
    act(() => vi.advanceTimersByTime(TICK_SETTLE_MS - 1));
    expect(callsTo(apiRequest, 'clientRequests.list')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(callsTo(apiRequest, 'clientRequests.list')).toHaveLength(2));
    expect(await screen.findByText('Completo')).toBeTruthy();
  });
});
