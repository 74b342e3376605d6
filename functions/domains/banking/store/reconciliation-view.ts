/**
 * What a reconciliation session looks like when read (issue 19 item 3): its movements, matches,
 * audit and the matcher's proposals, computed on read from the current state (the open items, the
 * rules, the session's matches), so they are always current and, the matcher being deterministic,
 * the same on every read of the same state. Accepting a proposal computes them the same way.
 */

import {
  AUTO_ACCEPT_MIN_SCORE,
  type ReconciliationSession,
  type SessionDetail,
  type SessionMovement,
  type SessionStats,
  sessionStatusLabels,
} from '@shared/schemas/reconciliation';
import { documentKey, type EndToEndTarget, type MovementProposals, proposeMatches } from '../model/matching';
import { parseEndToEndId } from '../model/sepa/end-to-end-id';
import type { BankingDeps } from './deps';
import type { BankMovementItem, OpenItem } from './items';
import { listMovements } from './movements';
import { listOpenItems } from './open-items';
import {
  listAudit,
  listMatches,
  type MatchItem,
  reconciledPaymentIds,
  requireSession,
  type SessionItem,
} from './reconciliation';
import { listRules, type RuleItem } from './rules';
import { getPaymentOrder } from './sepa';

export interface SessionContext {
  session: SessionItem;
  movements: BankMovementItem[];
  matches: MatchItem[];
  items: OpenItem[];
  rules: RuleItem[];
  reconciled: Set<string>;
  endToEnd: Map<string, EndToEndTarget>;
}

/** The documents of orders whose EndToEndIds the movements carry (returns name their collection by it). */
async function endToEndTargets(
  deps: BankingDeps,
  companyId: string,
  movements: readonly BankMovementItem[],
): Promise<Map<string, EndToEndTarget>> {
  const orderIds = new Set<string>();
  for (const m of movements) {
    const parsed = m.endToEndId ? parseEndToEndId(m.endToEndId) : null;
    if (parsed) orderIds.add(parsed.orderId);
  }
  const out = new Map<string, EndToEndTarget>();
  for (const orderId of [...orderIds].sort()) {
    const order = await getPaymentOrder(deps, companyId, orderId).catch(() => null);
    for (const it of order?.items ?? []) {
      out.set(it.endToEndId.toUpperCase(), { kind: it.documentKind, documentId: it.documentId });
    }
  }
  return out;
}

export async function loadSessionContext(
  deps: BankingDeps,
  companyId: string,
  sessionId: string,
  options: { candidates?: boolean } = { candidates: true },
): Promise<SessionContext> {
  const session = await requireSession(deps, companyId, sessionId);
  const inSession = new Set(session.movementIds);
  const [listing, matches] = await Promise.all([
    listMovements(deps, companyId, session.accountId, {
      from: session.fromDate,
      to: session.toDate,
      order: 'asc',
    }),
    listMatches(deps, companyId, sessionId),
  ]);
  const movements = listing.items.filter((m) => inSession.has(m.movementId));
  if (options.candidates === false) {
    return { session, movements, matches, items: [], rules: [], reconciled: new Set(), endToEnd: new Map() };
  }
  const [items, rules, reconciled, endToEnd] = await Promise.all([
    listOpenItems(deps, companyId).then((all) =>
      all.filter((i) => i.status === 'OPEN' || i.status === 'PAID'),
    ),
    listRules(deps, companyId),
    reconciledPaymentIds(deps, companyId),
    endToEndTargets(deps, companyId, movements),
  ]);
  return { session, movements, matches, items, rules, reconciled, endToEnd };
}

export function matchedMovementIds(matches: readonly MatchItem[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of matches) for (const id of m.movementIds) out.set(id, m.matchId);
  return out;
}

export function usedByMatches(matches: readonly MatchItem[]): {
  documents: Set<string>;
  payments: Set<string>;
} {
  const documents = new Set<string>();
  const payments = new Set<string>();
  for (const m of matches) {
    for (const it of m.items) {
      if ((it.kind === 'INV' || it.kind === 'REC') && it.documentId)
        documents.add(documentKey(it.kind, it.documentId));
      if (it.kind === 'PAYMENT' && it.paymentId) payments.add(it.paymentId);
    }
  }
  return { documents, payments };
}

/** The proposals of the session's movements still to match (none once the session is no longer in progress). */
export function proposalsOf(ctx: SessionContext): Map<string, MovementProposals> {
  if (ctx.session.status !== 'IN_PROGRESS') return new Map();
  const matched = matchedMovementIds(ctx.matches);
  const used = usedByMatches(ctx.matches);
  return proposeMatches({
    movements: ctx.movements.filter(
      (m) => !matched.has(m.movementId) && m.reconciliation.status !== 'MATCHED',
    ),
    items: ctx.items,
    rules: ctx.rules,
    reconciledPaymentIds: ctx.reconciled,
    usedDocuments: used.documents,
    usedPayments: used.payments,
    endToEnd: ctx.endToEnd,
  });
}

