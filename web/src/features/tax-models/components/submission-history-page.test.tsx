/** 'Historial de presentaciones': states in words, the CSV, the AEAT's errors, and 'Reintentar'. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, page, profileStatus, submission } from '../testing/fixtures';
import { SubmissionHistoryPage } from './submission-history-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const rejected = submission({
  submissionId: 's-2',
  modelId: '2026-303-2T',
  period: '2T',
  state: 'REJECTED',
  csv: null,
  receiptNumber: null,
  hasReceipt: false,
  errors: [{ code: '1002', message: 'El NIF del declarante no está identificado.' }],
  createdAt: '2026-07-10T10:00:00Z',
});
const failed = submission({
  submissionId: 's-3',
  modelId: '2026-303-3T',
  period: '3T',
  state: 'ERROR',
  csv: null,
  receiptNumber: null,
  hasReceipt: false,
  retryable: true,
  errors: [{ code: 'GATEWAY', message: 'La AEAT no está disponible en este momento.' }],
  createdAt: '2026-10-10T10:00:00Z',
});

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxSubmissions.list': page([failed, rejected, submission()]),
  'taxSubmissions.retry': submission({ submissionId: 's-3', state: 'PENDING', attempts: 2 }),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = () => {
  rendered = renderRoutes([{ path: '/app/tax/history', element: <SubmissionHistoryPage /> }], {
    path: '/app/tax/history',
  });
  return rendered;
};

// Dates are shown in the browser's time zone.
const acceptedRow = `Modelo 303 · 1T 2026 · ${formatDateTime('2026-04-10T10:00:00Z')}`;
const rejectedRow = `Modelo 303 · 2T 2026 · ${formatDateTime('2026-07-10T10:00:00Z')}`;
const failedRow = `Modelo 303 · 3T 2026 · ${formatDateTime('2026-10-10T10:00:00Z')}`;

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('SubmissionHistoryPage', { timeout: 20_000 }, () => {
  it('shows each filing with its state in words, its CSV and the AEAT errors', async () => {
    answerApi(apiRequest, answers());
    renderPage();
    const accepted = await screen.findByRole('row', { name: acceptedRow });
    expect(within(accepted).getAllByText('Aceptada').length).toBeGreaterThan(0);
    expect(within(accepted).getAllByText('ABCD1234EFGH5678').length).toBeGreaterThan(0);
    expect(within(accepted).getAllByRole('button', { name: 'Justificante' }).length).toBeGreaterThan(0);
    expect(within(accepted).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    const failed = screen.getByRole('row', { name: rejectedRow });
    expect(within(failed).getAllByText('Rechazada').length).toBeGreaterThan(0);
    expect(within(failed).getAllByText('El NIF del declarante no está identificado.').length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText('REJECTED')).toBeNull();
  });

  it("'Reintentar' files a failed one again: 'Reintento iniciado'", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    const failed = await screen.findByRole('row', { name: failedRow });
    fireEvent.click(within(failed).getAllByRole('button', { name: 'Reintentar' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Sí, reintentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxSubmissions.retry')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxSubmissions.retry')[0]).toMatchObject({
      params: { companyId: 'c-1', submissionId: 's-3' },
    });
    expect(await screen.findByText('Reintento iniciado')).toBeTruthy();
  });

  it('a client who only reads has no retry', async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderPage();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    await screen.findByRole('row', { name: failedRow });
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
