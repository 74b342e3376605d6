/**
 * Issue 19 item 3: reconciliation sessions end to end on the fake table: start (one open session per
 * account), the proposals on read, accept, manual match with "recordar", complete, approve (settles
 * through the invokables, posts BANK_POSTING, marks the movements), a partial failure and its retry,
 * cancel, and the rules.
 */

import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type {
  AcceptProposalsResult,
  ReconciliationMatch,
  ReconciliationRule,
  ReconciliationSession,
  SessionDetail,
} from '@shared/schemas/reconciliation';
import type { SettleRequest } from '@shared/schemas/settlement';
import { beforeEach, describe, expect, it } from 'vitest';
import { acceptProposalsRoute } from '../actions/accept-proposals';
import { approveSessionRoute } from '../actions/approve-session';
import { cancelSessionRoute } from '../actions/cancel-session';
import { completeSessionRoute } from '../actions/complete-session';
import { createMatchRoute } from '../actions/create-match';
import { createRuleRoute } from '../actions/create-rule';
import { deleteMatchRoute } from '../actions/delete-match';
import { deleteRuleRoute } from '../actions/delete-rule';
import { getSessionRoute } from '../actions/get-session';
import { listRulesRoute } from '../actions/list-rules';
import { reconciliationSummaryRoute } from '../actions/reconciliation-summary';
import { sessionOpenItemsRoute } from '../actions/session-open-items';
import { startSessionRoute } from '../actions/start-session';
import { actionCaller, bankingHarness, COMPANY } from '../testing/harness';
import type { BankAccountItem, BankMovementItem, OpenItem } from './items';

const h = bankingHarness();
const ACCOUNT = 'acc1';
const IBAN_CUSTOMER = 'ES9121000418450200051332';

// biome-ignore lint/suspicious/noExplicitAny: the actions' run takes their parsed inputs
const run = <T>(route: { run: (...a: any[]) => Promise<unknown> }, input: Record<string, unknown> = {}) =>
  route.run({ ...actionCaller(), ...input }, h.deps) as Promise<T>;

function account(): BankAccountItem {
  return {
    entity: 'BankAccount',
    schemaVersion: 1,
    companyId: COMPANY,
    accountId: ACCOUNT,
    iban: 'ES7921000813610123456789',
    bankCode: '2100',
    bankName: 'CaixaBank',
    bic: null,
    alias: 'CaixaBank principal',
    holderName: 'Cuadra SL',
    currency: 'EUR',
    accountingAccountCode: '572',
    balanceCents: 0,
    balanceDate: null,
    feed: { n43: true, psd2ConnectionId: null },
    active: true,
    movementCount: 3,
    unreconciledCount: 3,
    lastMovementDate: '2026-03-06',
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  };
}

function movement(
  id: string,
  bookingDate: string,
  amountCents: number,
  over: Partial<BankMovementItem> = {},
) {
  const m: BankMovementItem = {
    entity: 'BankMovement',
    schemaVersion: 1,
    companyId: COMPANY,
    accountId: ACCOUNT,
    movementId: id,
    bookingDate,
    valueDate: bookingDate,
    amountCents,
    currency: 'EUR',
    commonConcept: '02',
    ownConcept: null,
    documentNumber: null,
    reference1: null,
    reference2: null,
    conceptLines: [],
    description: 'TRANSFERENCIA',
    counterpartyName: null,
    counterpartyIban: null,
    counterpartyNif: null,
    endToEndId: null,
    mandateId: null,
    source: 'N43',
    sourceId: 'imp1',
    fingerprint: id,
    reconciliation: { status: 'UNMATCHED', sessionId: null, matchId: null },
    createdAt: '2026-03-07T00:00:00.000Z',
    ...over,
  };
  return { ...keys.bankMovement(COMPANY, ACCOUNT, bookingDate, id), ...m };
}

function openItem(documentId: string, outstandingCents: number, over: Partial<OpenItem> = {}) {
  const it: OpenItem = {
    entity: 'OpenItem',
    schemaVersion: 1,
    companyId: COMPANY,
    kind: 'INV',
    direction: 'RECEIVABLE',
    documentId,
    number: `F-2026-${documentId}`,
    issueDate: '2026-02-15',
    partyId: 'cust1',
    partyName: 'Talleres Pérez SL',
    partyNif: 'B12345674',
    partyIban: IBAN_CUSTOMER,
    partyEmail: null,
    totalCents: outstandingCents,
    paidCents: 0,
    outstandingCents,
    dueDates: [{ dueDate: '2026-03-05', amountCents: outstandingCents, paidCents: 0 }],
    nextDueDate: '2026-03-05',
    payments: [],
    paymentMethod: 'TRANSFER',
    status: 'OPEN',
    settledDate: null,
    version: 1,
    updatedAt: '2026-02-15T00:00:00.000Z',
    ...over,
  };
  return { ...keys.openItem(COMPANY, it.kind, documentId), ...it };
}

