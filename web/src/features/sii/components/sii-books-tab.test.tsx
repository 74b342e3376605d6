import type { CompanyEntry } from '@shared/schemas/companies';
import type { SiiEntry } from '@shared/schemas/sii';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import type { SiiBookEntry } from '../api/get-sii-book';
import type { SiiBookQueryResult } from '../api/query-sii-book';
import { entry, levante, membership, page, statistics, submission } from '../testing/fixtures';
import { SiiDashboard } from './sii-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
// Spanish today is fixed: the deadlines and the default period read it.
vi.mock('@web/lib/spanish-today', () => ({ spanishToday: () => '2027-03-07' }));
const selected = vi.hoisted(() => ({ company: null as CompanyEntry | null }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => selected.company,
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => selected.company?.companyId ?? null,
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

/** A record as the book list answers it (no content, no history). */
const row = (overrides: Partial<SiiEntry> = {}): SiiBookEntry => {
  const { record: _record, history: _history, ...rest } = entry(overrides);
  return rest;
};

// Deadline tomorrow (urgent), refused by the AEAT; and one accepted long ago that matched the AEAT.
const rejected = row({ deadline: '2027-03-08' });
const overdue = row({
  entryId: 'FE:inv-5',
  documentId: 'inv-5',
  documentNumber: 'F-2027-0005',
  counterpartyName: 'Cítricos Safor SL',
  status: 'QUEUED',
  lastError: null,
  deadline: '2027-03-05',
  pendingOperation: 'A1',
  reconciliation: { checkedAt: '2027-03-06T10:00:00Z', aeatState: null, matches: false },
});
const accepted = row({
  entryId: 'FE:inv-2',
  documentId: 'inv-2',
  documentNumber: 'F-2027-0002',
  status: 'ACCEPTED',
  lastError: null,
  pendingOperation: null,
  registered: true,
  deadline: '2027-03-01',
  reconciliation: { checkedAt: '2027-03-06T10:00:00Z', aeatState: 'Correcta', matches: true },
});

const queryResult: SiiBookQueryResult = {
  book: 'FE',
  year: 2027,
  period: '03',
  checkedAt: '2027-03-07T11:00:00Z',
  compared: 3,
  matches: 1,
  mismatches: [
    {
      entryId: 'FE:inv-7',
      documentId: 'inv-7',
      documentNumber: 'F-2027-0007',
      status: 'REJECTED',
      registered: false,
      aeatState: 'Correcta',
      reason: 'La AEAT tiene el registro aunque no consta como aceptado.',
    },
  ],
  missing: [
    {
      entryId: 'FE:inv-2',
      documentId: 'inv-2',
      documentNumber: 'F-2027-0002',
      status: 'ACCEPTED',
      registered: true,
      aeatState: null,
      reason: 'La AEAT no tiene el registro aunque consta como aceptado.',
    },
  ],
  unknown: [],
  aeatRecords: 1,
  complete: true,
  submissionIds: ['sub-q1'],
};

const answers = (canManage = true) => ({
  'companies.get': membership(canManage),
  'sii.statistics': statistics(),
  'sii.listSubmissions': page([]),
  'sii.byBook': page([rejected, overdue, accepted]),
  'sii.queryBook': queryResult,
  'sii.retryEntry': { message: 'Reintento iniciado' },
  'sii.getEntry': {
    entry: entry({
      history: [
        { at: '2027-03-02T10:00:00Z', status: 'QUEUED', operation: 'A0' },
        { at: '2027-03-03T09:15:00Z', status: 'SENT', operation: 'A0', submissionId: 'sub-1' },
        {
          at: '2027-03-03T09:15:02Z',
          status: 'REJECTED',
          operation: 'A0',
          submissionId: 'sub-1',
          code: '1117',
          message: 'El NIF no está identificado en el censo de la AEAT',
        },
      ],
    }),
    submissions: [(({ records: _records, ...s }) => s)(submission())],
  },
});

const renderBooks = () =>
  renderRoutes([{ path: '/app/tax/sii', element: <SiiDashboard /> }], { path: '/app/tax/sii?tab=books' });

/** Opens an antd Select by its label and clicks the option with that text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const rowOf = (number: string) =>
  screen.getByRole('button', { name: `Ver el registro ${number}` }).closest('tr') as HTMLElement;

describe('SII books (/app/tax/sii?tab=books)', { timeout: 30_000 }, () => {
  it('lists the current month of FE with state, pending operation, deadline and conciliation', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderBooks();

    await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' });
    expect(callsTo(apiRequest, 'sii.byBook')[0]).toMatchObject({
      params: { book: 'FE' },
      query: { year: 2027, period: '03', page: 0, size: 20 },
      companyId: 'c-1',
    });
    const refused = rowOf('F-2027-0007');
    expect(within(refused).getByText('Rechazada')).toBeTruthy();
    expect(within(refused).getByText('Alta (A0)')).toBeTruthy();
    expect(within(refused).getByText('Urgente')).toBeTruthy();
    expect(within(refused).queryByText('Vencido')).toBeNull();
    expect(within(refused).getByText(/1117: El NIF no está identificado/)).toBeTruthy();
    expect(within(refused).getByText('Sin consultar')).toBeTruthy();
    expect(within(refused).getByText('Frutas Huerta SL')).toBeTruthy();
    expect(within(refused).getByText(/1\.210,00\s€/)).toBeTruthy();

    const late = rowOf('F-2027-0005');
    expect(within(late).getByText('Vencido')).toBeTruthy();
    expect(within(late).queryByText('Urgente')).toBeNull();
    expect(within(late).getByText('Modificación (A1)')).toBeTruthy();
    expect(within(late).getByText('No coincide')).toBeTruthy();

    // Accepted: its deadline no longer runs.
    const done = rowOf('F-2027-0002');
    expect(within(done).getByText('Coincide')).toBeTruthy();
    expect(within(done).queryByText('Vencido')).toBeNull();
  });

  it('the filters build the query: book, year, month (0A for BI, none for the whole year) and state', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderBooks();
    await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' });

    await pick('Libro registro', 'BI · Bienes de inversión');
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sii.byBook').at(-1)).toMatchObject({
        params: { book: 'BI' },
        query: { year: 2027, period: '0A' },
      }),
    );
    await pick('Libro registro', 'FR · Facturas recibidas');
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sii.byBook').at(-1)).toMatchObject({
        params: { book: 'FR' },
        query: { period: '03' },
      }),
    );
    await pick('Año', '2026');
    await pick('Periodo del libro', 'Todo el año');
    await pick('Estado SII', 'Rechazada');
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sii.byBook').at(-1)).toEqual({
        params: { book: 'FR' },
        query: { year: 2026, period: undefined, status: 'REJECTED', page: 0, size: 20 },
        companyId: 'c-1',
        signal: expect.anything(),
      }),
    );
    // The whole year is not one period: the AEAT cannot be asked about it.
    expect((screen.getByRole('button', { name: 'Consultar en la AEAT' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("'Consultar en la AEAT' asks for the book and period, shows the summary and reloads the records", async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderBooks();
    await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' });
    const before = callsTo(apiRequest, 'sii.byBook').length;

    fireEvent.click(screen.getByRole('button', { name: 'Consultar en la AEAT' }));
    const summary = await screen.findByRole('status', { name: 'Resultado de la consulta a la AEAT' });
    expect(callsTo(apiRequest, 'sii.queryBook')[0]).toMatchObject({
      params: { book: 'FE' },
      body: { year: 2027, period: '03' },
      companyId: 'c-1',
    });
    expect(within(summary).getByText('Consulta a la AEAT · FE · Marzo de 2027')).toBeTruthy();
    expect(
      within(summary).getByText('Coinciden: 1 · No coinciden: 1 · No constan en la AEAT: 1'),
    ).toBeTruthy();
    expect(
      within(summary).getByText('F-2027-0002: La AEAT no tiene el registro aunque consta como aceptado.'),
    ).toBeTruthy();
    await waitFor(() => expect(callsTo(apiRequest, 'sii.byBook').length).toBeGreaterThan(before));
  });

  it('a client who only reads does not get the query button', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers(false));
    renderBooks();
    await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' });
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Consultar en la AEAT' })).toBeNull());
  });

  it('a row opens the record with its history and submissions, and Reintentar queues it again', async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderBooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' }));

    const drawer = await screen.findByRole('dialog');
    const history = await within(drawer).findByRole('region', { name: 'Historial del registro' });
    expect(callsTo(apiRequest, 'sii.getEntry')[0]).toMatchObject({
      params: { book: 'FE', documentId: 'inv-7' },
      companyId: 'c-1',
    });
    const lines = within(history).getAllByRole('row').slice(1);
    expect(lines).toHaveLength(3);
    // Newest first: the refusal with the AEAT's code, then the sending, then the queueing.
    expect(within(lines[0]!).getByText('Rechazada')).toBeTruthy();
    expect(
      within(lines[0]!).getByText('1117: El NIF no está identificado en el censo de la AEAT'),
    ).toBeTruthy();
    expect(within(lines[0]!).getByRole('link', { name: 'Ver envío' }).getAttribute('href')).toBe(
      '/app/tax/sii/sub-1',
    );
    expect(within(lines[2]!).getByText('En cola')).toBeTruthy();
    const sent = within(drawer).getByRole('region', { name: 'Envíos del registro' });
    expect(within(sent).getByText('Parcialmente aceptado')).toBeTruthy();
    expect(within(sent).getByText('CSV-SII-0001')).toBeTruthy();
    expect(
      within(drawer)
        .getByRole('link', { name: 'Abrir la factura F-2027-0007 en una pestaña nueva' })
        .getAttribute('href'),
    ).toBe('/app/invoices/inv-7?company=c-1');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Reintento iniciado')).toBeTruthy();
    expect(callsTo(apiRequest, 'sii.retryEntry')[0]).toMatchObject({
      params: { book: 'FE', documentId: 'inv-7' },
      body: {},
      companyId: 'c-1',
    });
  });

  it("'Corregir y reintentar' opens the retry dialog of the record", async () => {
    selected.company = levante;
    answerApi(apiRequest, answers());
    renderBooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Corregir y reintentar' }));
    const title = await screen.findByText('Corregir y reintentar F-2027-0007');
    const dialog = title.closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByDisplayValue('Frutas Huerta SL')).toBeTruthy();
  });

  it('an accepted record offers no retry', async () => {
    selected.company = levante;
    answerApi(apiRequest, {
      ...answers(),
      'sii.getEntry': {
        entry: entry({ status: 'ACCEPTED', lastError: null, registered: true }),
        submissions: [],
      },
    });
    renderBooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver el registro F-2027-0007' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByRole('region', { name: 'Historial del registro' });
    expect(within(drawer).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(within(drawer).getByText('Aún no ha viajado en ningún envío.')).toBeTruthy();
  });
});
