/**
 * 'Declaraciones anuales': the last closed year by default, one card per return owed with its reason,
 * deadline, items (status and es-ES amount) and counts, the returns not owed folded with their reason,
 * and each checklist's PDF.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';
import { spanishToday } from '@web/lib/spanish-today';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { annualReturns2025 } from '../testing/annual-fixtures';
import { espiga, membership, profileStatus } from '../testing/fixtures';
import { AnnualReturnsPage } from './annual-returns-page';

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

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxAnnualReturns.list': annualReturns2025,
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (search = '') => {
  rendered = renderRoutes([{ path: '/app/tax/annual-returns', element: <AnnualReturnsPage /> }], {
    path: `/app/tax/annual-returns${search}`,
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

describe('AnnualReturnsPage', { timeout: 20_000 }, () => {
  it('asks for the last closed year by default', async () => {
    answerApi(apiRequest, answers());
    renderPage();
    await screen.findByText('Modelo 100 · Declaración anual del IRPF (Renta)');
    const lastClosed = Number(spanishToday().slice(0, 4)) - 1;
    expect(callsTo(apiRequest, 'taxAnnualReturns.list')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      query: { year: lastClosed },
    });
  });

  it('shows the return owed with its items, statuses, amounts, deadline and counts', async () => {
    answerApi(apiRequest, answers());
    renderPage('?year=2025');

    expect(await screen.findByText('Modelo 100 · Declaración anual del IRPF (Renta)')).toBeTruthy();
    expect(screen.getByText('Autónomo: declaración anual del IRPF (art. 96 LIRPF)')).toBeTruthy();
    expect(screen.getByText('Plazo: hasta el 30/06/2026')).toBeTruthy();
    expect(screen.getByText('2 conocidos · 1 pendiente · 1 a aportar')).toBeTruthy();

    const income = screen.getByRole('row', {
      name: 'Ingresos de la actividad (bases de las facturas emitidas)',
    });
    expect(within(income).getByText('Conocido')).toBeTruthy();
    expect(within(income).getByText('48.000,00 €')).toBeTruthy();
    expect(within(income).getByText('48 facturas')).toBeTruthy();
    const net = screen.getByRole('row', { name: 'Diferencia entre ingresos y gastos' });
    expect(within(net).getByText('12.345,67 €')).toBeTruthy();
    const pending = screen.getByRole('row', { name: 'Pago fraccionado 130 4T' });
    expect(within(pending).getByText('Pendiente')).toBeTruthy();
    expect(within(pending).getByText('—')).toBeTruthy();
    const reta = screen.getByRole('row', {
      name: 'Cuotas de autónomo (RETA) pagadas en el año, si no se registraron como gasto',
    });
    expect(within(reta).getByText('A aportar')).toBeTruthy();
  });

  it('folds a return not owed with its reason, and opens it on demand', async () => {
    answerApi(apiRequest, answers());
    renderPage('?year=2025');

    const header = await screen.findByText('Modelo 200 · Impuesto sobre Sociedades');
    expect(
      screen.getByText(
        'No se presenta: Solo la presentan las sociedades sujetas al Impuesto sobre Sociedades',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Resultado contable del ejercicio/ })).toBeNull();

    fireEvent.click(header);
    expect(await screen.findByRole('row', { name: /Resultado contable del ejercicio/ })).toBeTruthy();
  });

  it("downloads the checklist's PDF of the year", async () => {
    answerApi(apiRequest, answers());
    vi.mocked(apiDownload).mockResolvedValue({ kind: 'file', blob: new Blob(['%PDF']), filename: 'x.pdf' });
    renderPage('?year=2025');

    fireEvent.click(await screen.findByRole('button', { name: 'Descargar PDF del modelo 100' }));
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(1));
    expect(apiDownload).toHaveBeenCalledWith(
      'taxAnnualReturns.pdf',
      { params: { companyId: 'c-1', modelType: '100' }, query: { year: 2025 }, companyId: 'c-1' },
      'modelo-100-2025-lista.pdf',
    );
    await waitFor(() => expect(deliver).toHaveBeenCalledTimes(1));
  });
});
