import type { InvoiceVerifactuStatus, SubmissionView } from '@shared/schemas/verifactu';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { VerifactuPanel } from './verifactu-panel';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));
vi.mock('@web/lib/access-token', () => ({ getAccessToken: vi.fn(async () => 'token-1') }));
vi.mock('@web/lib/runtime-config', () => ({ getRuntimeConfig: () => ({ apiBaseUrl: 'https://api.test' }) }));

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
  );
  if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:qr';
});
// Let React finish what it scheduled last while the file's DOM still exists.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));

afterEach(async () => {
  // End with no request in flight: React must not render after the environment is torn down.
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

const record = (overrides: Partial<SubmissionView>) =>
  ({
    seq: 3,
    recordId: 'c-1-3',
    status: 'VERIFIED',
    aeatCode: null,
    aeatMessage: null,
    csv: 'A-XYZ',
    pendingReason: null,
    ...overrides,
  }) as SubmissionView;

const status = (overrides: Partial<InvoiceVerifactuStatus> = {}): InvoiceVerifactuStatus => ({
  invoiceId: 'inv-1',
  applies: true,
  submissionStatus: 'VERIFIED',
  records: [record({})],
  qrUrl: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345678&numserie=F-1',
  legend: 'VERI*FACTU',
  pendingReason: null,
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPanel = () => {
  rendered = renderRoutes([
    { path: '/', element: <VerifactuPanel invoiceId="inv-1" invoiceNumber="F-2027-0001" /> },
  ]);
  return rendered;
};

describe('VerifactuPanel (invoice detail)', { timeout: 20_000 }, () => {
  it('shows the state, the QR with its legend, and downloads the QR and the XML record', async () => {
    answerApi(apiRequest, { 'verifactu.invoiceStatus': status() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPanel();
    expect(await screen.findByText('Verificado')).toBeTruthy();
    expect(await screen.findByAltText('QR tributario de la factura F-2027-0001')).toBeTruthy();
    expect(screen.getByText('QR tributario:')).toBeTruthy();
    expect(screen.getByText('VERI*FACTU')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      'https://api.test/api/v1/verifactu/invoices/inv-1/qr?format=png&size=200',
    );

    fetchMock.mockResolvedValueOnce(
      new Response('<RegFactuSistemaFacturacion/>', { headers: { 'content-type': 'application/xml' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Descargar registro XML' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      'https://api.test/api/v1/verifactu/invoices/inv-1/record?format=xml',
    );
  });

  it("shows the AEAT's message of a rejected record", async () => {
    answerApi(apiRequest, {
      'verifactu.invoiceStatus': status({
        submissionStatus: 'ERROR',
        qrUrl: null,
        records: [
          record({ seq: 1, status: 'VERIFIED' }),
          record({
            seq: 2,
            status: 'ERROR',
            aeatCode: '1100',
            aeatMessage: 'NIF del destinatario no identificado',
          }),
        ],
      }),
    });
    renderPanel();
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Respuesta de la AEAT (código 1100)')).toBeTruthy();
    expect(screen.getByText('NIF del destinatario no identificado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Descargar QR/ })).toBeNull();
  });

  it('a record that cannot be sent: pending with the reason and a link to configure, no QR', async () => {
    const reason = {
      code: 'NOT_CONFIGURED' as const,
      message:
        'VeriFacTu no configurado: la empresa no tiene certificado ni representación de su gestoría para enviar los registros a la AEAT.',
    };
    answerApi(apiRequest, {
      'verifactu.invoiceStatus': status({
        submissionStatus: 'QUEUED',
        qrUrl: null,
        legend: null,
        pendingReason: reason,
        records: [record({ status: 'QUEUED', csv: null, pendingReason: reason })],
      }),
    });
    renderPanel();
    expect(
      await screen.findByText('Pendiente de envío a la AEAT: la factura no lleva el QR VeriFacTu'),
    ).toBeTruthy();
    expect(screen.getByText(/la empresa no tiene certificado ni representación/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar VeriFacTu' }).getAttribute('href')).toBe(
      '/app/companies/c-1/verifactu',
    );
    expect(screen.queryByText('QR tributario:')).toBeNull();
    expect(screen.queryByText('VERI*FACTU')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing where VeriFacTu does not apply or the route answers 404', async () => {
    answerApi(apiRequest, { 'verifactu.invoiceStatus': status({ applies: false }) });
    const first = renderPanel();
    await new Promise((r) => setTimeout(r, 100));
    expect(first.container.textContent).toBe('');
    first.unmount();

    answerApi(apiRequest, {});
    const second = renderPanel();
    await new Promise((r) => setTimeout(r, 100));
    expect(second.container.textContent).toBe('');
  });
});
