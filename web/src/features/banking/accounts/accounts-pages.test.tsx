import type { BankAccount, BankingOverview, BankMovement, N43ImportResult } from '@shared/schemas/banking';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { formatCents } from '@web/lib/format';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { BankAccountDetailPage } from './account-detail-page';
import { BankAccountsPage } from './accounts-page';
import { BankingHomePage } from './home-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const membership = vi.hoisted(() => ({ current: { myRole: 'GESTOR', myPermissions: [] as string[] } }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: membership.current }),
}));

/** What the page shows (Testing Library reads the no-break space as a plain one). */
const money = (cents: number) => formatCents(cents).replace(/\s/g, ' ');

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  membership.current = { myRole: 'GESTOR', myPermissions: [] };
});

const account = (over: Partial<BankAccount> = {}): BankAccount => ({
  accountId: 'a-1',
  iban: 'ES9121000418450200051332',
  bankCode: '2100',
  bankName: 'CaixaBank',
  bic: null,
  alias: 'Cuenta principal',
  holderName: 'Turia SL',
  currency: 'EUR',
  accountingAccountCode: '572',
  balanceCents: 1_234_56,
  balanceDate: '2026-03-31',
  feed: { n43: true, psd2ConnectionId: null },
  active: true,
  movementCount: 12,
  unreconciledCount: 5,
  lastMovementDate: '2026-03-30',
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-31T10:00:00Z',
  ...over,
});

const movement = (id: string, over: Partial<BankMovement> = {}): BankMovement => ({
  movementId: id,
  accountId: 'a-1',
  bookingDate: '2026-03-30',
  valueDate: '2026-03-30',
  amountCents: 121_000,
  currency: 'EUR',
  commonConcept: '04',
  commonConceptLabel: 'Giros / transferencias / traspasos / cheques',
  ownConcept: null,
  documentNumber: null,
  reference1: null,
  reference2: null,
  conceptLines: [],
  description: `TRANSFERENCIA ${id}`,
  counterpartyName: 'Talleres Pérez SL',
  counterpartyIban: null,
  counterpartyNif: 'B12345674',
  endToEndId: null,
  mandateId: null,
  source: 'N43',
  sourceId: 'imp-1',
  reconciliation: { status: 'UNMATCHED', sessionId: null, matchId: null },
  createdAt: '2026-03-31T10:00:00Z',
  ...over,
});

describe('/app/banking (Resumen bancario)', { timeout: 30_000 }, () => {
  it('shows the total, the unreconciled count with the way to reconciliation, balances and last movements', async () => {
    const overview: BankingOverview = {
      accounts: [
        account(),
        account({
          accountId: 'a-2',
          iban: 'ES0600815398730001414452',
          alias: 'Sabadell',
          balanceCents: 500_00,
          unreconciledCount: 2,
        }),
      ],
      totalBalanceCents: 1_734_56,
      unreconciledCount: 7,
      lastImportAt: '2026-03-31T10:00:00Z',
      lastSyncAt: null,
      recentMovements: [
        movement('m1'),
        movement('m2', { amountCents: -15_00, description: 'COMISION MANTENIMIENTO' }),
      ],
    };
    answerApi(apiRequest, { 'banking.overview': overview });
    renderRoutes([{ path: '/app/banking', element: <BankingHomePage /> }], { path: '/app/banking' });
    expect(await screen.findByText('Resumen bancario')).toBeTruthy();
    await screen.findByText('Saldo total');
    const cardOf = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
    // antd's Statistic splits the figure into its integer and decimal parts.
    expect(cardOf('Saldo total').textContent?.replace(/\s/g, ' ')).toContain(money(1_734_56));
    expect(cardOf('Movimientos sin conciliar').textContent).toContain('7');
    expect(screen.getByRole('link', { name: 'Ir a la conciliación' }).getAttribute('href')).toBe(
      '/app/banking/reconciliation',
    );
    expect(screen.getAllByText('Cuenta principal').length).toBeGreaterThan(0);
    expect(screen.getByText('ES91 2100 0418 4502 0005 1332')).toBeTruthy();
    expect(screen.getByText('COMISION MANTENIMIENTO')).toBeTruthy();
    expect(screen.getByText(money(-15_00))).toBeTruthy();
  });
});

