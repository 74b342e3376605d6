/**
 * The reconciliation matcher (issue 19 item 3; spec part 2 §7 "Bank reconciliation"): for each bank
 * movement, the documents (or payments, or accounts) it most likely is, with a 0-100 score made of
 * explained reasons. Pure and deterministic: the same input gives the same proposals in the same
 * order, whatever the order of the input.
 *
 * Candidates of one movement:
 *  - one document of the movement's direction (money in: issued invoices; out: received invoices):
 *    the amount decides the kind (exact outstanding, one unpaid instalment, within tolerance with the
 *    difference suggested, or a partial payment, only with evidence of who paid); evidence of who
 *    (IBAN, NIF, document number, name) and when (the closest unpaid due date) add up;
 *  - a payment already recorded on a document (by hand) with the same amount near the booking date:
 *    approving only links it;
 *  - a return (N43 concepto común 14, or one of our EndToEndIds `CUADRA-<order>-<nnn>`): the
 *    collection it reverses, to be removed (100 when the EndToEndId names the document);
 *  - several documents of the same party whose outstanding add up to the amount (bounded subset
 *    search), and several movements that together pay one document (partial payments);
 *  - an account, from a learned rule or a built-in recurring movement (recurring.ts).
 * Then one greedy pass, best score first, gives each movement its best proposal such that no document
 * or payment is used twice (nor one the session's matches already use); the rest are alternatives.
 */

import {
  type DifferenceReason,
  type MatchItemView,
  type MovementDirection,
  type OpenItemDirection,
  type Proposal,
  type ProposalReason,
  type ReasonCode,
  reasonLabels,
} from '@shared/schemas/reconciliation';
import { parseEndToEndId } from '../sepa/end-to-end-id';
import {
  accountLabel,
  builtinHits,
  directionOf,
  movementText,
  type RecurringHit,
  ruleHits,
} from './recurring';
import { findSubset } from './subset';
import {
  containsSquashedNumber,
  daysBetween,
  fold,
  nameTokens,
  normalizeIban,
  normalizeNif,
  squash,
} from './text';
import {
  type CandidateItem,
  DEFAULT_MATCHING_OPTIONS,
  type MatchingInput,
  type MatchingMovement,
  type MatchingOptions,
} from './types';

// --- points of each reason (the score is their sum, capped at 100) -------------------------------------

export const POINTS = {
  EXACT_AMOUNT: 45,
  INSTALMENT_AMOUNT: 40,
  AMOUNT_TOLERANCE: 30,
  SUM_OF_DOCUMENTS: 40,
  PARTIAL_PAYMENT: 10,
  PARTIAL_SUM: 40,
  EXISTING_PAYMENT: 45,
  DATE_WINDOW_MAX: 10,
  IBAN: 30,
  NIF: 25,
  DOCUMENT_NUMBER: 35,
  PARTY_NAME_MAX: 20,
  RETURN: 40,
  RETURN_AMOUNT: 20,
  END_TO_END_ID: 60,
} as const;

/** A partial payment is proposed only with this much evidence of who paid (an IBAN, a NIF, a number). */
const PARTIAL_MIN_IDENTITY = 25;
/** A sum of documents is searched only for a party the movement names this strongly. */
const SUM_MIN_IDENTITY = 20;
/** Names alike from this similarity on score (0..1). */
const NAME_MIN_SIMILARITY = 0.5;
/** Returns look back this many days for the collection they reverse. */
const RETURN_LOOKBACK_DAYS = 120;

const reason = (code: ReasonCode, points: number, detail?: string): ProposalReason => ({
  code,
  label: detail ? `${reasonLabels[code]} (${detail})` : reasonLabels[code],
  points,
});

const total = (reasons: readonly ProposalReason[]) =>
  Math.min(
    100,
    reasons.reduce((s, r) => s + r.points, 0),
  );

/** 1.234,56 € (es-ES) without Intl: the matcher labels tens of thousands of candidates. */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')} €`;
}

