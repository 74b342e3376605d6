/**
 * Building and checking a session's matches (issue 19 item 3): a manual match (createMatch) or an
 * accepted proposal becomes a `MatchItem` only when its movements belong to the session and are not
 * matched yet, all go the same way, its documents are open (or hold the payment named) and unused in
 * the session, and the amounts square (or the difference says why). What approving will do with each
 * item is fixed here (`effect`): RECORD, LINK, REMOVE (a payment against the document's direction: a
 * returned direct debit) or POST.
 */

import { AppError } from '@shared/api/errors';
import {
  type CreateMatchBody,
  type MatchItemView,
  type MovementDirection,
  type ReconciliationMatch,
  reconciliationMessages,
  type SessionActor,
} from '@shared/schemas/reconciliation';
import { accountItem, accountLabel, documentKey } from '../model/matching';
import type { BankingDeps } from './deps';
import type { BankMovementItem, OpenItem } from './items';
import { conflict, type MatchItem } from './reconciliation';
import { matchedMovementIds, type SessionContext, usedByMatches } from './reconciliation-view';

const invalid = (message: string, field?: string) =>
  new AppError('CORE_004', message, field ? { field } : undefined);

export interface MatchDraft {
  movementIds: string[];
  items: CreateMatchBody['items'];
  difference: CreateMatchBody['difference'] | null;
  source: ReconciliationMatch['source'];
  score: number | null;
  ruleId: string | null;
}

const directionOf = (amountCents: number): MovementDirection => (amountCents >= 0 ? 'IN' : 'OUT');

function documentView(
  doc: OpenItem,
  amountCents: number,
  effect: MatchItemView['effect'],
  paymentId: string | null,
) {
  const view: MatchItemView = {
    kind: paymentId ? 'PAYMENT' : doc.kind,
    effect,
    documentKind: doc.kind,
    documentId: doc.documentId,
    paymentId,
    accountCode: null,
    amountCents,
    label: `${doc.number} · ${doc.partyName}`,
    documentNumber: doc.number,
    partyName: doc.partyName,
    outstandingCents: doc.outstandingCents,
    dueDate: doc.nextDueDate,
  };
  return view;
}

/**
 * The match a draft makes, checked against the session as read (`ctx`, plus the drafts accepted
 * before it in the same request: `taken`). Throws CORE_004 with the Spanish reason.
 */
