import { ApiError } from '@web/lib/api-error';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDownload, filenameFrom } from './api-download';

vi.mock('@web/lib/access-token', () => ({ getAccessToken: vi.fn(async () => 'token-1') }));
vi.mock('@web/lib/runtime-config', () => ({ getRuntimeConfig: () => ({ apiBaseUrl: 'https://api.test' }) }));

const fetchMock = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('binary downloads', () => {
  it('reads the file name of Content-Disposition', () => {
    expect(filenameFrom('attachment; filename="F-2026-0001.pdf"', 'x.pdf')).toBe('F-2026-0001.pdf');
    expect(filenameFrom("attachment; filename*=UTF-8''factura%20n%C2%BA%207.pdf", 'x.pdf')).toBe(
      'factura nº 7.pdf',
    );
    expect(filenameFrom(null, 'x.pdf')).toBe('x.pdf');
  });

  it('sends the token and the company, and keeps the body as a Blob', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="F-1.pdf"',
        },
      }),
    );
    const result = await apiDownload(
      'invoices.pdf',
      { params: { invoiceId: 'inv-1' }, companyId: 'c-1' },
      'x.pdf',
    );
    expect(result.kind).toBe('file');
    if (result.kind === 'file') {
      expect(result.filename).toBe('F-1.pdf');
      expect(result.blob.size).toBe(4);
    }
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.test/api/v1/invoices/inv-1/pdf');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1', 'x-company-id': 'c-1' });
  });

  it("throws the envelope's error with its Spanish message", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          success: false,
          data: null,
          error: { code: 'CORE_006', message: 'La factura no existe.' },
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      ),
    );
    const failure = apiDownload('invoices.pdf', { params: { invoiceId: 'x' }, companyId: 'c-1' }, 'x.pdf');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 'CORE_006',
      status: 404,
      message: 'La factura no existe.',
    });
  });
});
