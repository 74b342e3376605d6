import type { ImportBatchView } from '@shared/schemas/invoice-import';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { toBase64 } from '../api/upload-import';
import { ImportDialog } from './import-dialog';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));

const batch = (overrides: Partial<ImportBatchView> = {}): ImportBatchView => ({
  batchId: 'b-1',
  companyId: 'c-1',
  status: 'VALIDATED',
  invoiceType: 'ISSUED',
  fileName: 'facturas.csv',
  format: 'csv',
  createdAt: '2026-03-10T10:00:00Z',
  createdBy: 'u',
  counts: { rows: 3, validRows: 2, invalidRows: 1, invoices: 2, validInvoices: 1, invalidInvoices: 1 },
  mapping: [
    { column: 'Referencia', field: 'invoiceRef' },
    { column: 'customer tax id', field: 'customerNif' },
    { column: 'Otra', field: null },
  ],
  report: [
    { row: 2, invoiceRef: 'A-1', ok: true, errors: [] },
    { row: 3, invoiceRef: 'A-2', ok: false, errors: [{ field: 'NIF', message: 'El NIF no es válido.' }] },
  ],
  execution: null,
  results: [],
  ...overrides,
});

afterEach(() => vi.resetAllMocks());

describe('ImportDialog', { timeout: 20_000 }, () => {
  it('base64 of any bytes, in chunks', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('uploads the file, shows the row report and executes with the chosen options', async () => {
    answerApi(apiRequest, {
      'invoices.importUpload': batch(),
      'invoices.importGet': batch(),
      'invoices.importExecute': batch({
        status: 'COMPLETED',
        execution: {
          confirm: true,
          series: null,
          skipInvalid: true,
          requestedAt: '',
          requestedBy: 'u',
          toProcess: 1,
          processed: 1,
          created: 1,
          failed: 0,
          completedAt: '',
        },
      }),
    });
    renderRoutes([{ path: '/', element: <ImportDialog open onClose={() => undefined} /> }]);
    const file = new File(['Referencia;NIF\nA-1;B12345674\n'], 'facturas.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Archivo de facturas'), { target: { files: [file] } });
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.importUpload').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.importUpload')[0]?.body).toEqual({
      fileName: 'facturas.csv',
      contentBase64: Buffer.from('Referencia;NIF\nA-1;B12345674\n').toString('base64'),
      invoiceType: 'ISSUED',
    });
    expect(await screen.findByText('NIF: El NIF no es válido.')).toBeTruthy();
    expect(screen.getByText('1 válidas de 2')).toBeTruthy();
    // The template's Spanish column names, not the API's field keys.
    expect(screen.getByTestId('import-mapping').textContent).toBe(
      'Columnas: Referencia → Referencia · customer tax id → NIF cliente · Otra → ignorada',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Confirmar las facturas/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Importar 1 factura' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.importExecute').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.importExecute')[0]).toMatchObject({
      params: { batchId: 'b-1' },
      body: { confirm: true, skipInvalid: true },
    });
    expect(await screen.findByText('1 creadas · 0 con error de 1')).toBeTruthy();
  });

  it('refreshes the invoice and customer lists when the background import finishes', async () => {
    const execution = {
      confirm: false,
      series: null,
      skipInvalid: true,
      requestedAt: '',
      requestedBy: 'u',
      toProcess: 1,
      processed: 0,
      created: 0,
      failed: 0,
      completedAt: null,
    };
    let finished = false;
    answerApi(apiRequest, {
      'invoices.importUpload': batch(),
      'invoices.importGet': () =>
        finished
          ? batch({
              status: 'COMPLETED',
              execution: { ...execution, processed: 1, created: 1, completedAt: '' },
            })
          : batch(),
      'invoices.importExecute': () => batch({ status: 'EXECUTING', execution }),
    });
    const { queryClient } = renderRoutes([
      { path: '/', element: <ImportDialog open onClose={() => undefined} /> },
    ]);
    const invoicesList = ['invoicing', 'c-1', 'list', { page: 0 }];
    const customersList = ['customers', 'c-1', 'list', { page: 0 }];
    queryClient.setQueryData(invoicesList, { content: [] });
    queryClient.setQueryData(customersList, { content: [] });
    const file = new File(['x'], 'facturas.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Archivo de facturas'), { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 1 factura' }));
    await screen.findByText('0 creadas · 0 con error de 1');
    expect(queryClient.getQueryState(invoicesList)?.isInvalidated).toBe(false);

    finished = true;
    expect(await screen.findByText('1 creadas · 0 con error de 1', {}, { timeout: 6_000 })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(invoicesList)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(customersList)?.isInvalidated).toBe(true);
  });
});