// --- prepared input ----------------------------------------------------------------------------------

interface PreparedMovement {
  m: MatchingMovement;
  dir: MovementDirection;
  abs: number;
  text: string;
  squashed: string;
  textTokens: Set<string>;
  cpTokens: string[] | null;
  iban: string | null;
  nif: string | null;
  e2e: string | null;
  isReturn: boolean;
  /** partyReasons by `PreparedItem.partyKey` (the same party's documents share them). */
  parties: Map<string, ProposalReason[]>;
}

interface PreparedItem {
  it: CandidateItem;
  key: string;
  party: string;
  /** Everything partyReasons reads of the item: its cache key. */
  partyKey: string;
  /** The document number squashed (text.ts). */
  number: string;
  iban: string | null;
  nif: string | null;
  tokens: string[];
  /** Unpaid due dates (or the next due date, or the issue date). */
  anchors: string[];
  /** What is still owed of each instalment, in due order. */
  instalments: number[];
}

function prepareMovement(m: MatchingMovement): PreparedMovement {
  const text = movementText(m);
  const e2e = m.endToEndId ? m.endToEndId.trim().toUpperCase() : null;
  const ours = e2e !== null && parseEndToEndId(e2e) !== null;
  return {
    m,
    dir: directionOf(m.amountCents),
    abs: Math.abs(m.amountCents),
    text,
    squashed: text.replace(/ /g, ''),
    textTokens: new Set(nameTokens(text)),
    cpTokens: m.counterpartyName ? [...new Set(nameTokens(m.counterpartyName))] : null,
    iban: m.counterpartyIban ? normalizeIban(m.counterpartyIban) : null,
    nif: m.counterpartyNif ? normalizeNif(m.counterpartyNif) : null,
    e2e,
    isReturn: m.amountCents < 0 && (m.commonConcept === '14' || ours || ` ${text} `.includes(' DEVOLUCION ')),
    parties: new Map(),
  };
}

export const documentKey = (kind: 'INV' | 'REC', documentId: string) => `${kind}#${documentId}`;

function prepareItem(it: CandidateItem): PreparedItem {
  const unpaid = it.dueDates.filter((d) => d.amountCents - d.paidCents > 0);
  const nif = it.partyNif ? normalizeNif(it.partyNif) : null;
  const iban = it.partyIban ? normalizeIban(it.partyIban) : null;
  return {
    it,
    key: documentKey(it.kind, it.documentId),
    party: it.partyId ?? (nif ? `NIF:${nif}` : `NAME:${fold(it.partyName)}`),
    partyKey: `${iban ?? ''}|${nif ?? ''}|${it.partyName}`,
    number: squash(it.number),
    iban,
    nif,
    tokens: [...new Set(nameTokens(it.partyName))],
    anchors: unpaid.length > 0 ? unpaid.map((d) => d.dueDate) : [it.nextDueDate ?? it.issueDate],
    instalments: unpaid.map((d) => d.amountCents - d.paidCents),
  };
}

const itemDirection = (dir: MovementDirection): OpenItemDirection =>
  dir === 'IN' ? 'RECEIVABLE' : 'PAYABLE';

// --- evidence ------------------------------------------------------------------------------------------

const sameToken = (x: string, y: string) =>
  x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));

/**
 * How alike the party's name is to who the bank says paid: the Dice coefficient against the
 * counterparty's name when the bank gives one, else the share of the party's words in the text.
 */
function nameScore(pm: PreparedMovement, pi: PreparedItem): number {
  if (pi.tokens.length === 0) return 0;
  if (pm.cpTokens && pm.cpTokens.length > 0) {
    const used = new Set<number>();
    let shared = 0;
    for (const x of pi.tokens) {
      const j = pm.cpTokens.findIndex((y, i) => !used.has(i) && sameToken(x, y));
      if (j >= 0) {
        used.add(j);
        shared++;
      }
    }
    return (2 * shared) / (pi.tokens.length + pm.cpTokens.length);
  }
  let found = 0;
  for (const x of pi.tokens) {
    if (pm.textTokens.has(x)) found++;
    else
      for (const y of pm.textTokens)
        if (sameToken(x, y)) {
          found++;
          break;
        }
  }
  return found / pi.tokens.length;
}

