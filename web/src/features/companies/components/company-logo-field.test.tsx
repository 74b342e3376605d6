import type { CompanySettings } from '@shared/schemas/companies';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { answerRoutes, companySettings } from '../testing/fixtures';
import { pngHeaderBytes } from '../testing/logo-bytes';
import { CompanySettingsPanel } from './company-settings-panel';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/access-token', () => ({
  getAccessToken: vi.fn(async () => 'token-1'),
  refreshAccessToken: vi.fn(async () => 'token-2'),
}));
vi.mock('@web/lib/runtime-config', () => ({ getRuntimeConfig: () => ({ apiBaseUrl: 'https://api.test' }) }));

const PNG = [...pngHeaderBytes(400, 200)];
const LOGO = {
  s3Key: 'companies/c-1/logo/1.png',
  contentType: 'image/png' as const,
  fileName: 'espiga.png',
  uploadedAt: '2026-11-20T10:00:00.000Z',
};

const withLogo = (logo: CompanySettings['invoicing']['logo']): CompanySettings => {
  const settings = companySettings();
  return { ...settings, invoicing: { ...settings.invoicing, logo } };
};

const fetchMock = vi.fn();
const createObjectURL = vi.fn((_blob: Blob) => 'blob:logo-1');
const revokeObjectURL = vi.fn();

/** A stateful API: the logo routes change what companies.getSettings answers next. */
function answer(initial: CompanySettings, putLogo?: () => never) {
  let current = initial;
  vi.mocked(apiRequest).mockImplementation(
    answerRoutes({
      'companies.getSettings': () => current,
      'companies.putLogo':
        putLogo ??
        (({ body }) => {
          current = withLogo({
            ...LOGO,
            fileName: (body as { fileName: string }).fileName,
            uploadedAt: 'later',
          });
          return current;
        }),
      'companies.deleteLogo': () => {
        current = withLogo(null);
        return current;
      },
    }),
  );
}

const renderPanel = (canManage = true) =>
  renderRoutes([{ path: '/', element: <CompanySettingsPanel companyId="c-1" canManage={canManage} /> }]);

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

const putCalls = () => vi.mocked(apiRequest).mock.calls.filter(([route]) => route === 'companies.putLogo');

beforeEach(() => {
  fetchMock.mockImplementation(
    async () => new Response(new Uint8Array(PNG), { headers: { 'content-type': 'image/png' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
});

afterEach(() => {
  notification.destroy();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

describe('Logotipo para las facturas', { timeout: 20_000 }, () => {
  it('says Sin logotipo and fetches nothing when there is none', async () => {
    answer(withLogo(null));
    renderPanel();
    expect(await screen.findByText('Logotipo para las facturas')).toBeTruthy();
    expect(screen.getByText('Sin logotipo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subir logotipo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar logotipo' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the current logo, fetched as bytes with the token and the company', async () => {
    answer(withLogo(LOGO));
    renderPanel();
    const img = await screen.findByRole<HTMLImageElement>('img', { name: /Logotipo de la empresa/ });
    expect(img.getAttribute('src')).toBe('blob:logo-1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.test/api/v1/companies/c-1/logo');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1', 'x-company-id': 'c-1' });
    expect((createObjectURL.mock.calls[0]![0] as Blob).size).toBe(PNG.length);
    expect(screen.queryByText('Sin logotipo')).toBeNull();
  });

  it('shows the preview but no controls to who cannot manage the settings', async () => {
    answer(withLogo(LOGO));
    renderPanel(false);
    expect(await screen.findByRole('img', { name: /Logotipo de la empresa/ })).toBeTruthy();
    expect(screen.getByText('Logotipo para las facturas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /logotipo/i })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('uploads a PNG as base64 through companies.putLogo and shows it', async () => {
    answer(withLogo(null));
    renderPanel();
    await screen.findByText('Sin logotipo');

    choose(new File([new Uint8Array(PNG)], 'espiga.png', { type: 'image/png' }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(putCalls()[0]![1]).toEqual({
      params: { companyId: 'c-1' },
      body: { fileName: 'espiga.png', contentBase64: btoa(String.fromCharCode(...PNG)) },
    });
    expect(await screen.findByText('Logotipo guardado')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /espiga\.png/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cambiar logotipo' })).toBeTruthy();
  });

  it.each([
    [
      'a GIF',
      new File([new Uint8Array([71, 73, 70])], 'logo.gif', { type: 'image/gif' }),
      'Tipo de archivo no permitido para logos. Tipos permitidos: PNG, JPEG',
    ],
    [
      'an SVG called .png',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.png', {
        type: 'image/png',
      }),
      'Tipo de archivo no permitido para logos. Tipos permitidos: PNG, JPEG',
    ],
    [
      'a PNG over 5 MB',
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' }),
      'El logo es demasiado grande. Máximo: 5MB',
    ],
    [
      'a PNG 4000 px wide',
      new File([pngHeaderBytes(4000, 1000)], 'ancho.png', { type: 'image/png' }),
      'El logo es demasiado grande. Máximo: 2000x2000px',
    ],
  ])('refuses %s without calling the API', async (_name, file, message) => {
    answer(withLogo(null));
    renderPanel();
    await screen.findByText('Sin logotipo');

    choose(file);

    expect(await screen.findByText(message)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(putCalls()).toHaveLength(0);
  });

  it("shows the API's Spanish message when the server refuses the file", async () => {
    answer(withLogo(null), () => {
      throw new ApiError({
        code: 'CORE_004',
        message: 'No se pudo procesar la imagen. Verifique que el archivo no esté corrupto',
        status: 400,
        field: 'contentBase64',
      });
    });
    renderPanel();
    await screen.findByText('Sin logotipo');

    // A header the form accepts; the server, which decodes it, finds the rest corrupt.
    choose(new File([pngHeaderBytes(400, 200)], 'roto.png', { type: 'image/png' }));

    expect(
      await screen.findByText('No se pudo procesar la imagen. Verifique que el archivo no esté corrupto'),
    ).toBeTruthy();
    expect(screen.getByText('Sin logotipo')).toBeTruthy();
  });

  it('removes the logo after confirming, with DELETE companies.deleteLogo', async () => {
    answer(withLogo(LOGO));
    renderPanel();
    await screen.findByRole('img', { name: /Logotipo de la empresa/ });

    fireEvent.click(screen.getByRole('button', { name: 'Quitar logotipo' }));
    expect(vi.mocked(apiRequest).mock.calls.some(([route]) => route === 'companies.deleteLogo')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar' }));

    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('companies.deleteLogo', { params: { companyId: 'c-1' } }),
    );
    expect(await screen.findByText('Sin logotipo')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Logotipo de la empresa/ })).toBeNull();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:logo-1'));
  });
});
