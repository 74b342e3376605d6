import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { detail, membership, rejected, submission } from '../testing/fixtures';
import { letReactFinish, settleQueries, track } from '../testing/settle';
import { SubmissionsHistory } from './submissions-history';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));
vi.mock('@web/lib/access-token', () => ({ getAccessToken: vi.fn(async () => 'token-1') }));
vi.mock('@web/lib/runtime-config', () => ({ getRuntimeConfig: () => ({ apiBaseUrl: 'https://api.test' }) }));

const fetchMock = vi.fn();
const page = (content: unknown[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
  );
  if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:qr';
});

afterAll(letReactFinish);

afterEach(async () => {
  await settleQueries();
  notification.destroy();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

const renderHistory = (path = '/app/verifactu/history') =>
  track(renderRoutes([{ path: '/app/verifactu/history', element: <SubmissionsHistory /> }], { path }));

describe('SubmissionsHistory', { timeout: 20_000 }, () => {
  it('reads the filters and the page from the URL and sends them to the API', async () => {
    answerApi(apiRequest, {
      'verifactu.listSubmissions': page([submission(1), rejected(2)]),
      'companies.get': membership(),
    });
    renderHistory(
      '/app/verifactu/history?status=ERROR&kind=ALTA&from=2027-01-01&to=2027-01-31&search=F-2027&page=2',
    );
    expect(await screen.findByText('F-2027-0001')).toBeTruthy();
    expect(callsTo(apiRequest, 'verifactu.listSubmissions')[0]).toMatchObject({
      companyId: 'c-1',
      query: {
        page: 1,
        size: 20,
        status: 'ERROR',
        kind: 'ALTA',
        from: '2027-01-01',
        to: '2027-01-31',
        search: 'F-2027',
      },
    });
    expect(screen.getByText('Verificado')).toBeTruthy();
    expect(screen.getByText('1100: Valor o tipo incorrecto del campo: NIF del destinatario')).toBeTruthy();
  });

  it('shows a record that cannot be sent as pending, with the reason', async () => {
    const reason = {
      code: 'NOT_CONFIGURED' as const,
      message:
        'VeriFacTu no configurado: la empresa no tiene certificado ni representación de su gestoría para enviar los registros a la AEAT.',
    };
    answerApi(apiRequest, {
      'verifactu.listSubmissions': page([
        submission(3, { status: 'QUEUED', csv: null, pendingReason: reason }),
      ]),
      'companies.get': membership(),
    });
    renderHistory();
    expect(await screen.findByText('Pendiente · VeriFacTu no configurado')).toBeTruthy();
    expect(screen.getByText(reason.message)).toBeTruthy();
    expect(screen.queryByText('En cola')).toBeNull();
  });

  it("'Enviar seleccionadas' bulk-submits the invoices of the selected rows", async () => {
    answerApi(apiRequest, {
      'verifactu.listSubmissions': page([submission(1), rejected(2)]),
      'companies.get': membership(),
      'verifactu.bulkSubmit': { queued: 2 },
    });
    renderHistory();
    await screen.findByText('F-2027-0002');
    const send = await screen.findByRole('button', { name: /Enviar seleccionadas/ });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Seleccionar F-2027-0001'));
    fireEvent.click(screen.getByLabelText('Seleccionar F-2027-0002'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar seleccionadas (2)' }));
    await waitFor(() => expect(callsTo(apiRequest, 'verifactu.bulkSubmit')).toHaveLength(1));
    expect(callsTo(apiRequest, 'verifactu.bulkSubmit')[0]).toMatchObject({
      body: { invoiceIds: ['inv-1', 'inv-2'] },
      companyId: 'c-1',
    });
  });

  it('exports the filtered list as Excel (format EXCEL, no paging)', async () => {
    answerApi(apiRequest, { 'verifactu.listSubmissions': page([]), 'companies.get': membership() });
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([80, 75]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="envios.xlsx"',
        },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderHistory('/app/verifactu/history?status=ERROR&page=3');
    expect(await screen.findByText('Ningún envío coincide con los filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/api/v1/verifactu/submissions/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'ERROR', format: 'EXCEL' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('x-company-id')).toBe('c-1');
  });

  it('the drawer shows the record, the AEAT answer and the attempts; Anular registro needs a reason', async () => {
    answerApi(apiRequest, {
      'verifactu.listSubmissions': page([rejected(2)]),
      'verifactu.getSubmission': detail(rejected(2)),
      'companies.get': membership(),
      'verifactu.cancelSubmission': {},
    });
    renderHistory('/app/verifactu/history?submission=c-1-2');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Registro VeriFacTu de F-2027-0002')).toBeTruthy();
    expect(within(drawer).getByText('Rechazado por la AEAT (código 1100)')).toBeTruthy();
    expect(within(drawer).getByText('A'.repeat(64))).toBeTruthy();
    expect(within(drawer).getByText('Primer registro de la cadena')).toBeTruthy();
    expect(within(drawer).getByText('Rechazado')).toBeTruthy();
    expect(await within(drawer).findByAltText('QR tributario de F-2027-0002')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Corregir y reenviar' })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Anular registro' }));
    const modal = (await screen.findAllByRole('dialog')).find((d) =>
      within(d).queryByText(/Anular el registro/),
    );
    expect(modal).toBeTruthy();
    fireEvent.click(within(modal as HTMLElement).getByRole('button', { name: 'Anular registro' }));
    expect(await within(modal as HTMLElement).findByText('Indica el motivo de la anulación.')).toBeTruthy();
    expect(callsTo(apiRequest, 'verifactu.cancelSubmission')).toHaveLength(0);
    fireEvent.change(within(modal as HTMLElement).getByLabelText('Motivo de la anulación'), {
      target: { value: 'Factura emitida por error' },
    });
    fireEvent.click(within(modal as HTMLElement).getByRole('button', { name: 'Anular registro' }));
    await waitFor(() => expect(callsTo(apiRequest, 'verifactu.cancelSubmission')).toHaveLength(1));
    expect(callsTo(apiRequest, 'verifactu.cancelSubmission')[0]).toMatchObject({
      params: { submissionId: 'c-1-2' },
      body: { reason: 'Factura emitida por error' },
    });
  });

  it('downloads the archived request and answer of an attempt', async () => {
    answerApi(apiRequest, {
      'verifactu.listSubmissions': page([rejected(2)]),
      'verifactu.getSubmission': detail(rejected(2)),
      'companies.get': membership(),
    });
    renderHistory('/app/verifactu/history?submission=c-1-2');
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Petición' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0])).some((u) => u.includes('/exchange'))).toBe(true),
    );
    const url = new URL(fetchMock.mock.calls.map((c) => String(c[0])).find((u) => u.includes('/exchange'))!);
    expect(url.pathname).toBe('/api/v1/verifactu/submissions/c-1-2/exchange');
    expect(url.searchParams.get('attempt')).toBe('att-1');
    expect(url.searchParams.get('part')).toBe('request');
    expect(within(drawer).getByRole('button', { name: 'Respuesta' })).toBeTruthy();
  });
});