/** Evidence that the movement's counterparty is the document's party (IBAN, NIF, name), once per party. */
function partyReasons(pm: PreparedMovement, pi: PreparedItem): ProposalReason[] {
  const cached = pm.parties.get(pi.partyKey);
  if (cached) return cached;
  const out = computePartyReasons(pm, pi);
  pm.parties.set(pi.partyKey, out);
  return out;
}

function computePartyReasons(pm: PreparedMovement, pi: PreparedItem): ProposalReason[] {
  const out: ProposalReason[] = [];
  if (pi.iban && pm.iban && pi.iban === pm.iban) out.push(reason('IBAN', POINTS.IBAN));
  if (pi.nif && pi.nif.length >= 8 && (pm.nif === pi.nif || pm.squashed.includes(pi.nif))) {
    out.push(reason('NIF', POINTS.NIF, pi.it.partyNif ?? undefined));
  }
  const sim = nameScore(pm, pi);
  if (sim >= NAME_MIN_SIMILARITY) {
    out.push(reason('PARTY_NAME', Math.round(POINTS.PARTY_NAME_MAX * Math.min(1, sim)), pi.it.partyName));
  }
  return out;
}

function numberReason(pm: PreparedMovement, items: readonly PreparedItem[]): ProposalReason | null {
  const found = items.filter((pi) => containsSquashedNumber(pm.squashed, pi.number));
  if (found.length === 0) return null;
  return reason('DOCUMENT_NUMBER', POINTS.DOCUMENT_NUMBER, found.map((pi) => pi.it.number).join(', '));
}

function dateReason(booking: string, anchors: readonly string[], window: number): ProposalReason | null {
  let best = Number.POSITIVE_INFINITY;
  for (const a of anchors) best = Math.min(best, Math.abs(daysBetween(a, booking)));
  if (best > window) return null;
  const points = Math.max(1, Math.round(POINTS.DATE_WINDOW_MAX * (1 - best / window)));
  return reason('DATE_WINDOW', points, best === 1 ? '1 día' : `${best} días`);
}

/** How a difference is suggested: small ones are rounding; a shortfall of the bank is a fee. */
export function suggestDifference(
  dir: MovementDirection,
  differenceCents: number,
): { reason: DifferenceReason; accountCode: string } {
  // The bank got less (in) or paid more (out) than the documents: a loss.
  const loss = (dir === 'IN' && differenceCents < 0) || (dir === 'OUT' && differenceCents > 0);
  if (Math.abs(differenceCents) <= 100) return { reason: 'ROUNDING', accountCode: loss ? '659' : '759' };
  return loss ? { reason: 'BANK_FEE', accountCode: '626' } : { reason: 'OTHER', accountCode: '759' };
}

// --- item views -------------------------------------------------------------------------------------------

function documentItem(pi: PreparedItem, amountCents: number): MatchItemView {
  return {
    kind: pi.it.kind,
    effect: 'RECORD',
    documentKind: pi.it.kind,
    documentId: pi.it.documentId,
    paymentId: null,
    accountCode: null,
    amountCents,
    label: `${pi.it.number} · ${pi.it.partyName}`,
    documentNumber: pi.it.number,
    partyName: pi.it.partyName,
    outstandingCents: pi.it.outstandingCents,
    dueDate: pi.it.nextDueDate,
  };
}

