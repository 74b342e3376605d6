/**
 * The company dashboard against a `dashboard.summary` with known figures (es-ES on screen), its
 * fallback banner, its error screen with 'Reintentar', each section's states, the refresh button and
 * which widgets of other areas it shows to whom. Those widgets have their own tests: here they are
 * stand-ins that say they were rendered.
 */
import type { DashboardSummary } from '@shared/schemas/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { alert, summary } from '@web/features/dashboard/testing/fixtures';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../testing/api-mock';
import { renderRoutes } from '../../testing/render';
import { CompanyDashboard } from './company-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const membership = vi.hoisted(() => ({ current: { myRole: 'OWNER', myPermissions: [] as string[] } }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: { companyId: 'c-1', ...membership.current, canManage: false } }),
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
// The chart itself is recharts' (it needs a laid-out page); the points it is given are what matter.
vi.mock('@web/features/dashboard/components/financial-charts', () => ({
  default: ({ points }: { points: { label: string; revenue: number; expenses: number }[] }) => (
    <ul aria-label="Puntos del gráfico">
      {points.map((p) => (
        <li key={p.label}>{`${p.label}: ${p.revenue} / ${p.expenses}`}</li>
      ))}
    </ul>
  ),
}));

afterEach(() => {
  membership.current = { myRole: 'OWNER', myPermissions: [] };
  vi.resetAllMocks();
});

// Testing Library normalises the no-break space before '€' (formatCents) to a plain one.
const euros = (text: string) => text;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

const renderDashboard = (
  answer: DashboardSummary | ((o: { query?: unknown }) => unknown),
  variant?: 'AUTONOMOUS',
) => {
  answerApi(apiRequest, { 'dashboard.summary': answer, 'companies.get': undefined });
  return renderRoutes([{ path: '/', element: <CompanyDashboard companyId="c-1" variant={variant} /> }]);
};

const card = (title: string | RegExp) => {
  const heading = screen.getByText(title, { selector: '.ant-card-head-title, .ant-card-head-title *' });
  const element = heading.closest('.ant-card');
  if (!element) throw new Error(`no card ${String(title)}`);
  return within(element as HTMLElement);
};