export function buildMatch(
  deps: Pick<BankingDeps, 'now' | 'newId'>,
  ctx: SessionContext,
  draft: MatchDraft,
  actor: SessionActor,
  taken: { movements: Set<string>; documents: Set<string>; payments: Set<string> } = {
    movements: new Set(),
    documents: new Set(),
    payments: new Set(),
  },
): MatchItem {
  if (ctx.session.status !== 'IN_PROGRESS') throw conflict(reconciliationMessages.notInProgress);
  const byId = new Map(ctx.movements.map((m) => [m.movementId, m]));
  const matched = matchedMovementIds(ctx.matches);
  const used = usedByMatches(ctx.matches);
  const movements: BankMovementItem[] = [];
  for (const id of new Set(draft.movementIds)) {
    const m = byId.get(id);
    if (!m) throw invalid(reconciliationMessages.movementNotInSession, 'movementIds');
    if (matched.has(id) || taken.movements.has(id) || m.reconciliation.status === 'MATCHED') {
      throw invalid(reconciliationMessages.movementAlreadyMatched, 'movementIds');
    }
    movements.push(m);
  }
  movements.sort(
    (a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.movementId.localeCompare(b.movementId),
  );
  const dir = directionOf(movements[0]!.amountCents);
  if (movements.some((m) => directionOf(m.amountCents) !== dir)) {
    throw invalid(reconciliationMessages.mixedDirections, 'movementIds');
  }
  const docs = new Map(ctx.items.map((i) => [documentKey(i.kind, i.documentId), i]));
  const views: MatchItemView[] = [];
  const seenDocs = new Set<string>();
  for (const it of draft.items) {
    if (it.kind === 'ACCOUNT') {
      views.push(accountItem(it.accountCode!, it.amountCents));
      continue;
    }
    const kind = it.kind === 'PAYMENT' ? it.documentKind! : it.kind;
    const key = documentKey(kind, it.documentId!);
    const doc = docs.get(key);
    if (!doc) throw invalid(reconciliationMessages.itemNotOpen, 'items');
    const docDir: MovementDirection = doc.direction === 'RECEIVABLE' ? 'IN' : 'OUT';
    if (it.kind === 'PAYMENT') {
      const p = doc.payments.find((x) => x.paymentId === it.paymentId);
      if (!p) throw invalid(reconciliationMessages.paymentNotFound, 'items');
      if (used.payments.has(p.paymentId) || taken.payments.has(p.paymentId)) {
        throw invalid(reconciliationMessages.paymentAlreadyUsed, 'items');
      }
      // The same way as the document: the movement is that payment (LINK); against it: a return.
      const effect = docDir === dir ? 'LINK' : 'REMOVE';
      if (effect === 'LINK' && ctx.reconciled.has(p.paymentId)) {
        throw invalid(reconciliationMessages.paymentAlreadyUsed, 'items');
      }
      views.push(documentView(doc, p.amountCents, effect, p.paymentId));
      continue;
    }
    if (docDir !== dir) throw invalid(reconciliationMessages.itemWrongDirection, 'items');
    if (doc.status !== 'OPEN' || doc.outstandingCents <= 0)
      throw invalid(reconciliationMessages.itemNotOpen, 'items');
    if (used.documents.has(key) || taken.documents.has(key) || seenDocs.has(key)) {
      throw invalid(reconciliationMessages.itemAlreadyUsed, 'items');
    }
    if (it.amountCents > doc.outstandingCents)
      throw invalid(reconciliationMessages.itemOverOutstanding, 'items');
    seenDocs.add(key);
    views.push(documentView(doc, it.amountCents, 'RECORD', null));
  }
  const movementsTotal = movements.reduce((s, m) => s + m.amountCents, 0);
  let differenceCents = Math.abs(movementsTotal) - views.reduce((s, v) => s + v.amountCents, 0);
  let difference: ReconciliationMatch['difference'] = null;
  if (differenceCents === 0 && draft.difference)
    throw invalid(reconciliationMessages.differenceNotNeeded, 'difference');
  if (differenceCents !== 0) {
    if (!draft.difference) throw invalid(reconciliationMessages.differenceRequired, 'difference');
    if (draft.difference.reason === 'PARTIAL_PAYMENT') {
      if (differenceCents > 0) throw invalid(reconciliationMessages.partialOnlyShortfall, 'difference');
      const last = [...views].reverse().find((v) => v.effect === 'RECORD');
      if (!last || last.amountCents <= -differenceCents) {
        throw invalid(reconciliationMessages.partialNeedsDocument, 'difference');
      }
      // What arrived is recorded; the rest stays outstanding on the document.
      last.amountCents += differenceCents;
      differenceCents = 0;
      difference = { reason: 'PARTIAL_PAYMENT', accountCode: null };
    } else {
      difference = { reason: draft.difference.reason, accountCode: draft.difference.accountCode ?? null };
    }
  }
  for (const m of movements) taken.movements.add(m.movementId);
  for (const v of views) {
    if (v.effect === 'RECORD') taken.documents.add(documentKey(v.documentKind!, v.documentId!));
    if (v.paymentId) taken.payments.add(v.paymentId);
  }
  const at = deps.now().toISOString();
  return {
    entity: 'ReconciliationMatch',
    schemaVersion: 1,
    companyId: ctx.session.companyId,
    matchId: deps.newId(),
    sessionId: ctx.session.sessionId,
    movementIds: movements.map((m) => m.movementId),
    direction: dir,
    movementsTotalCents: movementsTotal,
    items: views,
    differenceCents,
    difference,
    source: draft.source,
    score: draft.score,
    ruleId: draft.ruleId,
    createdBy: actor,
    createdAt: at,
    settlement: { state: 'PENDING', paymentIds: views.map(() => null), posted: false, error: null },
    movements: movements.map((m) => ({
      movementId: m.movementId,
      accountId: m.accountId,
      bookingDate: m.bookingDate,
      amountCents: m.amountCents,
      reference: (m.endToEndId ?? m.reference1 ?? m.description).slice(0, 200) || null,
      // N43 concepto común 03 "Domiciliados / recibos", or a SEPA mandate: a direct debit.
      direct: m.commonConcept === '03' || m.mandateId !== null,
    })),
    learnedRuleId: null,
  };
}

const euros = (cents: number) =>
  `${(cents / 100).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** The audit line of a match: "2 movimientos por 1.210,00 € con F-2025-0007, F-2025-0008". */
export function matchDetail(match: Pick<MatchItem, 'movements' | 'items' | 'movementsTotalCents'>): string {
  const what = match.items
    .map((i) => (i.kind === 'ACCOUNT' ? accountLabel(i.accountCode!) : (i.documentNumber ?? i.label)))
    .join(', ');
  const n = match.movements.length;
  const first = match.movements[0]!;
  const mov = n === 1 ? `Movimiento del ${first.bookingDate}` : `${n} movimientos`;
  return `${mov} por ${euros(match.movementsTotalCents)} con ${what}`;
}
