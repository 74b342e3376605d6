/**
 * Approving a completed session (issue 19 item 3, banking.manage): for each match not yet settled,
 *  1. the documents are settled through the invokables (design "Settling documents"): one RECORD per
 *     piece of a movement paying a document (several movements paying one document record one
 *     payment each, dated its booking date; one movement paying several documents records one per
 *     document), REMOVE for a return, nothing for a LINK; idempotency keys derive from the session,
 *     match, item and piece, so a retried approval never records twice;
 *  2. the difference and the account assignments are sent to accounting as a BANK_POSTING of the
 *     match's first movement (state-based: a retried approval posts nothing new);
 *  3. the movements are marked MATCHED (store/movements.ts `setMovementReconciliation`, idempotent);
 *  4. the match is saved DONE with the payments it recorded or linked, which are claimed as
 *     reconciled (never linked to another movement).
 * A match that fails is saved FAILED with the reason and the others go on; the session then stays
 * COMPLETED with `approvalError`, and approving again finishes what is left (every step above is
 * safe to repeat). When every match is DONE the session is APPROVED and its account's claim released.
 */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { isAppError } from '@shared/api/errors';
import { postingSourceKey } from '@shared/db/keys/accounting';
import {
  type BankPostingMessage,
  differenceReasonLabels,
  reconciliationMessages,
  type SessionActor,
} from '@shared/schemas/reconciliation';
import type { SettleRequest, SettleResult } from '@shared/schemas/settlement';
import type { BankingDeps, SettleTarget } from './deps';
import { setMovementReconciliation } from './movements';
import {
  auditItem,
  conflict,
  listMatches,
  type MatchItem,
  reconciledPaymentPut,
  requireSession,
  type SessionItem,
  saveMatchSettlement,
  updateSessionWrite,
} from './reconciliation';

export const RETURN_REASON = reconciliationMessages.returnReason;

/** How a RECORD item is paid by the match's movements: the movements in booking order fill the items in order. */
export function allocate(
  movementAmounts: readonly number[],
  itemAmounts: readonly (number | null)[],
): { item: number; movement: number; amountCents: number }[] {
  const left = movementAmounts.map((a) => Math.abs(a));
  const pieces: { item: number; movement: number; amountCents: number }[] = [];
  let j = 0;
  itemAmounts.forEach((amount, i) => {
    if (amount === null) return;
    let need = amount;
    while (need > 0) {
      // Past the last movement (the bank got less: a fee), the rest goes with the last one.
      const mv = Math.min(j, left.length - 1);
      const take = j < left.length ? Math.min(need, left[j]!) : need;
      if (take > 0) {
        const prev = pieces.at(-1);
        if (prev && prev.item === i && prev.movement === mv) prev.amountCents += take;
        else pieces.push({ item: i, movement: mv, amountCents: take });
      }
      need -= take;
      if (j < left.length) {
        left[j]! -= take;
        if (left[j] === 0) j++;
      }
    }
  });
  return pieces;
}

/** The match's posting: its ACCOUNT items and its difference against the bank's account. */
export function postingLines(
  match: Pick<MatchItem, 'direction' | 'items' | 'differenceCents' | 'difference'>,
  bankAccount: string,
): BankPostingMessage['lines'] {
  const lines: BankPostingMessage['lines'] = [];
  const sign = match.direction === 'IN' ? 1 : -1;
  const add = (accountCode: string, bankDelta: number) => {
    if (bankDelta === 0) return;
    const abs = Math.abs(bankDelta);
    if (bankDelta > 0) {
      lines.push({ accountCode: bankAccount, debitCents: abs, creditCents: 0 });
      lines.push({ accountCode, debitCents: 0, creditCents: abs });
    } else {
      lines.push({ accountCode, debitCents: abs, creditCents: 0 });
      lines.push({ accountCode: bankAccount, debitCents: 0, creditCents: abs });
    }
  };
  for (const it of match.items) if (it.kind === 'ACCOUNT') add(it.accountCode!, sign * it.amountCents);
  if (match.difference?.accountCode && match.differenceCents !== 0) {
    add(match.difference.accountCode, sign * match.differenceCents);
  }
  return lines;
}

function postingDescription(match: MatchItem): string {
  const accounts = match.items.filter((i) => i.kind === 'ACCOUNT').map((i) => i.label);
  const diff = match.difference?.accountCode
    ? [`Diferencia de conciliación: ${differenceReasonLabels[match.difference.reason]}`]
    : [];
  return [...accounts, ...diff].join(' · ').slice(0, 300) || 'Conciliación bancaria';
}

const targetOf = (kind: 'INV' | 'REC'): SettleTarget =>
  kind === 'INV' ? 'settle-invoice' : 'settle-received-invoice';

