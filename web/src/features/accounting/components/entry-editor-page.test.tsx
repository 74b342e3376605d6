import { accountingMessages } from '@shared/schemas/accounting';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { account, entry, line, page } from '../testing/fixtures';
import { EntryEditorPage } from './entry-editor-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const selected = vi.hoisted(() => ({ companyId: 'c-1' as string | null }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => selected.companyId,
}));

afterEach(() => {
  notification.destroy();
  selected.companyId = 'c-1';
  vi.resetAllMocks();
});

const chart = [
  account({ accountCode: '572', accountName: 'Bancos' }),
  account({
    accountCode: '100',
    accountName: 'Capital social',
    type: 'EQUITY',
    typeLabel: 'Patrimonio Neto',
  }),
];

const renderEditor = (element = <EntryEditorPage />, path = '/app/accounting/entries/create') =>
  renderRoutes(
    [
      { path, element },
      { path: '/app/accounting/journal', element: <h1>Libro diario</h1> },
    ],
    { path },
  );

/** Opens the account select of a line and picks the account with that label. */
async function pickAccount(index: number, label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: `Cuenta de la línea ${index}` }));
  const option = await waitFor(() => {
    // The newest dropdown is the last one in the document (an earlier line's may still be there).
    const found = [...document.querySelectorAll('.ant-select-item-option')].findLast(
      (o) => o.getAttribute('title') === label,
    );
    if (!found) throw new Error(`No option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/app/accounting/entries/create', { timeout: 30_000 }, () => {
  it('keeps a live balance of Debe and Haber, red while they differ, with the spec messages', async () => {
    answerApi(apiRequest, { 'accounting.listAccounts': page(chart) });
    renderEditor();
    // Two empty lines: nothing to post yet.
    expect(await screen.findByText(accountingMessages.minLines)).toBeTruthy();

    type('Debe de la línea 1', '1.000,50');
    type('Haber de la línea 2', '1000');
    const balance = screen.getByRole('group', { name: 'Cuadre del asiento' });
    expect(within(balance).getByText('1.000,50 €')).toBeTruthy();
    expect(within(balance).getByText('1.000,00 €')).toBeTruthy();
    expect(within(balance).getByText('0,50 €')).toBeTruthy();
    expect(within(balance).getByText('Descuadrado')).toBeTruthy();
    expect(screen.getByText(accountingMessages.unbalanced)).toBeTruthy();
    const difference = within(balance).getByText('0,50 €').closest('.ant-statistic-content') as HTMLElement;
    expect(difference.getAttribute('style')).toContain('#cf1322');

    type('Haber de la línea 1', '5');
    expect(screen.getByText(accountingMessages.lineBothSides)).toBeTruthy();
    type('Haber de la línea 1', '');
    type('Haber de la línea 2', '1.000,50');
    expect(within(balance).getByText('Cuadrado')).toBeTruthy();
    expect(within(balance).getByText('0,00 €')).toBeTruthy();
    // Balanced, but the accounts are missing.
    expect(screen.getByText('Línea 1: la cuenta es obligatoria.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar asiento' }));
    expect(callsTo(apiRequest, 'accounting.createEntry')).toHaveLength(0);
  });

  it('creates the entry in céntimos with the selected company and goes back to the journal', async () => {
    answerApi(apiRequest, {
      'accounting.listAccounts': page(chart),
      'accounting.createEntry': entry({ source: 'MANUAL' }),
    });
    renderEditor();
    type('Descripción', 'Aportación del socio');
    await pickAccount(1, '572 Bancos');
    type('Debe de la línea 1', '5.000');
    await pickAccount(2, '100 Capital social');
    type('Haber de la línea 2', '5000,00');
    type('Concepto de la línea 2', 'Ampliación de capital');
    await waitFor(() => expect(screen.queryByRole('alert')?.textContent ?? null).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar asiento' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.createEntry')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.createEntry')[0]).toMatchObject({
      companyId: 'c-1',
      body: {
        companyId: 'c-1',
        description: 'Aportación del socio',
        lines: [
          { accountId: '572', debitCents: 500000, creditCents: 0 },
          { accountId: '100', debitCents: 0, creditCents: 500000, description: 'Ampliación de capital' },
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Libro diario' })).toBeTruthy();
  });

  it("shows 'Error creando asiento contable' when the server gives no message", async () => {
    answerApi(apiRequest, {
      'accounting.listAccounts': page(chart),
      'accounting.createEntry': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderEditor();
    type('Descripción', 'Aportación');
    await pickAccount(1, '572 Bancos');
    type('Debe de la línea 1', '10');
    await pickAccount(2, '100 Capital social');
    type('Haber de la línea 2', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar asiento' }));
    expect(await screen.findByText('Error creando asiento contable')).toBeTruthy();
  });

  it("says 'No hay empresa seleccionada' without a company", async () => {
    selected.companyId = null;
    renderEditor();
    expect(await screen.findByText(accountingMessages.noCompany)).toBeTruthy();
  });

  it('edits a manual entry with its lines', async () => {
    const manual = entry({
      entryId: 'e-2',
      source: 'MANUAL',
      description: 'Préstamo',
      lines: [
        line({ lineNumber: 1, accountCode: '572', accountName: 'Bancos', debitCents: 1000000 }),
        line({
          lineNumber: 2,
          accountCode: '170',
          accountName: 'Deudas a largo plazo',
          creditCents: 1000000,
        }),
      ],
    });
    answerApi(apiRequest, {
      'accounting.getEntry': manual,
      'accounting.listAccounts': page(chart),
      'accounting.updateEntry': manual,
    });
    const path = '/app/accounting/entries/:entryId/edit';
    renderRoutes(
      [
        { path, element: <EntryEditorPage entryId="e-2" /> },
        { path: '/app/accounting/journal', element: <h1>Libro diario</h1> },
      ],
      { path: '/app/accounting/entries/e-2/edit' },
    );
    expect(((await screen.findByLabelText('Debe de la línea 1')) as HTMLInputElement).value).toBe(
      '10.000,00',
    );
    expect(screen.getByText('Cuadrado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar asiento' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.updateEntry')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.updateEntry')[0]).toMatchObject({
      params: { entryId: 'e-2' },
      body: {
        description: 'Préstamo',
        lines: [
          { accountId: '572', debitCents: 1000000, creditCents: 0 },
          { accountId: '170', debitCents: 0, creditCents: 1000000 },
        ],
      },
    });
  });

  it('does not edit a locked entry', async () => {
    answerApi(apiRequest, { 'accounting.getEntry': entry({ source: 'MANUAL', locked: true }) });
    renderRoutes([{ path: '/x', element: <EntryEditorPage entryId="e-1" /> }], { path: '/x' });
    expect(await screen.findByText(accountingMessages.locked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar asiento' })).toBeNull();
  });
});
