import type { CompanyEntry } from '@shared/schemas/companies';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { setSelectedCompany } from '@web/lib/session';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../testing/api-mock';
import { renderRoutes } from '../testing/render';
import { CompanyFromUrlGate } from './company-from-url-gate';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const entry = (companyId: string, name: string): CompanyEntry => ({
  companyId,
  name,
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  isDefault: companyId === 'c-1',
  siiEnabled: false,
  verifactuEnabled: false,
  createdAt: '2026-01-01T00:00:00Z',
});

function Page() {
  return <p>Página de {useCompanyId()}</p>;
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      {
        path: '/app/invoices/:invoiceId',
        element: (
          <CompanyFromUrlGate>
            <Page />
          </CompanyFromUrlGate>
        ),
      },
    ],
    { path },
  );

afterEach(() => {
  // Unmount first: clearing the selection under a mounted gate would make it switch again.
  cleanup();
  notification.destroy();
  setSelectedCompany(null);
  vi.resetAllMocks();
});

describe('CompanyFromUrlGate', { timeout: 20_000 }, () => {
  it("a link naming another of the user's companies selects it before the page loads", async () => {
    setSelectedCompany(entry('c-1', 'Panadería La Espiga SL'));
    answerApi(apiRequest, {
      'companies.get': {
        ...entry('c-2', 'Transportes Levante Norte SA'),
        myRole: 'GESTOR',
        myPermissions: [],
        canManage: true,
      },
    });
    renderAt(paths.app.invoicing.invoice('inv-1', 'c-2'));

    expect(await screen.findByText('Página de c-2')).toBeTruthy();
    expect(callsTo(apiRequest, 'companies.get')[0]).toMatchObject({ params: { companyId: 'c-2' } });
  });

  it('the selected company renders at once, with or without the parameter', async () => {
    setSelectedCompany(entry('c-1', 'Panadería La Espiga SL'));
    answerApi(apiRequest, {});
    renderAt(paths.app.invoicing.invoice('inv-1', 'c-1'));
    expect(await screen.findByText('Página de c-1')).toBeTruthy();
    expect(callsTo(apiRequest, 'companies.get')).toEqual([]);
  });

  it('a company the user may not open says so instead of loading the page', async () => {
    setSelectedCompany(entry('c-1', 'Panadería La Espiga SL'));
    answerApi(apiRequest, {
      'companies.get': () => {
        throw new ApiError({ code: 'CORE_003', message: 'No tienes acceso a esta empresa.', status: 403 });
      },
    });
    renderAt(paths.app.invoicing.invoice('inv-1', 'c-9'));
    expect(await screen.findByText('Este enlace es de una empresa a la que no tienes acceso.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Página de/)).toBeNull());
  });
});

describe('paths.app.invoicing.invoice', () => {
  it('carries the company when given', () => {
    expect(paths.app.invoicing.invoice('inv 1', 'c/2')).toBe('/app/invoices/inv%201?company=c%2F2');
    expect(paths.app.invoicing.invoice('inv-1')).toBe('/app/invoices/inv-1');
  });
});
