import type {
  ComplianceReport,
  SecurityMetrics,
  SecurityOverview,
  SecurityPolicies,
  SecurityRecommendations,
} from '@shared/schemas/psd2';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { saveBlob } from '@web/lib/api-download';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { SecurityCompliancePage } from './compliance';
import { SecurityMetricsPage } from './metrics';
import { SecurityOverviewPage } from './overview';
import { SecurityPoliciesPage } from './policies';
import { SecurityRecommendationsPage } from './recommendations';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', () => ({ saveBlob: vi.fn() }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: { myRole: 'OWNER', myPermissions: [] } }),
}));

afterEach(() => vi.resetAllMocks());
afterAll(() => new Promise<void>((r) => setTimeout(r, 300)));

const render = (element: React.ReactNode) => renderRoutes([{ path: '/p', element }], { path: '/p' });

const overview: SecurityOverview = {
  generatedAt: '2026-03-10T09:00:00Z',
  connections: { total: 3, linked: 2, expiringSoon: 1, expired: 1 },
  policies: { total: 5, compliant: 3, failing: 1 },
  recommendations: { high: 2, medium: 1, low: 4 },
  syncs: { ok: 17, failed: 2, windowDays: 30 },
  lastAuditAt: '2026-03-10T08:00:00Z',
};

