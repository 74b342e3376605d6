/** 'Obligaciones de clientes': the filters from the URL to the API, the rows, and the Excel export. */
import type { PortfolioView } from '@shared/schemas/tax';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, upcoming } from '../testing/fixtures';
import { ClientObligations, filtersFrom } from './client-obligations';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', async (original) => ({
  ...(await original<typeof import('@web/lib/api-download')>()),
  apiDownload: vi.fn(),
  deliver: vi.fn(),
}));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const view: PortfolioView = {
  from: '2027-04-08',
  to: '2027-05-08',
  rows: [
    {
      ...upcoming({ companyName: 'Panadería La Espiga SL', daysRemaining: 5 }),
      responsible: { userId: 'u-1', name: 'Ana Gestora', email: 'ana@gestoria.es' },
    },
    {
      ...upcoming({
        id: '2027-111-03',
        companyId: 'c-2',
        companyName: 'Transportes Levante SA',
        modelType: '111',
        status: 'OVERDUE',
        daysRemaining: -2,
      }),
      responsible: null,
    },
  ],
  companiesWithoutProfile: [{ companyId: 'c-3', name: 'Estudio Nuevo SL' }],
  totalRows: 2,
  truncated: false,
};

let rendered: ReturnType<typeof renderRoutes> | null = null;

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('filtersFrom', () => {
  it('keeps the known values and falls back to 30 days', () => {
    expect(filtersFrom(new URLSearchParams('days=60&model=303&status=OVERDUE&client=c-2'))).toEqual({
      days: 60,
      model: '303',
      status: 'OVERDUE',
      companyId: 'c-2',
    });
    expect(filtersFrom(new URLSearchParams('days=45&model=999&status=LATE'))).toEqual({
      days: 30,
      model: undefined,
      status: undefined,
      companyId: undefined,
    });
  });
});

describe('ClientObligations', { timeout: 20_000 }, () => {
  it('asks with the URL filters, lists each client with its responsible, and exports the same filters', async () => {
    answerApi(apiRequest, {
      'taxPortfolio.list': view,
      'companies.list': { content: [espiga], page: 0, size: 100, totalElements: 1, totalPages: 1 },
    });
    vi.mocked(apiDownload).mockResolvedValue({ kind: 'file', blob: new Blob(['x']), filename: 'o.xlsx' });
    rendered = renderRoutes([{ path: '/app/tax/obligations', element: <ClientObligations /> }], {
      path: '/app/tax/obligations?days=60&model=303',
    });

    expect(await screen.findByText('Transportes Levante SA')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxPortfolio.list')[0]?.query).toMatchObject({ days: 60, model: '303' });
    expect(screen.getByText('Ana Gestora')).toBeTruthy();
    expect(screen.getByText('Sin asignar')).toBeTruthy();
    expect(screen.getByText('Vencida hace 2 días')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Estudio Nuevo SL' }).getAttribute('href')).toBe(
      '/app/companies/c-3/configuration?tab=fiscal',
    );

    fireEvent.click(screen.getByRole('button', { name: /Exportar a Excel/ }));
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(apiDownload).mock.calls[0]?.[0]).toBe('taxPortfolio.export');
    expect(vi.mocked(apiDownload).mock.calls[0]?.[1]).toMatchObject({ query: { days: 60, model: '303' } });
  });
});
