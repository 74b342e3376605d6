import type { BulkOperation } from '@shared/schemas/bulk-operations';
import { screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { BulkOperations, operationIds } from './bulk-operations';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));

const op = (overrides: Partial<BulkOperation>): BulkOperation => ({
  operationId: 'op-1',
  companyId: 'c-1',
  operation: 'DOWNLOAD_PDFS',
  status: 'RUNNING',
  invoiceIds: ['inv-1', 'inv-2', 'inv-3', 'inv-4'],
  options: {},
  total: 4,
  processed: 1,
  succeeded: 1,
  failed: 0,
  errors: [],
  createdBy: 'u',
  createdAt: '2026-03-10T10:00:00Z',
  updatedAt: '2026-03-10T10:00:00Z',
  ...overrides,
});

afterEach(() => {
  vi.resetAllMocks();
  sessionStorage.clear();
});

describe('BulkOperations', { timeout: 20_000 }, () => {
  it('lists the URL ids first, then the session ones, without repeats or invalid ids', () => {
    expect(operationIds('op-2, op-1,../x', ['op-1', 'op-3'])).toEqual(['op-2', 'op-1', 'op-3']);
    expect(operationIds(null, [])).toEqual([]);
  });

  it('polls every 2 s until COMPLETED, then offers the ZIP and lists the per-invoice errors', async () => {
    const answers = [
      op({}),
      op({
        status: 'COMPLETED',
        processed: 4,
        succeeded: 3,
        failed: 1,
        errors: [{ invoiceId: 'inv-4', code: 'CORE_004', message: 'Es un borrador.' }],
      }),
    ];
    let calls = 0;
    answerApi(apiRequest, { 'invoices.bulkGet': () => answers[Math.min(calls++, 1)] });
    renderRoutes([{ path: '/app/invoices/bulk-operations', element: <BulkOperations /> }], {
      path: '/app/invoices/bulk-operations?ids=op-1',
    });
    expect(await screen.findByText('1 de 4 procesadas · 1 correctas · 0 con error')).toBeTruthy();
    expect(screen.getByText('En curso')).toBeTruthy();
    expect(
      await screen.findByText('4 de 4 procesadas · 3 correctas · 1 con error', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Completada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar ZIP con los PDF' })).toBeTruthy();
    expect(screen.getByText('Es un borrador.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(callsTo(apiRequest, 'invoices.bulkGet').length).toBe(2);
  });
});