function paymentItem(
  pi: PreparedItem,
  payment: CandidateItem['payments'][number],
  effect: 'LINK' | 'REMOVE',
): MatchItemView {
  const what = effect === 'REMOVE' ? 'Devolución del cobro' : 'Cobro/pago registrado';
  return {
    kind: 'PAYMENT',
    effect,
    documentKind: pi.it.kind,
    documentId: pi.it.documentId,
    paymentId: payment.paymentId,
    accountCode: null,
    amountCents: payment.amountCents,
    label: `${what} del ${payment.date} · ${pi.it.number} · ${pi.it.partyName}`,
    documentNumber: pi.it.number,
    partyName: pi.it.partyName,
    outstandingCents: pi.it.outstandingCents,
    dueDate: pi.it.nextDueDate,
  };
}

export function accountItem(accountCode: string, amountCents: number, label?: string): MatchItemView {
  return {
    kind: 'ACCOUNT',
    effect: 'POST',
    documentKind: null,
    documentId: null,
    paymentId: null,
    accountCode,
    amountCents,
    label: label ? `${accountCode} · ${label}` : accountLabel(accountCode),
    documentNumber: null,
    partyName: null,
    outstandingCents: null,
    dueDate: null,
  };
}

// --- candidates ---------------------------------------------------------------------------------------------

interface Candidate {
  movementIds: string[];
  documents: string[];
  payments: string[];
  score: number;
  reasons: ProposalReason[];
  items: MatchItemView[];
  differenceCents: number;
  difference: Proposal['difference'];
  ruleId: string | null;
  /** Documents before accounts on a tie (a document is evidence; an account a guess). */
  rank: number;
  tie: string;
}

function candidate(
  pms: readonly PreparedMovement[],
  reasons: ProposalReason[],
  items: MatchItemView[],
  extra: { difference?: Proposal['difference']; ruleId?: string | null; rank?: number } = {},
): Candidate {
  const abs = Math.abs(pms.reduce((s, p) => s + p.m.amountCents, 0));
  const movementIds = pms.map((p) => p.m.movementId).sort();
  const documents = items
    .filter((i) => i.kind === 'INV' || i.kind === 'REC')
    .map((i) => documentKey(i.documentKind!, i.documentId!));
  const payments = items.filter((i) => i.kind === 'PAYMENT').map((i) => i.paymentId!);
  const sortedReasons = [...reasons].sort((a, b) => b.points - a.points || a.code.localeCompare(b.code));
  return {
    movementIds,
    documents,
    payments,
    score: total(reasons),
    reasons: sortedReasons,
    items,
    differenceCents: abs - items.reduce((s, i) => s + i.amountCents, 0),
    difference: extra.difference ?? null,
    ruleId: extra.ruleId ?? null,
    rank: extra.rank ?? 0,
    tie: `${movementIds.join(',')}|${items.map((i) => `${i.documentId ?? ''}:${i.paymentId ?? ''}:${i.accountCode ?? ''}`).join(',')}`,
  };
}

interface Context {
  o: MatchingOptions;
  items: PreparedItem[];
  byDirection: Record<OpenItemDirection, PreparedItem[]>;
  byKey: Map<string, PreparedItem>;
  reconciled: ReadonlySet<string>;
  usedDocuments: ReadonlySet<string>;
  usedPayments: ReadonlySet<string>;
  input: MatchingInput;
}

function tolerance(o: MatchingOptions, outstanding: number): number {
  return Math.min(o.toleranceCents, Math.max(100, Math.floor((outstanding * o.toleranceBp) / 10_000)));
}

