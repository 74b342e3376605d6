import type {
  ReconciliationRule,
  ReconciliationSession,
  ReconciliationSummary,
} from '@shared/schemas/reconciliation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { defaultRange } from './new-session-modal';
import { ReconciliationPage } from './reconciliation-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const membership = vi.hoisted(() => ({ current: { myRole: 'GESTOR', myPermissions: [] as string[] } }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: membership.current }),
}));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  membership.current = { myRole: 'GESTOR', myPermissions: [] };
});

const actor = { userId: 'u-1', name: 'Ana Gestora' };

const session = (
  sessionId: string,
  status: ReconciliationSession['status'],
  overrides: Partial<ReconciliationSession> = {},
): ReconciliationSession => ({
  sessionId,
  accountId: 'acc-1',
  accountAlias: 'Cuenta principal',
  iban: 'ES9121000418450200051332',
  accountingAccountCode: '572',
  fromDate: '2025-01-01',
  toDate: '2025-01-31',
  status,
  statusLabel: '',
  stats: {
    movementCount: 40,
    matchedCount: 31,
    proposedCount: 5,
    unmatchedCount: 4,
    leftCount: 0,
    autoAcceptableCount: 3,
    inCents: 1_000_000,
    outCents: -500_000,
    matchedInCents: 900_000,
    matchedOutCents: -400_000,
  },
  createdBy: actor,
  createdAt: '2025-02-02T09:00:00Z',
  updatedAt: '2025-02-02T09:00:00Z',
  completedAt: null,
  completedBy: null,
  approvedAt: null,
  approvedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  approvalError: null,
  ...overrides,
});

const summary = (): ReconciliationSummary => ({
  accounts: [
    {
      accountId: 'acc-1',
      alias: 'Cuenta principal',
      iban: 'ES9121000418450200051332',
      bankName: 'CaixaBank',
      unreconciledCount: 12,
      lastMovementDate: '2025-02-27',
      reconciledThrough: '2025-01-31',
      openSession: null,
    },
    {
      accountId: 'acc-2',
      alias: 'Cuenta nóminas',
      iban: 'ES7620770024003102575766',
      bankName: null,
      unreconciledCount: 3,
      lastMovementDate: '2025-02-20',
      reconciledThrough: null,
      openSession: { sessionId: 's-9', status: 'IN_PROGRESS', fromDate: '2025-02-01', toDate: '2025-02-28' },
    },
  ],
  totals: { unreconciledCount: 15, inProgressSessions: 1, pendingApproval: 1, approvedSessions: 1, rules: 1 },
  recentSessions: [],
});

const rule: ReconciliationRule = {
  ruleId: 'r-1',
  pattern: 'TGSS',
  field: 'DESCRIPTION',
  direction: 'OUT',
  accountCode: '642',
  label: 'Seguridad Social a cargo de la empresa',
  origin: 'LEARNED',
  createdBy: actor,
  createdAt: '2025-01-10T10:00:00Z',
};

const page = <T,>(content: T[]) => ({
  content,
  page: 0,
  size: 10,
  totalElements: content.length,
  totalPages: 1,
});

const renderHome = () =>
  renderRoutes(
    [
      { path: '/app/banking/reconciliation', element: <ReconciliationPage /> },
      { path: '/app/banking/reconciliation/sessions/:sessionId', element: <p>Página de la sesión</p> },
    ],
    { path: '/app/banking/reconciliation' },
  );

const answers = () => ({
  'banking.reconciliationSummary': summary(),
  'banking.listSessions': page([
    session('s-9', 'IN_PROGRESS', { accountId: 'acc-2', accountAlias: 'Cuenta nóminas' }),
    session('s-2', 'COMPLETED'),
    session('s-1', 'APPROVED'),
    session('s-0', 'CANCELLED'),
  ]),
  'banking.listRules': [rule],
  'banking.deleteRule': { ruleId: 'r-1', deleted: true },
  'banking.startSession': session('s-new', 'IN_PROGRESS'),
});

