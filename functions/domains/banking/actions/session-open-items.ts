import { defineCompanyAction } from '@functions/platform/http';
import { matchesSearch } from '@shared/api/listing';
import {
  type OpenItemCandidate,
  type SessionOpenItems,
  SessionOpenItemsQuery,
  SessionPath,
} from '@shared/schemas/reconciliation';
import { documentKey, scoreCandidates } from '../model/matching';
import type { BankingDeps } from '../store/deps';
import { loadSessionContext, usedByMatches } from '../store/reconciliation-view';

const LIMIT = 200;

/**
 * GET …/sessions/{sessionId}/open-items?search=&direction=&movementId=: what a movement may be
 * matched with by hand: the open documents (and the paid ones whose payments are not reconciled:
 * LINK and return targets), searched by number, party, NIF or amount; with `movementId`, ranked by the
 * matcher's score for that movement and in the direction its sign calls for.
 */
export const sessionOpenItemsRoute = defineCompanyAction({
  params: SessionPath,
  query: SessionOpenItemsQuery,
  run: async ({ scope, params, query }, deps: BankingDeps): Promise<SessionOpenItems> => {
    const ctx = await loadSessionContext(deps, scope.companyId, params.sessionId);
    const movement = query.movementId
      ? ctx.movements.find((m) => m.movementId === query.movementId)
      : undefined;
    const direction =
      query.direction ?? (movement ? (movement.amountCents >= 0 ? 'RECEIVABLE' : 'PAYABLE') : undefined);
    const used = usedByMatches(ctx.matches);
    const scores = movement
      ? scoreCandidates(
          {
            movements: [],
            items: ctx.items,
            rules: [],
            reconciledPaymentIds: ctx.reconciled,
            endToEnd: ctx.endToEnd,
          },
          movement,
        )
      : new Map();
    const returning = movement !== undefined && movement.amountCents < 0;
    const candidates: OpenItemCandidate[] = ctx.items
      // A return (money out) may reverse a collection: receivables stay in its list.
      .filter(
        (i) =>
          !direction ||
          i.direction === direction ||
          (returning && i.kind === 'INV' && query.direction === undefined),
      )
      .map((i) => ({
        ...i,
        payments: i.payments.filter(
          (p) => !ctx.reconciled.has(p.paymentId) || (returning && i.kind === 'INV'),
        ),
      }))
      .filter((i) => i.status === 'OPEN' || i.payments.length > 0)
      .filter((i) =>
        matchesSearch(
          query.search,
          i.number,
          i.partyName,
          i.partyNif ?? undefined,
          (i.outstandingCents / 100).toFixed(2).replace('.', ','),
          (i.totalCents / 100).toFixed(2).replace('.', ','),
        ),
      )
      .map((i) => {
        const key = documentKey(i.kind, i.documentId);
        const s = scores.get(key);
        return {
          kind: i.kind,
          direction: i.direction,
          documentId: i.documentId,
          number: i.number,
          issueDate: i.issueDate,
          partyName: i.partyName,
          partyNif: i.partyNif,
          partyIban: i.partyIban,
          totalCents: i.totalCents,
          outstandingCents: i.outstandingCents,
          nextDueDate: i.nextDueDate,
          dueDates: i.dueDates,
          payments: i.payments,
          status: i.status === 'PAID' ? 'PAID' : 'OPEN',
          usedInSession: used.documents.has(key),
          score: s ? s.score : movement ? 0 : null,
          reasons: s ? s.reasons : [],
        } satisfies OpenItemCandidate;
      })
      .sort(
        (a, b) =>
          (b.score ?? 0) - (a.score ?? 0) ||
          (a.nextDueDate ?? a.issueDate).localeCompare(b.nextDueDate ?? b.issueDate) ||
          a.number.localeCompare(b.number),
      );
    return { items: candidates.slice(0, LIMIT), truncated: candidates.length > LIMIT };
  },
});