describe('banking security pages', { timeout: 20_000 }, () => {
  it('overview: the four cards with their figures, each linking to its page', async () => {
    answerApi(apiRequest, { 'banking.securityOverview': overview });
    render(<SecurityOverviewPage />);
    const policies = await screen.findByLabelText('Políticas');
    expect(within(policies).getByText('3')).toBeTruthy();
    expect(within(policies).getByRole('link', { name: 'Ver políticas' }).getAttribute('href')).toBe(
      '/app/banking/security/policies',
    );
    const recs = screen.getByLabelText('Recomendaciones');
    expect(within(recs).getByText('4')).toBeTruthy();
    expect(within(recs).getByRole('link').getAttribute('href')).toBe('/app/banking/security/recommendations');
    expect(within(screen.getByLabelText('Métricas')).getByText('17')).toBeTruthy();
    expect(within(screen.getByLabelText('Métricas')).getByRole('link').getAttribute('href')).toBe(
      '/app/banking/security/metrics',
    );
    expect(
      within(screen.getByLabelText('Informe de cumplimiento')).getByRole('link').getAttribute('href'),
    ).toBe('/app/banking/security/compliance-report');
  });

  it('policies: each with its state and evidence', async () => {
    const policies: SecurityPolicies = {
      generatedAt: '',
      items: [
        {
          id: 'a',
          title: 'Consentimientos de 180 días como máximo',
          description: 'Regla',
          compliant: true,
          evidence: '2 consentimientos comprobados; el más largo, 180 días.',
        },
        {
          id: 'b',
          title: 'Renovación 7 días antes de caducar',
          description: 'Regla',
          compliant: false,
          evidence: '1 conexión caducada.',
        },
        {
          id: 'c',
          title: 'Sincronización automática',
          description: 'Regla',
          compliant: null,
          evidence: 'Aún no hay datos.',
        },
      ],
    };
    answerApi(apiRequest, { 'banking.securityPolicies': policies });
    render(<SecurityPoliciesPage />);
    const first = await screen.findByLabelText('Consentimientos de 180 días como máximo');
    expect(within(first).getByText('Se cumple')).toBeTruthy();
    expect(within(first).getByText(/el más largo, 180 días/)).toBeTruthy();
    expect(
      within(screen.getByLabelText('Renovación 7 días antes de caducar')).getByText('No se cumple'),
    ).toBeTruthy();
    expect(within(screen.getByLabelText('Sincronización automática')).getByText('Sin datos')).toBeTruthy();
  });

  it('recommendations: by severity, with their detail', async () => {
    const recs: SecurityRecommendations = {
      generatedAt: '',
      items: [
        {
          id: 'x',
          severity: 'HIGH',
          title: 'Renueva el consentimiento de Banco Sandbox Cuadra',
          detail: 'Caducó el 01/03/2026',
          connectionId: 'cn-1',
          accountId: null,
        },
        {
          id: 'y',
          severity: 'LOW',
          title: '2 personas pueden conectar y revocar bancos',
          detail: 'Propietario y gestor: a@x.es, b@x.es',
          connectionId: null,
          accountId: null,
        },
      ],
    };
    answerApi(apiRequest, { 'banking.securityRecommendations': recs });
    render(<SecurityRecommendationsPage />);
    expect(await screen.findByText('Renueva el consentimiento de Banco Sandbox Cuadra')).toBeTruthy();
    expect(screen.getByText('Alta')).toBeTruthy();
    expect(screen.getByText('Baja')).toBeTruthy();
    expect(screen.getByText('Propietario y gestor: a@x.es, b@x.es')).toBeTruthy();
  });

  it('metrics: sync counts, connections by status and the table', async () => {
    const metrics: SecurityMetrics = {
      generatedAt: '',
      windowDays: 30,
      connectionsByStatus: { PENDING: 0, LINKED: 2, EXPIRED: 1, REJECTED: 0, REVOKED: 0 },
      syncs: { ok: 17, failed: 2, movementsCreated: 345 },
      lastSyncAt: '2026-03-10T08:00:00Z',
      oldestSyncAgeHours: 5.5,
      connections: [
        {
          connectionId: 'cn-1',
          institutionName: 'Banco Sandbox Cuadra',
          status: 'LINKED',
          daysLeft: 170,
          lastSyncAt: '2026-03-10T08:00:00Z',
          lastSyncAgeHours: 1,
          syncOk: 12,
          syncFailed: 1,
        },
      ],
    };
    answerApi(apiRequest, { 'banking.securityMetrics': metrics });
    render(<SecurityMetricsPage />);
    const syncs = await screen.findByLabelText('Sincronizaciones');
    expect(within(syncs).getByText('345')).toBeTruthy();
    expect(within(syncs).getByText('5,5 h')).toBeTruthy();
    expect(within(screen.getByLabelText('Conexiones por estado')).getByText('Caducada')).toBeTruthy();
    const row = screen.getByText('Banco Sandbox Cuadra').closest('tr')!;
    expect(within(row).getByText('170')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
  });

  it("compliance report: consents and audit; 'Exportar' downloads what is shown as CSV", async () => {
    const report: ComplianceReport = {
      generatedAt: '2026-03-10T09:00:00Z',
      consents: [
        {
          connectionId: 'cn-1',
          institutionName: 'Banco Sandbox Cuadra',
          connectedBy: 'ana@empresa.test',
          connectedAt: '2026-03-10T09:00:00Z',
          consentExpiresAt: '2026-09-06T09:05:00Z',
          ageDays: 0,
          daysLeft: 180,
          scopes: ['balances', 'transactions'],
          status: 'LINKED',
          accounts: 2,
          tokenEncrypted: true,
          revokedAt: null,
        },
      ],
      audit: [
        {
          at: '2026-03-10T09:05:00Z',
          action: 'LINK',
          connectionId: 'cn-1',
          institutionName: 'Banco Sandbox Cuadra',
          actor: 'ana@empresa.test',
          outcome: 'OK',
          detail: 'Consentimiento concedido: 2 cuenta(s) "demo"',
        },
      ],
    };
    answerApi(apiRequest, { 'banking.complianceReport': report });
    render(<SecurityCompliancePage />);
    const consents = await screen.findByLabelText('Consentimientos');
    expect(within(consents).getByText('ana@empresa.test')).toBeTruthy();
    expect(within(consents).getByText('Saldos, Movimientos')).toBeTruthy();
    expect(within(consents).getByText('Sí')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Registro de auditoría')).getByText('Consentimiento concedido'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('informe-cumplimiento-psd2-2026-03-10.csv');
    const csv = await (blob as Blob).text();
    expect(csv).toContain(
      '"Banco Sandbox Cuadra";"Activa";"ana@empresa.test";"10/03/2026";"06/09/2026";"0";"180";"Saldos, Movimientos";"2";"Sí"',
    );
    expect(csv).toContain('"Consentimiento concedido: 2 cuenta(s) ""demo"""');
  });
});
