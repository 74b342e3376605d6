/** The consolidated variant: company cards, selecting one, 'Ver Detalles' and its dashboard below. */
import type { CompanyEntry } from '@shared/schemas/companies';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { summary } from '@web/features/dashboard/testing/fixtures';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../testing/api-mock';
import { renderRoutes } from '../../testing/render';
import { ConsolidatedDashboard } from './consolidated-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({
    data: { companyId: 'c-1', myRole: 'GESTOR', myPermissions: [], canManage: true },
  }),
}));
const stub = vi.hoisted(() => (name: string) => () => `widget ${name}`);
vi.mock('@web/features/fiscal-widgets/components/fiscal-widgets', () => ({ FiscalWidgets: stub('fiscal') }));
vi.mock('@web/features/sii/components/sii-widget', () => ({ SiiWidget: stub('sii') }));
vi.mock('@web/features/verifactu/components/verifactu-widget', () => ({
  VerifactuWidget: stub('verifactu'),
}));
vi.mock('@web/features/smart-inbox/components/inbox-widget', () => ({ InboxWidget: stub('inbox') }));
vi.mock('@web/features/notifications/components/notification-metrics-widget', () => ({
  NotificationMetricsWidget: stub('notification-metrics'),
}));
vi.mock('@web/features/notifications/components/document-alerts-widget', () => ({
  DocumentAlertsWidget: stub('document-alerts'),
}));
vi.mock('@web/features/notifications/components/appointment-alerts-widget', () => ({
  AppointmentAlertsWidget: stub('appointment-alerts'),
}));
vi.mock('@web/features/dashboard/components/financial-charts', () => ({ default: () => 'chart' }));

afterEach(() => vi.resetAllMocks());

const company = (
  companyId: string,
  name: string,
  companyType: CompanyEntry['companyType'],
): CompanyEntry => ({
  companyId,
  name,
  nif: `B0000000${companyId.slice(-1)}`,
  companyType,
  isActive: true,
  isDefault: false,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-01-01T00:00:00Z',
});
const espiga = company('c-1', 'Panadería La Espiga SL', 'SL');
const levante = company('c-2', 'Transportes Levante SA', 'SA');

const summaryOf = (o: ApiRequestOptions) => {
  const other = o.companyId === 'c-2';
  const s = summary();
  s.company = { ...s.company, companyId: o.companyId ?? '', name: other ? levante.name : espiga.name };
  if (other && s.monthSummary) s.monthSummary = { ...s.monthSummary, income: 9_876_543 };
  return s;
};

describe('ConsolidatedDashboard', { timeout: 20_000 }, () => {
  it("selects a card on click, shows 'Ver Detalles' on the selected one and its dashboard below", async () => {
    answerApi(apiRequest, {
      'dashboard.summary': summaryOf,
      'companies.get': { ...levante, myRole: 'GESTOR', myPermissions: [], canManage: true },
    });
    renderRoutes([
      { path: '/', element: <ConsolidatedDashboard companies={[espiga, levante]} initialCompanyId="c-1" /> },
    ]);

    expect(await screen.findByText('12.345,67 €')).toBeTruthy();
    const details = () => screen.getAllByRole('link', { name: 'Ver Detalles' });
    expect(details()).toHaveLength(1);
    expect(details()[0]?.getAttribute('href')).toBe('/app/companies/c-1');
    expect(screen.getByRole('button', { name: 'Panadería La Espiga SL' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Transportes Levante SA' }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    fireEvent.click(screen.getByText('B00000002'));
    expect(await screen.findByText('98.765,43 €')).toBeTruthy();
    await waitFor(() => expect(details()[0]?.getAttribute('href')).toBe('/app/companies/c-2'));
    expect(details()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Transportes Levante SA' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryByText('12.345,67 €')).toBeNull();
    expect(callsTo(apiRequest, 'dashboard.summary').map((o) => o.companyId)).toEqual(['c-1', 'c-2']);
  });

  it('starts at the first company when the selected one is not among them', async () => {
    answerApi(apiRequest, {
      'dashboard.summary': summaryOf,
      'companies.get': { ...levante, myRole: 'GESTOR', myPermissions: [], canManage: true },
    });
    renderRoutes([
      { path: '/', element: <ConsolidatedDashboard companies={[levante, espiga]} initialCompanyId="c-9" /> },
    ]);
    expect(await screen.findByText('98.765,43 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Detalles' }).getAttribute('href')).toBe(
      '/app/companies/c-2',
    );
  });
});