async function settleMatch(deps: BankingDeps, session: SessionItem, match: MatchItem, actor: SessionActor) {
  const paymentIds: (string | null)[] = match.items.map(() => null);
  const claimed: string[] = [];
  const pieces = allocate(
    match.movements.map((m) => m.amountCents),
    match.items.map((it) => (it.effect === 'RECORD' ? it.amountCents : null)),
  );
  for (const piece of pieces) {
    const it = match.items[piece.item]!;
    const mv = match.movements[piece.movement]!;
    const req: SettleRequest = {
      action: 'RECORD',
      companyId: session.companyId,
      documentId: it.documentId!,
      amountCents: piece.amountCents,
      date: mv.bookingDate,
      method: mv.direct ? 'DIRECT_DEBIT' : 'TRANSFER',
      reference: mv.reference,
      idempotencyKey: `${session.sessionId}#${match.matchId}#${piece.item}#${piece.movement}`,
      userId: actor.userId,
    };
    const res = await deps.invoke<SettleResult>(targetOf(it.documentKind!), req);
    paymentIds[piece.item] ??= res.paymentId;
    claimed.push(res.paymentId);
  }
  for (const [i, it] of match.items.entries()) {
    if (it.effect === 'LINK') {
      paymentIds[i] = it.paymentId;
      claimed.push(it.paymentId!);
    }
    if (it.effect === 'REMOVE') {
      const req: SettleRequest = {
        action: 'REMOVE',
        companyId: session.companyId,
        documentId: it.documentId!,
        paymentId: it.paymentId!,
        reason: RETURN_REASON,
        idempotencyKey: `${session.sessionId}#${match.matchId}#${i}`,
        userId: actor.userId,
      };
      const res = await deps.invoke<SettleResult>(targetOf(it.documentKind!), req);
      paymentIds[i] = res.paymentId;
    }
  }
  const lines = postingLines(match, session.accountingAccountCode);
  if (lines.length > 0) {
    const first = match.movements[0]!;
    const message: BankPostingMessage = {
      kind: 'BANK_POSTING',
      companyId: session.companyId,
      sourceKey: postingSourceKey.bankMovement(first.movementId),
      // A later approval's desire replaces an earlier one's; the same lines again post nothing.
      version: deps.now().getTime(),
      date: match.movements.at(-1)!.bookingDate,
      description: postingDescription(match),
      lines,
    };
    await deps.sqs.send(
      new SendMessageCommand({ QueueUrl: deps.queueUrl('accounting'), MessageBody: JSON.stringify(message) }),
    );
  }
  for (const m of match.movements) {
    await setMovementReconciliation(deps, session.companyId, m, {
      status: 'MATCHED',
      sessionId: session.sessionId,
      matchId: match.matchId,
    });
  }
  const done: MatchItem = {
    ...match,
    settlement: { state: 'DONE', paymentIds, posted: lines.length > 0, error: null },
  };
  const claims: TransactItem[] = [...new Set(claimed)]
    .slice(0, 90)
    .map((p) => reconciledPaymentPut(deps, session.companyId, p, match));
  await saveMatchSettlement(deps, done, claims);
}

export async function approveSession(
  deps: BankingDeps,
  companyId: string,
  sessionId: string,
  actor: SessionActor,
): Promise<SessionItem> {
  const session = await requireSession(deps, companyId, sessionId);
  if (session.status === 'APPROVED') return session;
  if (session.status === 'CANCELLED') throw conflict(reconciliationMessages.cancelled);
  if (session.status !== 'COMPLETED') throw conflict(reconciliationMessages.notCompleted);
  const matches = await listMatches(deps, companyId, sessionId);
  const failures: string[] = [];
  for (const match of matches) {
    if (match.settlement.state === 'DONE') continue;
    try {
      await settleMatch(deps, session, match, actor);
    } catch (e) {
      const reason = isAppError(e) ? e.message : 'Error inesperado al liquidar';
      failures.push(`${match.matchId}: ${reason}`);
      await saveMatchSettlement(deps, {
        ...match,
        settlement: { ...match.settlement, state: 'FAILED', error: reason },
      });
      if (!isAppError(e)) {
        // Not a refusal of the document (a failure of the platform): stop and let the caller retry.
        await updateSessionWrite(
          deps,
          session,
          { approvalError: reconciliationMessages.approvalPartial },
          null,
        );
        throw e;
      }
    }
  }
  const at = deps.now().toISOString();
  if (failures.length > 0) {
    return updateSessionWrite(
      deps,
      session,
      { approvalError: `${reconciliationMessages.approvalPartial}. ${failures.join('; ')}`.slice(0, 2000) },
      auditItem(
        deps,
        session,
        actor,
        'SETTLE',
        `Aprobación incompleta: ${failures.length} conciliaciones fallaron`,
      ),
    );
  }
  return updateSessionWrite(
    deps,
    session,
    { status: 'APPROVED', approvedAt: at, approvedBy: actor, approvalError: null },
    auditItem(
      deps,
      session,
      actor,
      'APPROVE',
      `Sesión aprobada: ${matches.length} conciliaciones liquidadas`,
    ),
    { releaseOpen: true },
  );
}