/** Settles one document with one movement (exact, instalment, tolerance, partial). */
function singleDocument(ctx: Context, pm: PreparedMovement, pi: PreparedItem): Candidate | null {
  const it = pi.it;
  if (it.status !== 'OPEN' || it.outstandingCents <= 0 || it.issueDate > pm.m.bookingDate) return null;
  if (ctx.usedDocuments.has(pi.key)) return null;
  let amountReason: ProposalReason;
  let itemAmount = pm.abs;
  let difference: Proposal['difference'] = null;
  const gap = pm.abs - it.outstandingCents;
  if (gap === 0) amountReason = reason('EXACT_AMOUNT', POINTS.EXACT_AMOUNT, euros(pm.abs));
  else if (pi.instalments.length > 1 && pi.instalments.includes(pm.abs)) {
    amountReason = reason('INSTALMENT_AMOUNT', POINTS.INSTALMENT_AMOUNT, euros(pm.abs));
  } else if (Math.abs(gap) <= tolerance(ctx.o, it.outstandingCents)) {
    amountReason = reason('AMOUNT_TOLERANCE', POINTS.AMOUNT_TOLERANCE, `diferencia ${euros(gap)}`);
    itemAmount = it.outstandingCents;
    difference = suggestDifference(pm.dir, gap);
  } else if (gap < 0) {
    amountReason = reason(
      'PARTIAL_PAYMENT',
      POINTS.PARTIAL_PAYMENT,
      `${euros(pm.abs)} de ${euros(it.outstandingCents)}`,
    );
  } else return null;
  const identity = [...partyReasons(pm, pi)];
  const num = numberReason(pm, [pi]);
  if (num) identity.push(num);
  const identityPoints = identity.reduce((s, r) => s + r.points, 0);
  if (amountReason.code === 'PARTIAL_PAYMENT' && identityPoints < PARTIAL_MIN_IDENTITY) return null;
  const reasons = [amountReason, ...identity];
  const date = dateReason(pm.m.bookingDate, pi.anchors, ctx.o.dateWindowDays);
  if (date) reasons.push(date);
  return candidate([pm], reasons, [documentItem(pi, itemAmount)], { difference });
}

/** A payment recorded by hand that this movement is (LINK). */
function existingPayments(ctx: Context, pm: PreparedMovement, pi: PreparedItem): Candidate[] {
  const out: Candidate[] = [];
  for (const p of pi.it.payments) {
    if (p.amountCents !== pm.abs || ctx.reconciled.has(p.paymentId) || ctx.usedPayments.has(p.paymentId))
      continue;
    const days = Math.abs(daysBetween(p.date, pm.m.bookingDate));
    if (days > ctx.o.paymentWindowDays) continue;
    const reasons = [
      reason('EXISTING_PAYMENT', POINTS.EXISTING_PAYMENT, `${p.date}, ${euros(p.amountCents)}`),
      reason(
        'DATE_WINDOW',
        Math.max(1, Math.round(POINTS.DATE_WINDOW_MAX * (1 - days / ctx.o.paymentWindowDays))),
        days === 1 ? '1 día' : `${days} días`,
      ),
      ...partyReasons(pm, pi),
    ];
    const num = numberReason(pm, [pi]);
    if (num) reasons.push(num);
    out.push(candidate([pm], reasons, [paymentItem(pi, p, 'LINK')]));
  }
  return out;
}

/** A returned direct debit: the collection it reverses (REMOVE). */
function returns(ctx: Context, pm: PreparedMovement): Candidate[] {
  if (!pm.isReturn) return [];
  const out: Candidate[] = [];
  const target = pm.e2e ? ctx.input.endToEnd?.get(pm.e2e) : undefined;
  const collected = (pi: PreparedItem) =>
    pi.it.payments
      .filter(
        (p) =>
          p.amountCents === pm.abs &&
          !ctx.usedPayments.has(p.paymentId) &&
          p.date <= pm.m.bookingDate &&
          daysBetween(p.date, pm.m.bookingDate) <= RETURN_LOOKBACK_DAYS,
      )
      .sort((a, b) => b.date.localeCompare(a.date) || a.paymentId.localeCompare(b.paymentId));
  if (target) {
    const pi = ctx.byKey.get(documentKey(target.kind, target.documentId));
    const p = pi ? collected(pi)[0] : undefined;
    if (pi && p) {
      out.push(
        candidate(
          [pm],
          [
            reason('RETURN', POINTS.RETURN),
            reason('END_TO_END_ID', POINTS.END_TO_END_ID, pm.e2e ?? undefined),
          ],
          [paymentItem(pi, p, 'REMOVE')],
        ),
      );
      return out;
    }
  }
  for (const pi of ctx.byDirection.RECEIVABLE) {
    for (const p of collected(pi).slice(0, 1)) {
      const reasons = [
        reason('RETURN', POINTS.RETURN),
        {
          code: 'EXACT_AMOUNT' as const,
          label: `Importe igual al cobro devuelto (${euros(p.amountCents)})`,
          points: POINTS.RETURN_AMOUNT,
        },
        ...partyReasons(pm, pi),
      ];
      const num = numberReason(pm, [pi]);
      if (num) reasons.push(num);
      out.push(candidate([pm], reasons, [paymentItem(pi, p, 'REMOVE')]));
    }
  }
  return out;
}

