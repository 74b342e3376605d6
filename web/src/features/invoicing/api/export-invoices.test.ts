import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportInvoices } from './export-invoices';

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

describe('invoice export', () => {
  it('export posts { format, filters } with the list filters and no paging', async () => {
    fetchMock.mockResolvedValue(new Response('a;b', { headers: { 'content-type': 'text/csv' } }));
    const createObjectURL = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await exportInvoices(
      'csv',
      { page: 2, size: 20, sort: 'total,asc', type: 'R1', from: '2026-01-01', search: undefined },
      'c-1',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.test/api/v1/invoices/export');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({
      format: 'csv',
      filters: { sort: 'total,asc', type: 'R1', from: '2026-01-01' },
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