describe('/app/banking/accounts (Cuentas bancarias)', { timeout: 30_000 }, () => {
  const renderAccounts = () =>
    renderRoutes([{ path: '/app/banking/accounts', element: <BankAccountsPage /> }], {
      path: '/app/banking/accounts',
    });

  it('lists the accounts and links to PSD2', async () => {
    answerApi(apiRequest, {
      'banking.listAccounts': [
        account(),
        account({ accountId: 'a-2', alias: 'Vieja', active: false, movementCount: 0 }),
      ],
      'banking.listImports': { items: [], nextCursor: null },
    });
    renderAccounts();
    const row = (await screen.findByText('Cuenta principal')).closest('tr') as HTMLElement;
    expect(within(row).getByText('CaixaBank')).toBeTruthy();
    expect(within(row).getByText(money(1_234_56))).toBeTruthy();
    expect(within(row).getByText('Activa')).toBeTruthy();
    // An account with movements cannot be deleted; the one without can.
    expect(within(row).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    const old = screen.getByText('Vieja').closest('tr') as HTMLElement;
    expect(within(old).getByText('Inactiva')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conectar con el banco (PSD2)' }).getAttribute('href')).toBe(
      '/app/banking/accounts/psd2',
    );
  });

  it('creates an account, showing the bank of the IBAN as it is typed', async () => {
    answerApi(apiRequest, {
      'banking.listAccounts': [],
      'banking.listImports': { items: [], nextCursor: null },
      'banking.validateIban': ({ params }: ApiRequestOptions) => ({
        valid: params?.iban === 'ES9121000418450200051332',
        iban: params?.iban,
        formatted: '',
        bankCode: '2100',
        bankName: 'CaixaBank',
        reason:
          params?.iban === 'ES9121000418450200051332'
            ? null
            : 'Los dígitos de control del IBAN no son correctos.',
      }),
      'banking.createAccount': ({ body }: ApiRequestOptions) =>
        account({ alias: (body as { alias?: string }).alias ?? 'CaixaBank ···1332' }),
    });
    renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    const iban = await screen.findByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'ES91 2100 0418 4502 0005 1333' } });
    expect(
      await screen.findByText('El IBAN no es válido: Los dígitos de control del IBAN no son correctos.'),
    ).toBeTruthy();
    fireEvent.change(iban, { target: { value: 'ES91 2100 0418 4502 0005 1332' } });
    expect(await within(screen.getByTestId('iban-hint')).findByText('CaixaBank')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Alias'), { target: { value: 'Cuenta de cobros' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.createAccount')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.createAccount')[0]!.body).toEqual({
      iban: 'ES91 2100 0418 4502 0005 1332',
      alias: 'Cuenta de cobros',
      currency: 'EUR',
      accountingAccountCode: '572',
    });
  });

  it('tells a taken IBAN on the field', async () => {
    answerApi(apiRequest, {
      'banking.listAccounts': [],
      'banking.listImports': { items: [], nextCursor: null },
      'banking.validateIban': {
        valid: true,
        iban: 'x',
        formatted: '',
        bankCode: '2100',
        bankName: 'CaixaBank',
        reason: null,
      },
      'banking.createAccount': () => {
        throw new ApiError({
          code: 'BANK_CONFLICT',
          message: 'Ya existe una cuenta con este IBAN',
          status: 409,
        });
      },
    });
    renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    fireEvent.change(await screen.findByLabelText('IBAN'), { target: { value: 'ES9121000418450200051332' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Ya existe una cuenta con este IBAN')).toBeTruthy();
  });

  it('imports a Norma 43 file and shows new and duplicate movements per account', async () => {
    const result: N43ImportResult = {
      importId: 'imp-1',
      fileName: 'extracto.n43',
      sha256: 'x',
      encoding: 'ISO-8859-1',
      accounts: [
        {
          accountId: 'a-1',
          iban: 'ES9121000418450200051332',
          alias: 'Cuenta principal',
          accountCreated: false,
          fromDate: '2026-03-01',
          toDate: '2026-03-31',
          openingCents: 100_00,
          closingCents: 1_234_56,
          movements: 9,
          created: 7,
          duplicates: 2,
        },
      ],
      created: 7,
      duplicates: 2,
      warnings: [],
      importedBy: 'u-1',
      importedAt: '2026-03-31T10:00:00Z',
    };
    answerApi(apiRequest, {
      'banking.listAccounts': [account()],
      'banking.listImports': { items: [], nextCursor: null },
      'banking.importN43': result,
    });
    const { container } = renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar Norma 43' }));
    await screen.findByText('Arrastra el fichero aquí o haz clic para elegirlo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input ?? container).toBeTruthy();
    const text =
      '11210004180200051332260301260331200000000010000978 3TURIA SL\r\n88999999999999999999000001\r\n';
    fireEvent.change(input, {
      target: { files: [new File([text], 'extracto.n43', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('extracto.n43: 7 movimientos nuevos, 2 duplicados')).toBeTruthy();
    const sent = callsTo(apiRequest, 'banking.importN43')[0]!.body as {
      fileName: string;
      contentBase64: string;
    };
    expect(sent.fileName).toBe('extracto.n43');
    expect(atob(sent.contentBase64)).toBe(text);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('01/03/2026 – 31/03/2026')).toBeTruthy();
  });

  it('shows the line and reason of a malformed file', async () => {
    answerApi(apiRequest, {
      'banking.listAccounts': [],
      'banking.listImports': { items: [], nextCursor: null },
      'banking.importN43': () => {
        throw new ApiError({
          code: 'BANK_FILE_INVALID',
          message: 'Línea 3: El indicador debe/haber (posición 28) debe ser 1 o 2, no «X».',
          status: 400,
          details: { line: 3, reason: 'x' },
        });
      },
    });
    renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar Norma 43' }));
    await screen.findByText('Arrastra el fichero aquí o haz clic para elegirlo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['11'], 'malo.n43')] } });
    expect(
      await screen.findByText('Línea 3: El indicador debe/haber (posición 28) debe ser 1 o 2, no «X».'),
    ).toBeTruthy();
  });
});

describe('/app/banking/accounts/:accountId', { timeout: 30_000 }, () => {
  it('shows the movements with dates, coloured amounts, concept labels and status, and filters them', async () => {
    answerApi(apiRequest, {
      'banking.getAccount': account(),
      'banking.listMovements': ({ query }: ApiRequestOptions) => ({
        items:
          query?.sign === 'OUT'
            ? [movement('m2', { amountCents: -15_00, description: 'COMISION MANTENIMIENTO' })]
            : [
                movement('m1', { reconciliation: { status: 'MATCHED', sessionId: 's', matchId: 'x' } }),
                movement('m2', {
                  amountCents: -15_00,
                  description: 'COMISION MANTENIMIENTO',
                  bookingDate: '2026-03-02',
                }),
              ],
        nextCursor: null,
      }),
    });
    renderRoutes([{ path: '/app/banking/accounts/:accountId', element: <BankAccountDetailPage /> }], {
      path: '/app/banking/accounts/a-1',
    });
    const row = (await screen.findByText('TRANSFERENCIA m1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('30/03/2026')).toBeTruthy();
    expect(within(row).getByText(money(121_000))).toBeTruthy();
    expect(within(row).getByText('Giros / transferencias / traspasos / cheques')).toBeTruthy();
    expect(within(row).getByText('Conciliado')).toBeTruthy();
    expect(within(row).getByText('Talleres Pérez SL')).toBeTruthy();
    const out = screen.getByText('COMISION MANTENIMIENTO').closest('tr') as HTMLElement;
    expect(within(out).getByText('Sin conciliar')).toBeTruthy();
    expect(within(out).getByText('02/03/2026')).toBeTruthy();
    expect(screen.getByText('ES91 2100 0418 4502 0005 1332')).toBeTruthy();
    expect(callsTo(apiRequest, 'banking.listMovements')[0]!.query).toMatchObject({
      accountId: 'a-1',
      limit: 50,
    });

    fireEvent.mouseDown(screen.getByLabelText('Tipo'));
    fireEvent.click(await screen.findByTitle('Pagos'));
    await waitFor(() => expect(screen.queryByText('TRANSFERENCIA m1')).toBeNull());
    expect(callsTo(apiRequest, 'banking.listMovements').at(-1)!.query).toMatchObject({ sign: 'OUT' });
  });
});