const dueOrder = (a: PreparedItem, b: PreparedItem) =>
  (a.it.nextDueDate ?? a.it.issueDate).localeCompare(b.it.nextDueDate ?? b.it.issueDate) ||
  a.it.number.localeCompare(b.it.number) ||
  a.key.localeCompare(b.key);

/** One movement paying several documents of one party (their outstanding adds up to the amount). */
function sumsOfDocuments(ctx: Context, pm: PreparedMovement): Candidate[] {
  const groups = new Map<string, PreparedItem[]>();
  for (const pi of ctx.byDirection[itemDirection(pm.dir)]) {
    const it = pi.it;
    if (it.status !== 'OPEN' || it.outstandingCents <= 0 || it.outstandingCents >= pm.abs) continue;
    if (it.issueDate > pm.m.bookingDate || ctx.usedDocuments.has(pi.key)) continue;
    const g = groups.get(pi.party);
    if (g) g.push(pi);
    else groups.set(pi.party, [pi]);
  }
  const out: Candidate[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const party = partyReasons(pm, group[0]!);
    const partyPoints = party.reduce((s, r) => s + r.points, 0);
    const num = numberReason(pm, group);
    if (partyPoints < SUM_MIN_IDENTITY && !num) continue;
    group.sort(dueOrder);
    const chosen = findSubset(
      group.map((pi) => pi.it.outstandingCents),
      pm.abs,
    );
    if (!chosen) continue;
    const picked = chosen.map((i) => group[i]!);
    const reasons = [
      reason('SUM_OF_DOCUMENTS', POINTS.SUM_OF_DOCUMENTS, `${picked.length} facturas`),
      ...party,
    ];
    const pickedNum = numberReason(pm, picked);
    if (pickedNum) reasons.push(pickedNum);
    const date = dateReason(
      pm.m.bookingDate,
      picked.flatMap((pi) => pi.anchors),
      ctx.o.dateWindowDays,
    );
    if (date) reasons.push(date);
    out.push(
      candidate(
        [pm],
        reasons,
        picked.map((pi) => documentItem(pi, pi.it.outstandingCents)),
      ),
    );
  }
  return out;
}