export function sessionStats(
  session: SessionItem,
  movements: readonly Pick<BankMovementItem, 'movementId' | 'amountCents'>[],
  matches: readonly MatchItem[],
  proposals: ReadonlyMap<string, MovementProposals>,
): SessionStats {
  const matched = matchedMovementIds(matches);
  const left = new Set(session.leftMovementIds);
  const s: SessionStats = {
    movementCount: movements.length,
    matchedCount: 0,
    proposedCount: 0,
    unmatchedCount: 0,
    leftCount: 0,
    autoAcceptableCount: 0,
    inCents: 0,
    outCents: 0,
    matchedInCents: 0,
    matchedOutCents: 0,
  };
  for (const m of movements) {
    if (m.amountCents >= 0) s.inCents += m.amountCents;
    else s.outCents += -m.amountCents;
    if (matched.has(m.movementId)) {
      s.matchedCount++;
      if (m.amountCents >= 0) s.matchedInCents += m.amountCents;
      else s.matchedOutCents += -m.amountCents;
      continue;
    }
    if (left.has(m.movementId)) {
      s.leftCount++;
      continue;
    }
    const p = proposals.get(m.movementId)?.proposal;
    if (p) {
      s.proposedCount++;
      if (p.score >= AUTO_ACCEPT_MIN_SCORE) s.autoAcceptableCount++;
    } else s.unmatchedCount++;
  }
  return s;
}

export function sessionView(session: SessionItem, stats: SessionStats): ReconciliationSession {
  return {
    sessionId: session.sessionId,
    accountId: session.accountId,
    accountAlias: session.accountAlias,
    iban: session.iban,
    accountingAccountCode: session.accountingAccountCode,
    fromDate: session.fromDate,
    toDate: session.toDate,
    status: session.status,
    statusLabel: sessionStatusLabels[session.status],
    stats,
    createdBy: session.createdBy,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    completedAt: session.completedAt,
    completedBy: session.completedBy,
    approvedAt: session.approvedAt,
    approvedBy: session.approvedBy,
    cancelledAt: session.cancelledAt,
    cancelledBy: session.cancelledBy,
    cancelReason: session.cancelReason,
    approvalError: session.approvalError,
  };
}

/** A session's stats without the matcher (lists): the proposals are not counted. */
export function listedSessionView(session: SessionItem): ReconciliationSession {
  return sessionView(session, {
    movementCount: session.movementIds.length,
    matchedCount: 0,
    proposedCount: 0,
    unmatchedCount: 0,
    leftCount: session.leftMovementIds.length,
    autoAcceptableCount: 0,
    inCents: 0,
    outCents: 0,
    matchedInCents: 0,
    matchedOutCents: 0,
  });
}

export const matchView = (m: MatchItem) => {
  const { entity: _e, schemaVersion: _v, companyId: _c, movements: _m, learnedRuleId: _r, ...view } = m;
  return view;
};

function movementView(
  m: BankMovementItem,
  status: SessionMovement['status'],
  matchId: string | null,
  p: MovementProposals | undefined,
): SessionMovement {
  return {
    movementId: m.movementId,
    bookingDate: m.bookingDate,
    valueDate: m.valueDate,
    amountCents: m.amountCents,
    direction: m.amountCents >= 0 ? 'IN' : 'OUT',
    description: m.description,
    counterpartyName: m.counterpartyName,
    counterpartyIban: m.counterpartyIban,
    commonConcept: m.commonConcept,
    reference1: m.reference1,
    reference2: m.reference2,
    endToEndId: m.endToEndId,
    status,
    matchId,
    proposal: status === 'PROPOSED' ? (p?.proposal ?? null) : null,
    alternatives: status === 'PROPOSED' || status === 'UNMATCHED' ? (p?.alternatives ?? []) : [],
  };
}

export async function sessionDetail(deps: BankingDeps, ctx: SessionContext): Promise<SessionDetail> {
  const proposals = proposalsOf(ctx);
  const matched = matchedMovementIds(ctx.matches);
  const left = new Set(ctx.session.leftMovementIds);
  const movements = ctx.movements.map((m) => {
    const matchId = matched.get(m.movementId) ?? null;
    const p = proposals.get(m.movementId);
    const status: SessionMovement['status'] = matchId
      ? 'MATCHED'
      : left.has(m.movementId)
        ? 'LEFT'
        : p?.proposal
          ? 'PROPOSED'
          : 'UNMATCHED';
    return movementView(m, status, matchId, p);
  });
  const audit = await listAudit(deps, ctx.session.companyId, ctx.session.sessionId);
  return {
    session: sessionView(ctx.session, sessionStats(ctx.session, ctx.movements, ctx.matches, proposals)),
    movements,
    matches: ctx.matches.map(matchView),
    audit: audit.sort((a, b) => b.at.localeCompare(a.at) || b.eventId.localeCompare(a.eventId)),
  };
}