describe('/app/banking/reconciliation', { timeout: 30_000 }, () => {
  it('shows each account pending, the sessions with their status and the learned rules', async () => {
    answerApi(apiRequest, answers());
    renderHome();
    const accounts = await screen.findByRole('table', { name: 'Cuentas bancarias' });
    const main = within(accounts).getByText('Cuenta principal').closest('tr') as HTMLElement;
    expect(within(main).getByText('12')).toBeTruthy();
    expect(within(main).getByText('31/01/2025')).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Conciliar Cuenta principal' })).toBeTruthy();
    const payroll = within(accounts).getByText('Cuenta nóminas').closest('tr') as HTMLElement;
    expect(within(payroll).getByRole('link', { name: '01/02/2025 – 28/02/2025' }).getAttribute('href')).toBe(
      '/app/banking/reconciliation/sessions/s-9',
    );

    const sessions = await screen.findByRole('table', { name: 'Sesiones de conciliación' });
    for (const tag of ['EN CURSO', 'COMPLETADA', 'APROBADA', 'CANCELADA']) {
      expect(within(sessions).getByText(tag)).toBeTruthy();
    }
    expect(callsTo(apiRequest, 'banking.listSessions')[0]).toMatchObject({
      query: { page: 0, size: 10 },
      companyId: 'c-1',
    });

    const rules = await screen.findByRole('table', { name: 'Reglas aprendidas' });
    const row = within(rules).getByText(/TGSS/).closest('tr') as HTMLElement;
    expect(within(row).getByText('642 · Seguridad Social a cargo de la empresa')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Borrar la regla TGSS' }));
    const confirm = await screen.findByText('¿Borrar la regla «TGSS»?');
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Borrar' }),
    );
    await waitFor(() => expect(callsTo(apiRequest, 'banking.deleteRule')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.deleteRule')[0]).toMatchObject({ params: { ruleId: 'r-1' } });
  });

  it('starts a session for an account and opens it', async () => {
    answerApi(apiRequest, answers());
    const { router } = renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Conciliar Cuenta principal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nueva conciliación')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Empezar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.startSession')).toHaveLength(1));
    const body = callsTo(apiRequest, 'banking.startSession')[0]?.body as { fromDate: string; toDate: string };
    // Reconciled through 31/01: the new period starts on 01/02.
    expect(body).toMatchObject({ accountId: 'acc-1', fromDate: '2025-02-01' });
    expect(body.toDate >= body.fromDate && body.toDate <= '2026-02-01').toBe(true);
    expect(await screen.findByText('Página de la sesión')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/banking/reconciliation/sessions/s-new');
  });

  it('hides the writing buttons from a client', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'] };
    answerApi(apiRequest, answers());
    renderHome();
    await screen.findByRole('table', { name: 'Reglas aprendidas' });
    expect(screen.queryByRole('button', { name: 'Nueva conciliación' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Conciliar Cuenta principal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Borrar la regla TGSS' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nueva regla' })).toBeNull();
  });

  it('says when there are no accounts yet', async () => {
    answerApi(apiRequest, {
      ...answers(),
      'banking.reconciliationSummary': { ...summary(), accounts: [] },
      'banking.listSessions': page([]),
      'banking.listRules': [],
    });
    renderHome();
    expect(await screen.findByText(/No hay cuentas bancarias/)).toBeTruthy();
    expect(await screen.findByText(/Aún no hay sesiones de conciliación/)).toBeTruthy();
    expect(await screen.findByText(/Aún no hay reglas/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva conciliación' })).toBeNull();
  });
});

describe('defaultRange', () => {
  it('starts the day after the account was reconciled through, else the previous month', () => {
    const account = summary().accounts[0]!;
    expect(defaultRange({ ...account, reconciledThrough: '2025-01-15' }, '2025-03-10')).toEqual([
      '2025-01-16',
      '2025-03-10',
    ]);
    expect(defaultRange({ ...account, reconciledThrough: null }, '2025-03-10')).toEqual([
      '2025-02-01',
      '2025-03-10',
    ]);
    expect(defaultRange({ ...account, reconciledThrough: '2023-12-31' }, '2025-03-10')).toEqual([
      '2024-01-01',
      '2024-12-31',
    ]);
    expect(defaultRange({ ...account, reconciledThrough: '2025-03-10' }, '2025-03-10')).toEqual([
      '2025-03-10',
      '2025-03-10',
    ]);
  });
});