/** Several movements paying one document between them (partial payments). */
function partialSums(ctx: Context, pms: readonly PreparedMovement[]): Candidate[] {
  const out: Candidate[] = [];
  for (const pi of ctx.items) {
    const it = pi.it;
    if (it.status !== 'OPEN' || it.outstandingCents <= 0 || ctx.usedDocuments.has(pi.key)) continue;
    const dir: MovementDirection = it.direction === 'RECEIVABLE' ? 'IN' : 'OUT';
    const evidence = new Map<string, ProposalReason[]>();
    const eligible = pms
      .filter((pm) => pm.dir === dir && pm.abs < it.outstandingCents && it.issueDate <= pm.m.bookingDate)
      .filter((pm) => {
        const ev = [...partyReasons(pm, pi)];
        const num = numberReason(pm, [pi]);
        if (num) ev.push(num);
        if (ev.reduce((s, r) => s + r.points, 0) < PARTIAL_MIN_IDENTITY) return false;
        evidence.set(pm.m.movementId, ev);
        return true;
      })
      .sort(
        (a, b) =>
          a.m.bookingDate.localeCompare(b.m.bookingDate) || a.m.movementId.localeCompare(b.m.movementId),
      );
    if (eligible.length < 2) continue;
    const chosen = findSubset(
      eligible.map((pm) => pm.abs),
      it.outstandingCents,
      { minSize: 2, maxSize: 6, maxNodes: 5_000 },
    );
    if (!chosen) continue;
    const picked = chosen.map((i) => eligible[i]!);
    // The weakest movement's evidence: every one of them must be the party's.
    const weakest = picked
      .map((pm) => evidence.get(pm.m.movementId)!)
      .sort((a, b) => a.reduce((s, r) => s + r.points, 0) - b.reduce((s, r) => s + r.points, 0))[0]!;
    const reasons = [
      reason('PARTIAL_PAYMENT', POINTS.PARTIAL_SUM, `${picked.length} pagos suman el pendiente`),
      ...weakest,
    ];
    const date = dateReason(picked.at(-1)!.m.bookingDate, pi.anchors, ctx.o.dateWindowDays);
    if (date) reasons.push(date);
    out.push(candidate(picked, reasons, [documentItem(pi, it.outstandingCents)]));
  }
  return out;
}

function accounts(ctx: Context, pm: PreparedMovement): Candidate[] {
  const hits: RecurringHit[] = [...ruleHits(ctx.input.rules, pm.m, pm.text), ...builtinHits(pm.m, pm.text)];
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const h of hits) {
    if (seen.has(h.accountCode)) continue;
    seen.add(h.accountCode);
    out.push(
      candidate(
        [pm],
        [{ code: h.reason, label: `${reasonLabels[h.reason]}: ${h.label}`, points: h.points }],
        [accountItem(h.accountCode, pm.abs, h.ruleId ? h.label : undefined)],
        { ruleId: h.ruleId, rank: 1 },
      ),
    );
  }
  return out;
}

function prepare(input: MatchingInput): Context {
  const o = { ...DEFAULT_MATCHING_OPTIONS, ...input.options };
  const items = input.items.map(prepareItem).sort((a, b) => a.key.localeCompare(b.key));
  return {
    o,
    items,
    byDirection: {
      RECEIVABLE: items.filter((pi) => pi.it.direction === 'RECEIVABLE'),
      PAYABLE: items.filter((pi) => pi.it.direction === 'PAYABLE'),
    },
    byKey: new Map(items.map((pi) => [pi.key, pi])),
    reconciled: input.reconciledPaymentIds ?? new Set(),
    usedDocuments: input.usedDocuments ?? new Set(),
    usedPayments: input.usedPayments ?? new Set(),
    input,
  };
}

function candidatesOf(ctx: Context, pm: PreparedMovement): Candidate[] {
  const out: Candidate[] = [...returns(ctx, pm)];
  if (!pm.isReturn || out.length === 0) {
    for (const pi of ctx.byDirection[itemDirection(pm.dir)]) {
      const c = singleDocument(ctx, pm, pi);
      if (c) out.push(c);
      out.push(...existingPayments(ctx, pm, pi));
    }
    out.push(...sumsOfDocuments(ctx, pm));
  }
  out.push(...accounts(ctx, pm));
  return out.filter((c) => c.score >= ctx.o.alternativeMinScore);
}

const byPreference = (a: Candidate, b: Candidate) =>
  b.score - a.score || a.rank - b.rank || a.items.length - b.items.length || a.tie.localeCompare(b.tie);

const toProposal = (c: Candidate, movementId: string): Proposal => ({
  movementId,
  movementIds: c.movementIds,
  score: c.score,
  reasons: c.reasons,
  items: c.items,
  differenceCents: c.differenceCents,
  difference: c.difference,
  ruleId: c.ruleId,
});

export interface MovementProposals {
  proposal: Proposal | null;
  alternatives: Proposal[];
}

