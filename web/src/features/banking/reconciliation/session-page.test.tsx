import type {
  OpenItemCandidate,
  Proposal,
  ReconciliationMatch,
  SessionDetail,
  SessionMovement,
} from '@shared/schemas/reconciliation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ReconciliationSessionPage } from './session-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
// The real access rules (web/src/lib/access.ts) read the caller's membership of the selected company.
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

const proposal = (movementId: string, score: number, overrides: Partial<Proposal> = {}): Proposal => ({
  movementId,
  movementIds: [movementId],
  score,
  reasons: [
    { code: 'EXACT_AMOUNT', label: 'Importe exacto del pendiente', points: 50 },
    { code: 'DOCUMENT_NUMBER', label: 'Número de factura en el concepto (F-2025-0007)', points: 30 },
  ],
  items: [
    {
      kind: 'INV',
      effect: 'RECORD',
      documentKind: 'INV',
      documentId: `inv-${movementId}`,
      paymentId: null,
      accountCode: null,
      amountCents: 121000,
      label: 'F-2025-0007 · Talleres Pérez SL',
      documentNumber: 'F-2025-0007',
      partyName: 'Talleres Pérez SL',
      outstandingCents: 121000,
      dueDate: '2025-02-01',
    },
  ],
  differenceCents: 0,
  difference: null,
  ruleId: null,
  ...overrides,
});

const movement = (movementId: string, overrides: Partial<SessionMovement> = {}): SessionMovement => ({
  movementId,
  bookingDate: '2025-02-03',
  valueDate: '2025-02-03',
  amountCents: 121000,
  direction: 'IN',
  description: `TRANSF ${movementId}`,
  counterpartyName: null,
  counterpartyIban: null,
  commonConcept: '02',
  reference1: null,
  reference2: null,
  endToEndId: null,
  status: 'UNMATCHED',
  matchId: null,
  proposal: null,
  alternatives: [],
  ...overrides,
});

const match: ReconciliationMatch = {
  matchId: 'match-4',
  sessionId: 's-1',
  movementIds: ['m4'],
  direction: 'IN',
  movementsTotalCents: 30000,
  items: [
    {
      kind: 'INV',
      effect: 'RECORD',
      documentKind: 'INV',
      documentId: 'inv-9',
      paymentId: null,
      accountCode: null,
      amountCents: 30000,
      label: 'F-2025-0009 · Bar Luis SL',
      documentNumber: 'F-2025-0009',
      partyName: 'Bar Luis SL',
      outstandingCents: 30000,
      dueDate: '2025-02-10',
    },
  ],
  differenceCents: 0,
  difference: null,
  source: 'MANUAL',
  score: null,
  ruleId: null,
  createdBy: actor,
  createdAt: '2025-03-01T10:00:00Z',
  settlement: { state: 'PENDING', paymentIds: [null], posted: false, error: null },
};

const movements = (): SessionMovement[] => [
  movement('m1', { status: 'PROPOSED', proposal: proposal('m1', 95), description: 'TRANSF F-2025-0007' }),
  movement('m2', {
    status: 'PROPOSED',
    amountCents: 50000,
    description: 'TRANSF CLIENTE VARIOS',
    proposal: proposal('m2', 70),
  }),
  movement('m3', {
    amountCents: -1500,
    direction: 'OUT',
    description: 'COMISION MANTENIMIENTO',
    bookingDate: '2025-02-05',
  }),
  movement('m4', {
    status: 'MATCHED',
    matchId: 'match-4',
    amountCents: 30000,
    description: 'TRANSF BAR LUIS',
  }),
  movement('m5', {
    status: 'PROPOSED',
    amountCents: -24200,
    direction: 'OUT',
    description: 'RECIBO ENDESA',
    proposal: proposal('m5', 88),
  }),
];

