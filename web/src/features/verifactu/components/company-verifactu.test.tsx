import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { certificate, config, membership } from '../testing/fixtures';
import { letReactFinish, settleQueries, track } from '../testing/settle';
import { CompanyVerifactu } from './company-verifactu';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/access-token', () => ({
  getAccessToken: vi.fn(async () => 'token-1'),
  refreshAccessToken: vi.fn(async () => 'token-2'),
}));
vi.mock('@web/lib/runtime-config', () => ({ getRuntimeConfig: () => ({ apiBaseUrl: 'https://api.test' }) }));

const fetchMock = vi.fn();
const envelope = (data: unknown, status = 200, error: unknown = null) =>
  new Response(JSON.stringify({ success: status < 400, data, error }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterAll(letReactFinish);

afterEach(async () => {
  await settleQueries();
  notification.destroy();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

const renderPage = () =>
  track(
    renderRoutes(
      [{ path: '/app/companies/:companyId/verifactu', element: <CompanyVerifactu companyId="c-1" /> }],
      {
        path: '/app/companies/c-1/verifactu',
      },
    ),
  );

/** Picks a file in the upload's hidden input (rendered once the membership says who may manage). */
const choose = async (file: File) => {
  await screen.findByRole('button', { name: /certificado \(\.p12 \/ \.pfx\)|Cambiar archivo/ });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('CompanyVerifactu', { timeout: 20_000 }, () => {
  it('without configuration: POSTs the form, with the representative of a gestoría', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'verifactu.getConfig': null,
      'certificates.list': [certificate()],
      'verifactu.createConfig': (options: { body?: unknown }) => config(options.body as never),
    });
    renderPage();
    expect(await screen.findByText('VeriFacTu no está configurado todavía para esta empresa.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Probar conexión' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByLabelText('Producción'));
    fireEvent.click(screen.getByLabelText(/Presentar como representante/));
    fireEvent.change(await screen.findByLabelText('Representante: nombre o razón social'), {
      target: { value: 'Asesoría Martínez & Asociados' },
    });
    fireEvent.change(screen.getByLabelText('Representante: NIF'), { target: { value: 'b87654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));

    await waitFor(() => expect(callsTo(apiRequest, 'verifactu.createConfig')).toHaveLength(1));
    expect(callsTo(apiRequest, 'verifactu.createConfig')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      body: {
        mode: 'VERIFACTU',
        environment: 'PRODUCTION',
        certificateId: null,
        representative: { name: 'Asesoría Martínez & Asociados', nif: 'B87654321' },
        sealCertificate: false,
        enabled: true,
      },
    });
    expect(callsTo(apiRequest, 'verifactu.updateConfig')).toHaveLength(0);
  });

  it("with a configuration: PUTs the changes, and 'Probar conexión' shows the result", async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'verifactu.getConfig': config(),
      'certificates.list': [certificate()],
      'verifactu.updateConfig': (options: { body?: unknown }) => config(options.body as never),
      'verifactu.testConnection': {
        ok: false,
        at: '2027-01-16T08:00:00Z',
        endpoint: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
        message: 'El certificado no está autorizado para este NIF.',
        code: '4102',
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(callsTo(apiRequest, 'verifactu.updateConfig')).toHaveLength(1));
    expect(callsTo(apiRequest, 'verifactu.updateConfig')[0]?.body).toMatchObject({ certificateId: 'cert-1' });

    fireEvent.click(screen.getByRole('button', { name: 'Probar conexión' }));
    expect(await screen.findByText('La conexión ha fallado')).toBeTruthy();
    expect(screen.getByText('El certificado no está autorizado para este NIF. (código 4102)')).toBeTruthy();
  });

  it('refuses a file that is not .p12/.pfx or is over 50 KB, without sending it', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'verifactu.getConfig': null,
      'certificates.list': [],
    });
    renderPage();
    expect(await screen.findByText('Todavía no hay certificados.')).toBeTruthy();
    await choose(new File(['x'], 'certificado.pem'));
    expect(await screen.findByText('El certificado debe ser un archivo .p12 o .pfx.')).toBeTruthy();
    await choose(new File([new Uint8Array(51 * 1024)], 'grande.p12'));
    expect(await screen.findByText('El certificado no puede superar los 50 KB.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subir certificado' }).hasAttribute('disabled')).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads file and password as multipart/form-data and forgets the password', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'verifactu.getConfig': null,
      'certificates.list': [],
    });
    fetchMock.mockResolvedValue(envelope(certificate()));
    renderPage();
    await screen.findByText('Todavía no hay certificados.');
    await choose(new File([new Uint8Array([48, 130, 1])], 'espiga.p12', { type: 'application/x-pkcs12' }));
    expect(await screen.findByText('espiga.p12')).toBeTruthy();
    const password = screen.getByLabelText('Contraseña del certificado') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 's3creta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir certificado' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.test/api/v1/companies/c-1/certificates');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBeNull();
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('espiga.p12');
    expect(form.get('password')).toBe('s3creta');
    expect(password.value).toBe('');
    await waitFor(() => expect(callsTo(apiRequest, 'certificates.list').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal and keeps no password after a failed upload", async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'verifactu.getConfig': null,
      'certificates.list': [],
    });
    fetchMock.mockResolvedValue(
      envelope(null, 400, {
        code: 'CORE_004',
        message: 'La contraseña del certificado no es correcta.',
        field: 'password',
        details: null,
      }),
    );
    renderPage();
    await screen.findByText('Todavía no hay certificados.');
    await choose(new File([new Uint8Array([48, 130, 1])], 'espiga.pfx'));
    const password = (await screen.findByLabelText('Contraseña del certificado')) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'mala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir certificado' }));
    expect(await screen.findByText('La contraseña del certificado no es correcta.')).toBeTruthy();
    expect(password.value).toBe('');
  });

  it('lists the certificates, warns before expiry, deletes after confirming, and shows the usage', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'verifactu.getConfig': config(),
      'certificates.list': [certificate({ daysToExpiry: 20 })],
      'certificates.delete': undefined,
      'certificates.usage': [
        { at: '2027-01-15T10:00:05Z', operation: 'SUBMISSION', ok: true, detail: '1 registro' },
      ],
    });
    renderPage();
    const row = (await screen.findByText('AC Representación')).closest('tr') as HTMLElement;
    expect(within(row).getByText('PANADERIA LA ESPIGA SL')).toBeTruthy();
    expect(within(row).getByText('B12345678')).toBeTruthy();
    expect(within(row).getByText('El certificado caduca en 20 días.')).toBeTruthy();
    expect(within(row).getByText('Válido')).toBeTruthy();
    expect(within(row).getByText('En uso')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Historial de uso' }));
    expect(await screen.findByText('Envío de registros')).toBeTruthy();
    expect(callsTo(apiRequest, 'certificates.usage')[0]).toMatchObject({
      params: { companyId: 'c-1', certificateId: 'cert-1' },
      query: { limit: 50 },
    });
    const closers = screen.getAllByRole('button', { name: 'Cerrar' });
    fireEvent.click(closers[closers.length - 1] as HTMLElement);

    fireEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('tooltip');
    expect(callsTo(apiRequest, 'certificates.delete')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'certificates.delete')).toHaveLength(1));
    expect(callsTo(apiRequest, 'certificates.delete')[0]?.params).toEqual({
      companyId: 'c-1',
      certificateId: 'cert-1',
    });
  });

  it('a reader sees the configuration and certificates without forms or delete', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(false),
      'verifactu.getConfig': config({ representative: { name: 'Asesoría Martínez', nif: 'B87654321' } }),
      'certificates.list': [certificate()],
    });
    renderPage();
    expect(await screen.findByText('Asesoría Martínez (B87654321)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subir certificado' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });
});
