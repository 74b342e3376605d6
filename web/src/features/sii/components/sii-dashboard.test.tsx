import type { CompanyEntry } from '@shared/schemas/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { entry, levante, membership, page, statistics, submission } from '../testing/fixtures';
import { SiiDashboard } from './sii-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const selected = vi.hoisted(() => ({ company: null as CompanyEntry | null }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => selected.company,
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => selected.company?.companyId ?? null,
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const renderPage = (path = '/app/tax/sii') =>
  renderRoutes([{ path: '/app/tax/sii', element: <SiiDashboard /> }], { path });

const answers = (canManage = true) => ({
  'companies.get': membership(canManage),
  'sii.statistics': statistics(),
  'sii.listSubmissions': page([submission()]),
  'sii.retryEntry': { message: 'Reintento iniciado' },
  'sii.getEntry': { entry: entry(), submissions: [submission()] },
  'sii.bulkSubmit': { queued: 3 },
});

/** Opens an antd Select by its label and clicks the option with that text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('SiiDashboard (/app/tax/sii)', { timeout: 30_000 }, () => {
  it('shows the counts, the books, the deadlines with Urgente and the submissions', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderPage();

    const pending = await screen.findByLabelText('Pendientes');
    expect(within(pending).getByText('3')).toBeTruthy();
    expect(within(screen.getByLabelText('Aceptadas (7 días)')).getByText('12')).toBeTruthy();
    expect(screen.getByLabelText('Pendientes de conciliar')).toBeTruthy();
    expect(screen.getByText('Facturas expedidas')).toBeTruthy();
    expect(screen.getByText('Cobros y pagos RECC')).toBeTruthy();
    // The deadline of one day is urgent, the one of four days is not.
    const urgentRow = screen.getByRole('link', { name: 'F-2027-0009' }).closest('tr') as HTMLElement;
    expect(within(urgentRow).getByText('Urgente')).toBeTruthy();
    const calmRow = screen.getByRole('link', { name: 'F-2027-0010' }).closest('tr') as HTMLElement;
    expect(within(calmRow).queryByText('Urgente')).toBeNull();
    // The submission opens its detail.
    await screen.findByText('Parcialmente aceptado');
    expect(screen.getByRole('link', { name: /^03\/03\/2027 \d\d:15$/ }).getAttribute('href')).toBe(
      '/app/tax/sii/sub-1',
    );
    expect(callsTo(apiRequest, 'sii.statistics')[0]).toMatchObject({
      query: { period: 'CURRENT_MONTH' },
      companyId: 'c-1',
    });
  });

  it('a problem opens its invoice in a new tab: the issued one, or the received one for FR', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderPage();

    const issued = await screen.findByRole('link', {
      name: 'Abrir la factura F-2027-0007 en una pestaña nueva',
    });
    expect(issued.getAttribute('href')).toBe('/app/invoices/inv-7?company=c-1');
    expect(issued.getAttribute('target')).toBe('_blank');
    expect(issued.getAttribute('rel')).toContain('noopener');
    const received = screen.getByRole('link', { name: 'Abrir la factura PROV-88 en una pestaña nueva' });
    expect(received.getAttribute('href')).toBe('/app/admin/invoicing/expenses/rec-3?company=c-1');
    expect(received.getAttribute('target')).toBe('_blank');
  });

  it('the filters change the queries: period and book for the statistics, book and month for the submissions', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    const { router } = renderPage();
    await screen.findByLabelText('Pendientes');

    await pick('Periodo', 'Últimos 7 días');
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sii.statistics').at(-1)?.query).toMatchObject({ period: 'LAST_7_DAYS' }),
    );
    await pick('Libro', 'FR · Facturas recibidas');
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sii.statistics').at(-1)?.query).toEqual({
        period: 'LAST_7_DAYS',
        book: 'FR',
      }),
    );
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sii.listSubmissions').at(-1)?.query).toMatchObject({ book: 'FR' }),
    );
    expect(router.state.location.search).toBe('?period=LAST_7_DAYS&book=FR');
  });

  it('a month and a state in the URL filter the submissions', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderPage('/app/tax/sii?book=FE&month=2027-03&status=REJECTED');
    await screen.findByLabelText('Pendientes');
    await waitFor(() => expect(callsTo(apiRequest, 'sii.listSubmissions')).toHaveLength(1));
    expect(callsTo(apiRequest, 'sii.listSubmissions')[0]?.query).toEqual({
      page: 0,
      size: 20,
      book: 'FE',
      period: '2027-03',
      status: 'REJECTED',
    });
  });

  it("'Reintentar' queues the record again and says 'Reintento iniciado'", async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar PROV-88' }));
    expect(await screen.findByText('Reintento iniciado')).toBeTruthy();
    expect(callsTo(apiRequest, 'sii.retryEntry')[0]).toMatchObject({
      params: { book: 'FR', documentId: 'rec-3' },
      body: {},
      companyId: 'c-1',
    });
  });

  it("'Corregir' a refused record after 1117: sends the counterparty as IDOtro 07", async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Corregir F-2027-0007' }));
    const dialog = await screen.findByRole('dialog');
    // The record's counterparty is the starting point; 1117 proposes IDOtro 07 with its NIF.
    expect(await within(dialog).findByDisplayValue('Frutas Huerta SL')).toBeTruthy();
    expect(within(dialog).getByText(/no está censado/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Descripción de la operación'), {
      target: { value: 'Transporte de fruta a Valencia' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Corregir y reintentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'sii.retryEntry')).toHaveLength(1));
    expect(callsTo(apiRequest, 'sii.retryEntry')[0]).toMatchObject({
      params: { book: 'FE', documentId: 'inv-7' },
      body: {
        corrections: {
          counterpartyOtherId: { countryCode: 'ES', idType: '07', id: 'B12345674' },
          description: 'Transporte de fruta a Valencia',
        },
      },
    });
    expect(await screen.findByText('Reintento iniciado')).toBeTruthy();
  });

  it("'Enviar pendientes' sends the pending records of the chosen book", async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderPage('/app/tax/sii?book=FE');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar pendientes' }));
    expect(await screen.findByText('3 registros puestos en cola de envío al SII del libro FE.')).toBeTruthy();
    expect(callsTo(apiRequest, 'sii.bulkSubmit')[0]).toMatchObject({
      body: { book: 'FE' },
      companyId: 'c-1',
    });
  });

  it('a client who only reads sees no buttons that write', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers(false));
    renderPage();
    await screen.findByRole('link', { name: 'Abrir la factura F-2027-0007 en una pestaña nueva' });
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enviar pendientes' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Reintentar PROV-88' })).toBeNull();
  });

  it("a load failure says 'Error cargando estado SII' with Reintentar", async () => {
    selected.company = levante;
    answerApi(apiRequest, { 'companies.get': membership(), 'sii.listSubmissions': page([]) });
    renderPage();
    expect(await screen.findByText('Error cargando estado SII')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });

  it('a company outside the SII gets the explanation and its configuration, not the books', async () => {
    selected.company = { ...levante, siiEnabled: false };
    answerApi(apiRequest, answers());
    renderPage();
    expect(await screen.findByText(/no lleva sus libros de IVA por el SII/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configuración SII' }).getAttribute('href')).toBe(
      '/app/companies/c-1/sii',
    );
    expect(callsTo(apiRequest, 'sii.statistics')).toEqual([]);
  });
});