const detail = (overrides: Partial<SessionDetail['session']> = {}): SessionDetail => ({
  session: {
    sessionId: 's-1',
    accountId: 'acc-1',
    accountAlias: 'Cuenta principal',
    iban: 'ES9121000418450200051332',
    accountingAccountCode: '572',
    fromDate: '2025-02-01',
    toDate: '2025-02-28',
    status: 'IN_PROGRESS',
    statusLabel: 'En curso',
    stats: {
      movementCount: 5,
      matchedCount: 1,
      proposedCount: 3,
      unmatchedCount: 1,
      leftCount: 0,
      autoAcceptableCount: 2,
      inCents: 201000,
      outCents: -25700,
      matchedInCents: 30000,
      matchedOutCents: 0,
    },
    createdBy: actor,
    createdAt: '2025-03-01T09:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    completedAt: null,
    completedBy: null,
    approvedAt: null,
    approvedBy: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    approvalError: null,
    ...overrides,
  },
  movements: movements(),
  matches: [match],
  audit: [],
});

const openItem = (overrides: Partial<OpenItemCandidate> = {}): OpenItemCandidate => ({
  kind: 'INV',
  direction: 'RECEIVABLE',
  documentId: 'inv-10',
  number: 'F-2025-0010',
  issueDate: '2025-01-15',
  partyName: 'Comercial Ruiz SA',
  partyNif: 'A12345674',
  partyIban: null,
  totalCents: 50500,
  outstandingCents: 50500,
  nextDueDate: '2025-02-14',
  dueDates: [{ dueDate: '2025-02-14', amountCents: 50500, paidCents: 0 }],
  payments: [],
  status: 'OPEN',
  usedInSession: false,
  score: null,
  reasons: [],
  ...overrides,
});