// m1: a customer's exact payment (IBAN) -> INV 0007; m2: TGSS -> 642; m3: rent (no rule yet).
const M1 = 'm20260305aaaaaaaaaaaaaaaa';
const M2 = 'm20260306bbbbbbbbbbbbbbbb';
const M3 = 'm20260306cccccccccccccccc';

beforeEach(() => {
  h.reset();
  h.table.put({ ...keys.bankAccount(COMPANY, ACCOUNT), ...account() });
  h.table.put(
    movement(M1, '2026-03-05', 121_000, {
      counterpartyIban: IBAN_CUSTOMER,
      counterpartyName: 'TALLERES PEREZ SL',
    }),
  );
  h.table.put(
    movement(M2, '2026-03-06', -95_000, { commonConcept: '15', description: 'TGSS COTIZACION 02 2026' }),
  );
  h.table.put(
    movement(M3, '2026-03-06', -90_000, {
      commonConcept: '03',
      counterpartyName: 'INMOBILIARIA SOL SL',
      description: 'ALQUILER MARZO',
    }),
  );
  h.table.put(openItem('0007', 121_000));
});

const start = () =>
  run<SessionDetail>(startSessionRoute, {
    body: { accountId: ACCOUNT, fromDate: '2026-03-01', toDate: '2026-03-31' },
  });

