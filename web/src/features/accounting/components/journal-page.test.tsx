import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { entry, line, page } from '../testing/fixtures';
import { JournalPage } from './journal-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', async (original) => ({
  ...(await original<typeof import('@web/lib/api-download')>()),
  apiDownload: vi.fn(),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

beforeEach(() => {
  globalThis.URL.createObjectURL ??= () => 'blob:x';
  globalThis.URL.revokeObjectURL ??= () => {};
});
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const manual = entry({
  entryId: 'e-2',
  entryNumber: 8,
  description: 'Aportación del socio',
  source: 'MANUAL',
  document: null,
  lines: [
    line({ lineNumber: 1, accountCode: '572', debitCents: 500000 }),
    line({ lineNumber: 2, accountCode: '100', accountName: 'Capital social', creditCents: 500000 }),
  ],
  totalDebitCents: 500000,
  totalCreditCents: 500000,
});
const locked = entry({
  entryId: 'e-3',
  entryNumber: 9,
  description: 'Asiento bloqueado',
  locked: true,
  source: 'MANUAL',
});

const renderJournal = (path = '/app/accounting/journal') =>
  renderRoutes([{ path: '/app/accounting/journal', element: <JournalPage /> }], { path });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('/app/accounting/journal', { timeout: 30_000 }, () => {
  it('lists the entries with source and totals; a row opens its Debe/Haber lines', async () => {
    answerApi(apiRequest, { 'accounting.listEntries': page([entry(), manual, locked]) });
    renderJournal('/app/accounting/journal?fromDate=2026-01-01&toDate=2026-03-31&onlyUnlocked=true');
    expect(await screen.findByText('Factura F-2026-0007')).toBeTruthy();
    expect(within(rowOf('Factura F-2026-0007')).getByText('Factura emitida')).toBeTruthy();
    expect(within(rowOf('Factura F-2026-0007')).getAllByText('1.210,00 €')).toHaveLength(2);
    expect(within(rowOf('Asiento bloqueado')).getByText('Bloqueado')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.listEntries')[0]).toMatchObject({
      query: { page: 0, size: 20, fromDate: '2026-01-01', toDate: '2026-03-31', onlyUnlocked: 'true' },
      companyId: 'c-1',
    });

    fireEvent.click(within(rowOf('Factura F-2026-0007')).getByRole('button', { name: /expandir|expand/i }));
    const lines = await screen.findByRole('table', { name: 'Líneas del asiento' });
    expect(within(lines).getByText('430.00.001')).toBeTruthy();
    expect(within(lines).getByText('IVA repercutido 21 %')).toBeTruthy();
    expect(within(lines).getByText('210,00 €')).toBeTruthy();
    expect(
      within(lines)
        .getByRole('link', { name: /Panadería La Espiga SL/ })
        .getAttribute('href'),
    ).toBe('/app/accounting/ledger/43000001');
  });

  it('filters by source, bank reconciliation postings included, kept in the URL', async () => {
    const bankFee = entry({
      entryId: 'e-4',
      entryNumber: 10,
      description: 'Comisión mantenimiento',
      source: 'BANK_RECONCILIATION',
      document: null,
    });
    answerApi(apiRequest, { 'accounting.listEntries': page([bankFee]) });
    const { router } = renderJournal();
    expect(await screen.findByText('Comisión mantenimiento')).toBeTruthy();
    expect(within(rowOf('Comisión mantenimiento')).getByText('Conciliación bancaria')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.listEntries')[0]?.query).not.toHaveProperty('source');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filtrar por origen' }));
    fireEvent.click(await screen.findByTitle('Conciliación bancaria'));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'accounting.listEntries').at(-1)).toMatchObject({
        query: { source: 'BANK_RECONCILIATION' },
      }),
    );
    expect(router.state.location.search).toBe('?source=BANK_RECONCILIATION');
  });

  it('reads the source filter from the URL', async () => {
    answerApi(apiRequest, { 'accounting.listEntries': page([entry()]) });
    renderJournal('/app/accounting/journal?source=ISSUED_PAYMENT');
    expect(await screen.findByText('Factura F-2026-0007')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.listEntries')[0]).toMatchObject({
      query: { source: 'ISSUED_PAYMENT' },
    });
  });

  it('ignores an unknown source in the URL', async () => {
    answerApi(apiRequest, { 'accounting.listEntries': page([entry()]) });
    renderJournal('/app/accounting/journal?source=NOPE');
    expect(await screen.findByText('Factura F-2026-0007')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.listEntries')[0]?.query).not.toHaveProperty('source');
  });

  it('edits and deletes only unlocked manual entries; locks and unlocks', async () => {
    answerApi(apiRequest, {
      'accounting.listEntries': page([entry(), manual, locked]),
      'accounting.lockEntry': { ...manual, locked: true },
      'accounting.unlockEntry': { ...locked, locked: false },
    });
    renderJournal();
    await screen.findByText('Aportación del socio');
    expect(within(rowOf('Factura F-2026-0007')).queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(
      within(rowOf('Aportación del socio')).getByRole('link', { name: 'Editar' }).getAttribute('href'),
    ).toBe('/app/accounting/entries/e-2/edit');
    expect(within(rowOf('Asiento bloqueado')).queryByRole('link', { name: 'Editar' })).toBeNull();

    fireEvent.click(within(rowOf('Aportación del socio')).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.lockEntry')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.lockEntry')[0]).toMatchObject({ params: { entryId: 'e-2' } });
    fireEvent.click(within(rowOf('Asiento bloqueado')).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.unlockEntry')).toHaveLength(1));
    expect(await screen.findByText('Asiento desbloqueado')).toBeTruthy();
  });

  it("shows the server's message when locking fails, else 'Error bloqueando asiento'", async () => {
    let fail: unknown = new Error('boom');
    answerApi(apiRequest, {
      'accounting.listEntries': page([manual]),
      'accounting.lockEntry': () => {
        throw fail;
      },
    });
    renderJournal();
    await screen.findByText('Aportación del socio');
    fireEvent.click(within(rowOf('Aportación del socio')).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Error bloqueando asiento')).toBeTruthy();
    notification.destroy();
    fail = new ApiError({ code: 'ACC_PERIOD_CLOSED', message: 'El periodo está cerrado', status: 409 });
    fireEvent.click(within(rowOf('Aportación del socio')).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('El periodo está cerrado')).toBeTruthy();
  });

  it('exports the journal of the period as Excel', async () => {
    answerApi(apiRequest, { 'accounting.listEntries': page([]) });
    vi.mocked(apiDownload).mockResolvedValue({
      kind: 'file',
      blob: new Blob(['x']),
      filename: 'diario.xlsx',
    });
    renderJournal('/app/accounting/journal?fromDate=2026-01-01');
    expect(await screen.findByText('No hay asientos en este periodo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Exportar Excel/ }));
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(apiDownload).mock.calls[0]?.[0]).toBe('accounting.exportEntries');
    expect(vi.mocked(apiDownload).mock.calls[0]?.[1]).toMatchObject({
      body: { format: 'EXCEL', fromDate: '2026-01-01' },
      companyId: 'c-1',
    });
  });
});