const renderSession = () =>
  renderRoutes(
    [{ path: '/app/banking/reconciliation/sessions/:sessionId', element: <ReconciliationSessionPage /> }],
    { path: '/app/banking/reconciliation/sessions/s-1' },
  );

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('/app/banking/reconciliation/sessions/:sessionId', { timeout: 30_000 }, () => {
  it('shows the header counts, the movements with their proposals, and accepts one proposal', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [openItem()], truncated: false },
      'banking.acceptProposals': { matches: [{ ...match, matchId: 'match-1' }], skipped: [] },
    });
    renderSession();
    expect(await screen.findByText('Conciliación · Cuenta principal')).toBeTruthy();
    expect(screen.getByText('ES91 2100 0418 4502 0005 1332')).toBeTruthy();
    expect(screen.getByText('Periodo 01/02/2025 – 28/02/2025')).toBeTruthy();
    expect(screen.getByText('EN CURSO')).toBeTruthy();
    expect(callsTo(apiRequest, 'banking.getSession')[0]).toMatchObject({
      params: { sessionId: 's-1' },
      companyId: 'c-1',
    });

    const first = rowOf('TRANSF F-2025-0007');
    expect(within(first).getByText('1.210,00 €')).toBeTruthy();
    expect(within(first).getByText('F-2025-0007 · Talleres Pérez SL')).toBeTruthy();
    // The score's reasons open from its tag.
    fireEvent.click(within(first).getByRole('button', { name: 'Puntuación 95: ver motivos' }));
    expect(await screen.findByText('Número de factura en el concepto (F-2025-0007)')).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.acceptProposals')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.acceptProposals')[0]).toMatchObject({
      params: { sessionId: 's-1' },
      body: { movementIds: ['m1'] },
    });
    expect(await screen.findByText('1 propuesta aceptada')).toBeTruthy();
  });

  it('accepts every proposal from 80 up with the A key, and moves with the arrows', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
      'banking.acceptProposals': (o: { body?: unknown }) => ({
        matches: (o.body as { movementIds: string[] }).movementIds.map((id) => ({ ...match, matchId: id })),
        skipped: [],
      }),
    });
    renderSession();
    const list = await screen.findByRole('application', { name: 'Movimientos del banco' });
    // The shortcut is shown on the button and in the hint.
    expect(screen.getByRole('button', { name: /Aceptar propuestas ≥ 80 \(2\)/ })).toBeTruthy();
    expect(screen.getByText(/aceptar las propuestas ≥ 80/)).toBeTruthy();

    list.focus();
    fireEvent.keyDown(list, { key: 'a' });
    await waitFor(() => expect(callsTo(apiRequest, 'banking.acceptProposals')).toHaveLength(1));
    // 95 and 88 go; the 70 does not.
    expect(callsTo(apiRequest, 'banking.acceptProposals')[0]?.body).toEqual({ movementIds: ['m1', 'm5'] });
    expect(await screen.findByText('2 propuestas aceptadas')).toBeTruthy();

    // ↓ moves to the second row; Intro accepts its proposal (score 70, below the bulk threshold).
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(rowOf('TRANSF CLIENTE VARIOS').getAttribute('aria-current')).toBe('true'));
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() => expect(callsTo(apiRequest, 'banking.acceptProposals')).toHaveLength(2));
    expect(callsTo(apiRequest, 'banking.acceptProposals')[1]?.body).toEqual({ movementIds: ['m2'] });
  });

  it('matches by hand with a difference, asking its reason and account', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [openItem()], truncated: false },
      'banking.createMatch': { ...match, matchId: 'match-2' },
    });
    renderSession();
    await screen.findByText('TRANSF CLIENTE VARIOS');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Seleccionar movimiento 03/02/2025 TRANSF CLIENTE VARIOS' }),
    );
    // With one money-in movement selected, the documents to collect come ranked for it.
    await waitFor(() =>
      expect(callsTo(apiRequest, 'banking.sessionOpenItems').at(-1)?.query).toMatchObject({
        movementId: 'm2',
        direction: 'RECEIVABLE',
      }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar F-2025-0010' }));
    expect(screen.getByTestId('selection-difference').textContent).toBe('-5,00\u00a0€');

    fireEvent.click(screen.getByRole('button', { name: 'Conciliar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Los importes no cuadran')).toBeTruthy();
    // Less collected than invoiced: a bank fee, to 626 by default.
    expect(within(dialog).getByRole('radio', { name: 'Comisión bancaria (626)' })).toHaveProperty(
      'checked',
      true,
    );
    expect((within(dialog).getByRole('combobox') as HTMLInputElement).value).toBe('626');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conciliar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.createMatch')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.createMatch')[0]).toMatchObject({
      params: { sessionId: 's-1' },
      body: {
        movementIds: ['m2'],
        items: [{ kind: 'INV', documentId: 'inv-10', amountCents: 50500 }],
        difference: { reason: 'BANK_FEE', accountCode: '626' },
      },
    });
  });

  it('records a partial payment without an account', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': {
        items: [openItem({ outstandingCents: 80000, totalCents: 80000 })],
        truncated: false,
      },
      'banking.createMatch': { ...match, matchId: 'match-2' },
    });
    renderSession();
    await screen.findByText('TRANSF CLIENTE VARIOS');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Seleccionar movimiento 03/02/2025 TRANSF CLIENTE VARIOS' }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar F-2025-0010' }));
    fireEvent.click(screen.getByRole('button', { name: 'Conciliar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pago parcial' }));
    expect(within(dialog).getByText(/quedan 300,00 € pendientes/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conciliar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.createMatch')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.createMatch')[0]?.body).toEqual({
      movementIds: ['m2'],
      items: [{ kind: 'INV', documentId: 'inv-10', amountCents: 80000 }],
      difference: { reason: 'PARTIAL_PAYMENT' },
    });
  });

  it('assigns a movement without document to an account and remembers it', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
      'banking.createMatch': { ...match, matchId: 'match-3' },
    });
    renderSession();
    await screen.findByText('COMISION MANTENIMIENTO');
    const row = rowOf('COMISION MANTENIMIENTO');
    fireEvent.click(within(row).getByRole('button', { name: 'Asignar a cuenta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/COMISION MANTENIMIENTO · -15,00/)).toBeTruthy();
    // A wrong code is refused before sending.
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: '6x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await within(dialog).findByText('El código de cuenta no es válido.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: '626' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Recordar para este concepto' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.createMatch')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.createMatch')[0]?.body).toEqual({
      movementIds: ['m3'],
      items: [{ kind: 'ACCOUNT', accountCode: '626', amountCents: 1500 }],
      remember: true,
    });
  });

  it('shows what a matched movement was matched to and undoes it', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
      'banking.deleteMatch': { matchId: 'match-4', deleted: true },
    });
    renderSession();
    await screen.findByText('TRANSF BAR LUIS');
    const row = rowOf('TRANSF BAR LUIS');
    expect(within(row).getByText('Conciliado')).toBeTruthy();
    expect(within(row).getByText('F-2025-0009 · Bar Luis SL · 300,00 €')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.deleteMatch')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.deleteMatch')[0]).toMatchObject({
      params: { sessionId: 's-1', matchId: 'match-4' },
    });
    expect(await screen.findByText('Conciliación deshecha')).toBeTruthy();
  });

  it('completes leaving the unmatched pending, after saying how many', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
      'banking.completeSession': detail({ status: 'COMPLETED' }).session,
    });
    renderSession();
    fireEvent.click(await screen.findByRole('button', { name: 'Completar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Quedan 4 movimientos sin conciliar/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Completar dejando pendientes' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.completeSession')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.completeSession')[0]?.body).toEqual({ leaveUnmatched: true });
  });

  it('cancels after a confirmation', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
      'banking.cancelSession': detail({ status: 'CANCELLED' }).session,
    });
    renderSession();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar sesión' }));
    const dialog = await screen.findByRole('dialog');
    expect(callsTo(apiRequest, 'banking.cancelSession')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo de la cancelación' }), {
      target: { value: 'Extracto equivocado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.cancelSession')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.cancelSession')[0]?.body).toEqual({ reason: 'Extracto equivocado' });
  });

  it('approves a completed session for a manager, and hides Aprobar from a member', async () => {
    answerApi(apiRequest, {
      'banking.getSession': detail({ status: 'COMPLETED' }),
      'banking.approveSession': detail({ status: 'APPROVED' }).session,
    });
    const first = renderSession();
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar' }));
    const confirm = await screen.findByText('¿Aprobar la conciliación?');
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Aprobar' }),
    );
    await waitFor(() => expect(callsTo(apiRequest, 'banking.approveSession')).toHaveLength(1));
    // A completed session is read-only: no accept, no undo, no documents side.
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deshacer' })).toBeNull();
    expect(screen.queryByText('Documentos pendientes')).toBeNull();
    first.unmount();

    membership.current = { myRole: 'MEMBER', myPermissions: [] };
    renderSession();
    expect(await screen.findByText('COMPLETADA')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancelar sesión' })).toBeTruthy();
  });

  it('shows a member the in-progress actions but never Aprobar', async () => {
    membership.current = { myRole: 'MEMBER', myPermissions: [] };
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
    });
    renderSession();
    expect(await screen.findByRole('button', { name: 'Completar' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Aceptar' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
  });

  it('shows a client no button that writes', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'] };
    answerApi(apiRequest, {
      'banking.getSession': detail(),
      'banking.sessionOpenItems': { items: [], truncated: false },
    });
    renderSession();
    expect(await screen.findByText('TRANSF BAR LUIS')).toBeTruthy();
    for (const name of [
      'Completar',
      'Aprobar',
      'Cancelar sesión',
      'Aceptar',
      'Deshacer',
      'Asignar a cuenta',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says why a session could not load and retries', async () => {
    answerApi(apiRequest, {});
    renderSession();
    expect(await screen.findByText('Error obteniendo la sesión')).toBeTruthy();
    expect(screen.getByText('Sin respuesta de prueba para banking.getSession')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.getSession')).toHaveLength(2));
  });
});