describe('CompanyDashboard', { timeout: 20_000 }, () => {
  it('shows the summary figures in es-ES: month, obligations with their colours, finances, accounting', async () => {
    renderDashboard(summary({}, minutesAgo(5)));

    expect(await screen.findByText('Panadería La Espiga SL')).toBeTruthy();
    expect(screen.getByText('Actualizado hace 5 minutos')).toBeTruthy();
    expect(screen.queryByText('Modo de respaldo activo')).toBeNull();

    const month = card('Resumen del Mes (mar 2026)');
    expect(month.getByText(euros('12.345,67 €'))).toBeTruthy();
    expect(month.getByText(euros('4.567,89 €'))).toBeTruthy();
    expect(month.getByText('4')).toBeTruthy();
    expect(month.getByText(`Importe pendiente: ${euros('3.025,00 €')}`)).toBeTruthy();
    expect(month.getByText('3')).toBeTruthy();

    const obligations = card('Próximas Obligaciones');
    expect(obligations.getByText(euros('1.850,00 €'))).toBeTruthy();
    expect(obligations.getByText('Modelo 303 · 4T 2025')).toBeTruthy();
    expect(obligations.getByText(`Vence el 30/01/2026 · Estimado ${euros('1.200,00 €')}`)).toBeTruthy();
    expect(obligations.getByText('Vence el 20/04/2026')).toBeTruthy();
    const overdue = obligations.getByText('Vencida hace 2 días');
    const soon = obligations.getByText('Quedan 20 días');
    // Spec part 3 §9: 7 days or less red, 30 or less yellow.
    expect(overdue.style.color).toBe('#cf1322');
    expect(soon.style.color).toBe('#d48806');

    const finance = card('Análisis Financiero');
    expect(finance.getByText(euros('45.000,00 €'))).toBeTruthy();
    expect(finance.getByText(euros('18.000,00 €'))).toBeTruthy();
    expect(finance.getByText(euros('750,50 €'))).toBeTruthy();
    expect(finance.getByText('1.250')).toBeTruthy();
    expect(finance.getByText('34')).toBeTruthy();
    expect(await finance.findByText('ene 2026: 2000000 / 800000')).toBeTruthy();
    expect(finance.getByText('feb 2026: 2500000 / 1000000')).toBeTruthy();

    const accounting = card('Contabilidad 2026');
    expect(accounting.getByText(euros('27.000,00 €'))).toBeTruthy();
    expect(accounting.getByText(euros('15.200,33 €'))).toBeTruthy();
    expect(accounting.getByText('feb 2026')).toBeTruthy();

    const activity = card('Actividad reciente');
    expect(activity.getByText('Factura F-2026-0012 emitida')).toBeTruthy();
    expect(activity.getByText('Hace 3 horas')).toBeTruthy();
  });

  it("titles the autonomous variant 'Mi Empresa'", async () => {
    renderDashboard(summary(), 'AUTONOMOUS');
    expect(await screen.findByText('Mi Empresa')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Panadería La Espiga SL' })).toBeNull();
  });

  it("sorts the alerts critical first, shows 5 and 'Ver todas' opens the rest", async () => {
    const alerts = [
      alert('1', 'LOW', 'Alerta baja'),
      alert('2', 'MEDIUM', 'Alerta media 1'),
      alert('3', 'HIGH', 'Alerta alta 1'),
      alert('4', 'CRITICAL', 'Alerta crítica'),
      alert('5', 'MEDIUM', 'Alerta media 2'),
      alert('6', 'HIGH', 'Alerta alta 2'),
      alert('7', 'MEDIUM', 'Alerta media 3'),
    ];
    renderDashboard(summary({ alerts }));
    await screen.findByText('Alerta crítica');
    const list = card('Alertas Importantes');
    const titles = () => list.getAllByText(/^Alerta /).map((e) => e.textContent);
    expect(titles()).toEqual([
      'Alerta crítica',
      'Alerta alta 1',
      'Alerta alta 2',
      'Alerta media 1',
      'Alerta media 2',
    ]);
    expect(list.getAllByRole('link', { name: 'Revisar' })[0]?.getAttribute('href')).toBe(
      '/app/tax/dashboard?alert=4',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ver todas (7)' }));
    await waitFor(() => expect(titles()).toHaveLength(7));
    expect(titles().at(-1)).toBe('Alerta baja');
  });

  it("says 'No hay datos disponibles' for a section with nothing and leaves out one the caller may not see", async () => {
    const data = summary({ alerts: [], recentActivity: [], accountingData: null, financialData: null });
    data.meta.sections.accounting = { source: 'LIVE', asOf: null };
    data.meta.sections.financial = { source: 'LIVE', asOf: null };
    renderDashboard(data);
    await screen.findByText('Panadería La Espiga SL');
    expect(card('Alertas Importantes').getByText('No hay datos disponibles')).toBeTruthy();
    expect(card('Actividad reciente').getByText('No hay datos disponibles')).toBeTruthy();
    expect(screen.queryByText(/^Contabilidad/)).toBeNull();
    expect(screen.queryByText('Análisis Financiero')).toBeNull();
  });

  it("shows 'Modo de respaldo activo' and the error of a section that could not be computed; Reintentar recomputes", async () => {
    const fallback = summary({ financialData: null });
    fallback.meta.fallbackMode = true;
    fallback.meta.sections.financial = { source: 'UNAVAILABLE', asOf: null };
    fallback.meta.sections.tax = { source: 'SNAPSHOT', asOf: minutesAgo(30).toISOString() };
    renderDashboard((o) => (o.query ? summary() : fallback));

    expect(await screen.findByText('Modo de respaldo activo')).toBeTruthy();
    expect(
      screen.getByText(
        'Se muestran los últimos datos guardados de: obligaciones fiscales. No disponible ahora: datos financieros.',
      ),
    ).toBeTruthy();
    // The snapshot is shown as any section; the unavailable one says so.
    expect(card('Próximas Obligaciones').getByText('Modelo 303 · 4T 2025')).toBeTruthy();
    const finance = card('Análisis Financiero');
    expect(finance.getByText('Error cargando métricas')).toBeTruthy();
    fireEvent.click(finance.getByRole('button', { name: 'Reintentar' }));

    await waitFor(() => expect(screen.queryByText('Modo de respaldo activo')).toBeNull());
    expect(callsTo(apiRequest, 'dashboard.summary').at(-1)).toMatchObject({
      companyId: 'c-1',
      query: { refresh: 'true' },
    });
    expect(await card('Análisis Financiero').findByText(euros('45.000,00 €'))).toBeTruthy();
  });

  it("shows 'Error al cargar el dashboard' with Reintentar when the call fails, and loads on retry", async () => {
    let fail = true;
    renderDashboard(() => {
      if (fail) throw new ApiError({ code: 'CORE_005', message: 'Error interno', status: 500 });
      return summary();
    });
    expect(await screen.findByText('Error al cargar el dashboard')).toBeTruthy();
    expect(screen.queryByText('Resumen del Mes')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(euros('12.345,67 €'))).toBeTruthy();
    expect(screen.queryByText('Error al cargar el dashboard')).toBeNull();
  });

  it('shows skeletons while loading and the refresh button asks for refresh=true', async () => {
    let release: (value: DashboardSummary) => void = () => {};
    const { container } = renderDashboard(
      () => new Promise<DashboardSummary>((resolve) => (release = resolve)),
    );
    expect(await screen.findByText('Resumen del Mes')).toBeTruthy();
    expect(container.querySelectorAll('.ant-skeleton').length).toBeGreaterThan(0);
    release(summary({}, minutesAgo(90)));
    expect(await screen.findByText('Actualizado hace 1 hora')).toBeTruthy();

    answerApi(apiRequest, { 'dashboard.summary': summary({}, new Date()) });
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Actualizado ahora mismo')).toBeTruthy();
    expect(callsTo(apiRequest, 'dashboard.summary').at(-1)).toMatchObject({ query: { refresh: 'true' } });
  });

  it('shows the staff widgets to staff; VeriFacTu without SII, Estado SII with it', async () => {
    const plain = renderDashboard(summary());
    expect(await screen.findByText('widget verifactu')).toBeTruthy();
    for (const name of ['fiscal', 'inbox', 'notification-metrics', 'document-alerts', 'appointment-alerts']) {
      expect(screen.getByText(`widget ${name}`)).toBeTruthy();
    }
    expect(screen.queryByText('widget sii')).toBeNull();
    plain.unmount();

    const sii = summary();
    sii.company.siiEnabled = true;
    renderDashboard(sii);
    expect(await screen.findByText('widget sii')).toBeTruthy();
    expect(screen.queryByText('widget verifactu')).toBeNull();
  });

  it('leaves out what a client may not read', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'] };
    renderDashboard(summary());
    expect(await screen.findByText('widget appointment-alerts')).toBeTruthy();
    for (const name of ['fiscal', 'verifactu', 'inbox', 'notification-metrics', 'document-alerts']) {
      expect(screen.queryByText(`widget ${name}`)).toBeNull();
    }
  });
});
