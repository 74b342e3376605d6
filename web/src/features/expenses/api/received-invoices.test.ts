import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getReceivedInvoices, SUPPLIER_INVOICES_SIZE } from './received-invoices';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe('getReceivedInvoices', () => {
  it("asks for one supplier's invoices, newest first", async () => {
    vi.mocked(apiRequest).mockResolvedValue({
      content: [],
      page: 0,
      size: 100,
      totalElements: 0,
      totalPages: 0,
    });
    await getReceivedInvoices('c-1', {
      page: 0,
      size: SUPPLIER_INVOICES_SIZE,
      supplierId: 's-1',
      sort: 'issueDate,desc',
    });
    expect(vi.mocked(apiRequest).mock.calls[0]).toEqual([
      'receivedInvoices.list',
      expect.objectContaining({
        companyId: 'c-1',
        query: expect.objectContaining({ page: 0, size: 100, supplierId: 's-1', sort: 'issueDate,desc' }),
      }),
    ]);
  });

  it('sends the default page size and a trimmed search without a supplier', async () => {
    vi.mocked(apiRequest).mockResolvedValue({
      content: [],
      page: 0,
      size: 20,
      totalElements: 0,
      totalPages: 0,
    });
    await getReceivedInvoices('c-1', { page: 2, search: '  harinas ' });
    const query = vi.mocked(apiRequest).mock.calls[0]?.[1]?.query;
    expect(query).toMatchObject({ page: 2, size: 20, search: 'harinas' });
    expect(query?.supplierId).toBeUndefined();
  });
});
