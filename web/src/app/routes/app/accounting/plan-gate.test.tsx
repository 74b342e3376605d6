import { screen } from '@testing-library/react';
import {
  access,
  balanceSheet,
  incomeStatement,
  page,
  stats,
} from '@web/features/accounting/testing/fixtures';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../../testing/api-mock';
import { renderRoutes } from '../../../../testing/render';
import ChartRoute from './chart';
import MyAccountingRoute from './my-accounting';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => vi.resetAllMocks());

const planRequired = () => {
  throw new ApiError({
    code: 'ACC_PLAN_REQUIRED',
    message: 'Actualiza tu plan para acceder a contabilidad',
    status: 403,
    details: { requiredPlan: 'Professional', upgradeUrl: '/app/dashboard/subscription' },
  });
};

const renderAt = (element: ReactElement) => renderRoutes([{ path: '/p', element }], { path: '/p' });

describe('the accounting pages against the plan covering the company', { timeout: 30_000 }, () => {
  it("shows 'Funcionalidad Premium' when the access info says the plan lacks accounting", async () => {
    answerApi(apiRequest, { 'accounting.access': access({ hasAccess: false, currentPlan: 'Starter' }) });
    renderAt(<ChartRoute />);
    expect(await screen.findByText('Funcionalidad Premium')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver planes y mejorar' })).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.accountStats')).toHaveLength(0);
  });

  it('shows it too when a call of the page answers 403 ACC_PLAN_REQUIRED', async () => {
    answerApi(apiRequest, { 'accounting.access': access(), 'accounting.accountStats': planRequired });
    renderAt(<ChartRoute />);
    expect(await screen.findByText('Funcionalidad Premium')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('opens the page with the plan', async () => {
    answerApi(apiRequest, {
      'accounting.access': access(),
      'accounting.accountStats': stats(),
      'accounting.listAccounts': page([]),
      'accounting.categories': [],
    });
    renderAt(<ChartRoute />);
    expect(await screen.findByRole('heading', { name: 'Plan de cuentas' })).toBeTruthy();
    expect(screen.queryByText('Funcionalidad Premium')).toBeNull();
  });

  it('refuses access when the check itself fails', async () => {
    answerApi(apiRequest, {
      'accounting.access': () => {
        throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
      },
    });
    renderAt(<ChartRoute />);
    expect(await screen.findByText('Error verificando acceso. Contacta con soporte.')).toBeTruthy();
  });
});

describe('/app/my-accounting', { timeout: 30_000 }, () => {
  it("shows the client its company's balance sheet and P&L, read-only", async () => {
    answerApi(apiRequest, {
      'accounting.access': access(),
      'accounting.clientSummary': {
        companyId: 'c-1',
        balanceSheet: balanceSheet(),
        incomeStatement: incomeStatement(),
      },
    });
    renderAt(<MyAccountingRoute />);
    expect(await screen.findByRole('heading', { name: 'Mi contabilidad' })).toBeTruthy();
    expect(await screen.findByText('Balance a 31/03/2026')).toBeTruthy();
    expect(screen.getByText('Cuadrado')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pérdidas y ganancias' })).toBeTruthy();
    // Read-only: no ledger links, no writes.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /Exportar/ })).toBeNull();
  });

  it("gives way to 'Funcionalidad Premium' when the gestoría's plan lacks accounting", async () => {
    answerApi(apiRequest, { 'accounting.access': access(), 'accounting.clientSummary': planRequired });
    renderAt(<MyAccountingRoute />);
    expect(await screen.findByText('Funcionalidad Premium')).toBeTruthy();
  });
});