/**
 * Every movement's best proposal (score ≥ `proposalMinScore`, no document or payment used twice, the
 * best score served first) and up to `maxAlternatives` others, keyed by movement id.
 */
export function proposeMatches(input: MatchingInput): Map<string, MovementProposals> {
  const ctx = prepare(input);
  const pms = [...input.movements]
    .sort((a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.movementId.localeCompare(b.movementId))
    .map(prepareMovement);
  const all: Candidate[] = [];
  for (const pm of pms) all.push(...candidatesOf(ctx, pm));
  all.push(...partialSums(ctx, pms).filter((c) => c.score >= ctx.o.alternativeMinScore));
  all.sort(byPreference);

  const best = new Map<string, Candidate>();
  const takenDocs = new Set<string>();
  const takenPayments = new Set<string>();
  for (const c of all) {
    if (c.score < ctx.o.proposalMinScore) break;
    if (c.movementIds.some((id) => best.has(id))) continue;
    if (c.documents.some((d) => takenDocs.has(d)) || c.payments.some((p) => takenPayments.has(p))) continue;
    for (const id of c.movementIds) best.set(id, c);
    for (const d of c.documents) takenDocs.add(d);
    for (const p of c.payments) takenPayments.add(p);
  }

  // Each movement's candidates, best first (the order of `all`).
  const byMovement = new Map<string, Candidate[]>();
  for (const c of all) {
    for (const id of c.movementIds) {
      const list = byMovement.get(id);
      if (list) list.push(c);
      else byMovement.set(id, [c]);
    }
  }
  const result = new Map<string, MovementProposals>();
  for (const pm of pms) {
    const id = pm.m.movementId;
    const chosen = best.get(id) ?? null;
    const mine = new Set([...(chosen?.documents ?? []), ...(chosen?.payments ?? [])]);
    const alternatives: Proposal[] = [];
    const shown = new Set<string>(chosen ? [chosen.tie] : []);
    for (const c of byMovement.get(id) ?? []) {
      if (alternatives.length >= ctx.o.maxAlternatives) break;
      if (c === chosen || shown.has(c.tie)) continue;
      // Never offer a document another movement's proposal already takes.
      if (c.documents.some((d) => takenDocs.has(d) && !mine.has(d))) continue;
      if (c.payments.some((p) => takenPayments.has(p) && !mine.has(p))) continue;
      shown.add(c.tie);
      alternatives.push(toProposal(c, id));
    }
    result.set(id, { proposal: chosen ? toProposal(chosen, id) : null, alternatives });
  }
  return result;
}

/**
 * The matcher's single-document score of each candidate for one movement (the manual match's
 * search ranks by it): the best of settling it, linking one of its payments or reversing one.
 */
export function scoreCandidates(
  input: MatchingInput,
  movement: MatchingMovement,
): Map<string, { score: number; reasons: ProposalReason[] }> {
  const ctx = prepare(input);
  const pm = prepareMovement(movement);
  const out = new Map<string, { score: number; reasons: ProposalReason[] }>();
  const keep = (key: string, c: Candidate) => {
    const prev = out.get(key);
    if (!prev || c.score > prev.score) out.set(key, { score: c.score, reasons: c.reasons });
  };
  for (const c of returns(ctx, pm)) keep(documentKey(c.items[0]!.documentKind!, c.items[0]!.documentId!), c);
  for (const pi of ctx.byDirection[itemDirection(pm.dir)]) {
    const single = singleDocument({ ...ctx, usedDocuments: new Set() }, pm, pi);
    if (single) keep(pi.key, single);
    for (const c of existingPayments({ ...ctx, usedPayments: new Set() }, pm, pi)) keep(pi.key, c);
    if (!out.has(pi.key)) {
      const evidence = [...partyReasons(pm, pi)];
      const num = numberReason(pm, [pi]);
      if (num) evidence.push(num);
      if (evidence.length > 0) out.set(pi.key, { score: total(evidence), reasons: evidence });
    }
  }
  return out;
}
