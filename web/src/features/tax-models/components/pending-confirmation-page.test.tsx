/** 'Pendientes de confirmar': the generated models not yet filed, 'Revisar' and 'Aprobar'. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, model303, page, profileStatus } from '../testing/fixtures';
import { PendingConfirmationPage } from './pending-confirmation-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxModels.pendingConfirmation': page([
    model303(),
    model303({ modelId: '2026-303-2T', period: '2T', approvedAt: '2026-07-02T10:00:00Z', issues: [] }),
  ]),
  'taxModels.approve': model303({ approvedAt: '2026-04-06T10:00:00Z' }),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = () => {
  rendered = renderRoutes([{ path: '/app/tax/pending-confirmation', element: <PendingConfirmationPage /> }], {
    path: '/app/tax/pending-confirmation',
  });
  return rendered;
};

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('PendingConfirmationPage', { timeout: 20_000 }, () => {
  it('lists the pending models with their issues; approves one not yet approved', async () => {
    answerApi(apiRequest, answers());
    renderPage();
    const first = await screen.findByRole('row', { name: 'Modelo 303 · 1T 2026' });
    expect(within(first).getAllByText('1 aviso').length).toBeGreaterThan(0);
    const second = screen.getByRole('row', { name: 'Modelo 303 · 2T 2026' });
    expect(within(second).getAllByText('Aprobado').length).toBeGreaterThan(0);
    expect(within(second).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(first).getAllByRole('link', { name: 'Revisar' })[0]?.getAttribute('href')).toBe(
      '/app/tax/models/2026-303-1T/preview',
    );

    fireEvent.click(within(first).getAllByRole('button', { name: 'Aprobar' })[0] as HTMLElement);
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.approve')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.approve')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303', modelId: '2026-303-1T' },
    });
    expect(await screen.findByText('Modelo 303 · 1T 2026 aprobado')).toBeTruthy();
  });

  it('a client who only reads cannot approve', async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderPage();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    await screen.findByRole('row', { name: 'Modelo 303 · 1T 2026' });
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
  });
});