describe('reconciliation sessions', () => {
  it('starts over the unreconciled movements with proposals; one open session per account', async () => {
    const d = await start();
    expect(d.session).toMatchObject({
      status: 'IN_PROGRESS',
      accountAlias: 'CaixaBank principal',
      accountingAccountCode: '572',
    });
    expect(d.movements.map((m) => [m.movementId, m.status])).toEqual([
      [M1, 'PROPOSED'],
      [M2, 'PROPOSED'],
      [M3, 'UNMATCHED'],
    ]);
    expect(d.movements[0]!.proposal).toMatchObject({
      score: 100,
      items: [{ kind: 'INV', documentId: '0007' }],
    });
    expect(d.movements[1]!.proposal!.items[0]).toMatchObject({ kind: 'ACCOUNT', accountCode: '642' });
    expect(d.session.stats).toMatchObject({
      movementCount: 3,
      proposedCount: 2,
      unmatchedCount: 1,
      autoAcceptableCount: 1,
    });
    expect(d.audit.map((a) => a.action)).toEqual(['START']);
    await expect(start()).rejects.toMatchObject({ code: 'BANK_CONFLICT' });
    // The same state reads the same proposals.
    const again = await run<SessionDetail>(getSessionRoute, { params: { sessionId: d.session.sessionId } });
    expect(again.movements).toEqual(d.movements);
  });

  it('accept, match by hand with "recordar", complete, approve: settles, posts and marks', async () => {
    const d = await start();
    const sessionId = d.session.sessionId;
    const accepted = await run<AcceptProposalsResult>(acceptProposalsRoute, {
      params: { sessionId },
      body: { movementIds: [M1, M2, M3] },
    });
    expect(accepted.matches).toHaveLength(2);
    expect(accepted.skipped).toEqual([{ movementId: M3, reason: 'El movimiento no tiene propuesta' }]);

    const manual = await run<ReconciliationMatch>(createMatchRoute, {
      params: { sessionId },
      body: {
        movementIds: [M3],
        items: [{ kind: 'ACCOUNT', accountCode: '621', amountCents: 90_000 }],
        remember: true,
      },
    });
    expect(manual).toMatchObject({ source: 'MANUAL', direction: 'OUT', differenceCents: 0 });
    const rules = await run<ReconciliationRule[]>(listRulesRoute);
    expect(rules).toMatchObject([
      { pattern: 'INMOBILIARIA SOL SL', field: 'COUNTERPARTY', accountCode: '621', origin: 'LEARNED' },
    ]);

    // The same movement or document twice is refused.
    await expect(
      run(createMatchRoute, {
        params: { sessionId },
        body: { movementIds: [M3], items: [{ kind: 'ACCOUNT', accountCode: '626', amountCents: 90_000 }] },
      }),
    ).rejects.toMatchObject({ code: 'CORE_004', message: 'El movimiento ya está conciliado' });

    const completed = await run<ReconciliationSession>(completeSessionRoute, {
      params: { sessionId },
      body: {},
    });
    expect(completed.status).toBe('COMPLETED');

    const approved = await run<ReconciliationSession>(approveSessionRoute, { params: { sessionId } });
    expect(approved).toMatchObject({ status: 'APPROVED', approvalError: null });
    expect(h.invoked).toHaveLength(1);
    expect(h.invoked[0]!.target).toBe('settle-invoice');
    expect(h.invoked[0]!.payload).toMatchObject({
      action: 'RECORD',
      companyId: COMPANY,
      documentId: '0007',
      amountCents: 121_000,
      date: '2026-03-05',
      method: 'TRANSFER',
    } satisfies Partial<SettleRequest>);
    const postings = h.sent('accounting');
    expect(postings).toHaveLength(2);
    expect(postings.map((p) => p.lines)).toEqual(
      expect.arrayContaining([
        [
          { accountCode: '642', debitCents: 95_000, creditCents: 0 },
          { accountCode: '572', debitCents: 0, creditCents: 95_000 },
        ],
        [
          { accountCode: '621', debitCents: 90_000, creditCents: 0 },
          { accountCode: '572', debitCents: 0, creditCents: 90_000 },
        ],
      ]),
    );
    expect(postings.map((p) => p.sourceKey).sort()).toEqual([`BNK#${M2}`, `BNK#${M3}`]);
    const stored = h.table.get(
      keys.bankMovement(COMPANY, ACCOUNT, '2026-03-05', M1),
    ) as unknown as BankMovementItem;
    expect(stored.reconciliation).toMatchObject({ status: 'MATCHED', sessionId });
    // The account's claim is released: a new session may start (nothing left to reconcile, though).
    await expect(start()).rejects.toMatchObject({ code: 'CORE_004' });
    // Approving again changes nothing.
    await run(approveSessionRoute, { params: { sessionId } });
    expect(h.invoked).toHaveLength(1);
  });

  it('a returned direct debit (concepto 14) removes the collection on approval: the invoice reopens', async () => {
    const M4 = 'm20260310dddddddddddddddd';
    h.table.put(
      openItem('0009', 0, {
        totalCents: 48_400,
        paidCents: 48_400,
        status: 'PAID',
        settledDate: '2026-03-02',
        nextDueDate: null,
        payments: [{ paymentId: 'p9', date: '2026-03-02', amountCents: 48_400, method: 'DIRECT_DEBIT' }],
      }),
    );
    h.table.put(
      movement(M4, '2026-03-10', -48_400, {
        commonConcept: '14',
        description: 'DEVOLUCION RECIBO TALLERES PEREZ',
        counterpartyName: 'TALLERES PEREZ SL',
      }),
    );
    const d = await start();
    const sessionId = d.session.sessionId;
    const returned = d.movements.find((m) => m.movementId === M4)!;
    expect(returned.proposal?.items).toMatchObject([
      { kind: 'PAYMENT', effect: 'REMOVE', paymentId: 'p9', documentId: '0009' },
    ]);
    await run<AcceptProposalsResult>(acceptProposalsRoute, {
      params: { sessionId },
      body: { movementIds: [M4] },
    });
    await run(completeSessionRoute, { params: { sessionId }, body: { leaveUnmatched: true } });
    await run(approveSessionRoute, { params: { sessionId } });
    const removal = h.invoked.find((i) => (i.payload as SettleRequest).action === 'REMOVE');
    expect(removal?.target).toBe('settle-invoice');
    expect(removal?.payload).toMatchObject({
      action: 'REMOVE',
      companyId: COMPANY,
      documentId: '0009',
      paymentId: 'p9',
    });
  });

  it('completing with unmatched movements needs leaveUnmatched; they stay pending', async () => {
    const { session } = await start();
    await expect(
      run(completeSessionRoute, { params: { sessionId: session.sessionId }, body: {} }),
    ).rejects.toMatchObject({ code: 'CORE_004', message: expect.stringContaining('Quedan 3 movimientos') });
    const done = await run<ReconciliationSession>(completeSessionRoute, {
      params: { sessionId: session.sessionId },
      body: { leaveUnmatched: true },
    });
    expect(done.stats.leftCount).toBe(3);
    await run(approveSessionRoute, { params: { sessionId: session.sessionId } });
    const stored = h.table.get(
      keys.bankMovement(COMPANY, ACCOUNT, '2026-03-05', M1),
    ) as unknown as BankMovementItem;
    expect(stored.reconciliation.status).toBe('UNMATCHED');
    // Released: the pending movements come again in a new session.
    expect((await start()).movements).toHaveLength(3);
  });

  it('a refused settlement leaves the session COMPLETED with the reason; approving again finishes', async () => {
    const { session } = await start();
    const sessionId = session.sessionId;
    await run(acceptProposalsRoute, { params: { sessionId }, body: { movementIds: [M1, M2] } });
    await run(completeSessionRoute, { params: { sessionId }, body: { leaveUnmatched: true } });
    h.onInvoke(() => {
      throw new AppError('CORE_004', 'La fecha de pago no puede ser anterior a la fecha de la factura.');
    });
    const partial = await run<ReconciliationSession>(approveSessionRoute, { params: { sessionId } });
    expect(partial.status).toBe('COMPLETED');
    expect(partial.approvalError).toContain('La fecha de pago no puede ser anterior');
    // The account posting of the other match went through once.
    expect(h.sent('accounting')).toHaveLength(1);
    h.onInvoke(() => ({ paymentId: 'pay-ok', outcome: 'DONE', paymentStatus: 'PAID' }));
    const finished = await run<ReconciliationSession>(approveSessionRoute, { params: { sessionId } });
    expect(finished).toMatchObject({ status: 'APPROVED', approvalError: null });
    expect(h.sent('accounting')).toHaveLength(1);
    const keysPassed = h.invoked.map((i) => (i.payload as { idempotencyKey: string }).idempotencyKey);
    expect(keysPassed[0]).toBe(keysPassed[1]);
  });

  it('undoing a match frees its movement and document; cancel releases the account', async () => {
    const { session } = await start();
    const sessionId = session.sessionId;
    const { matches } = await run<AcceptProposalsResult>(acceptProposalsRoute, {
      params: { sessionId },
      body: { movementIds: [M1] },
    });
    const items = await run<{ items: { documentId: string; usedInSession: boolean }[] }>(
      sessionOpenItemsRoute,
      {
        params: { sessionId },
        query: { movementId: M1 },
      },
    );
    expect(items.items[0]).toMatchObject({ documentId: '0007', usedInSession: true });
    await run(deleteMatchRoute, { params: { sessionId, matchId: matches[0]!.matchId } });
    const d = await run<SessionDetail>(getSessionRoute, { params: { sessionId } });
    expect(d.movements[0]).toMatchObject({ status: 'PROPOSED', matchId: null });
    expect(d.audit.map((a) => a.action)).toEqual(['UNMATCH', 'ACCEPT', 'START']);
    const cancelled = await run<ReconciliationSession>(cancelSessionRoute, {
      params: { sessionId },
      body: {},
    });
    expect(cancelled.status).toBe('CANCELLED');
    expect((await start()).session.status).toBe('IN_PROGRESS');
  });

  it('rules: created by hand, refused twice, deleted; the summary counts them', async () => {
    const body = {
      pattern: 'Inmobiliaria Sol',
      field: 'COUNTERPARTY',
      direction: 'OUT',
      accountCode: '621',
      label: 'Alquiler',
    };
    const rule = await run<ReconciliationRule>(createRuleRoute, { body });
    await expect(run(createRuleRoute, { body })).rejects.toMatchObject({ code: 'CORE_004' });
    const d = await start();
    expect(d.movements[2]!.proposal).toMatchObject({ ruleId: rule.ruleId, items: [{ accountCode: '621' }] });
    const summary = await run<{ totals: { rules: number; inProgressSessions: number } }>(
      reconciliationSummaryRoute,
    );
    expect(summary.totals).toMatchObject({ rules: 1, inProgressSessions: 1 });
    await run(deleteRuleRoute, { params: { ruleId: rule.ruleId } });
    await expect(run(deleteRuleRoute, { params: { ruleId: rule.ruleId } })).rejects.toMatchObject({
      code: 'CORE_006',
    });
  });
});
