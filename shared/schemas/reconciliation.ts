/**
 * Contracts of bank reconciliation (issue 19 item 3; spec part 2 §7 "Bank reconciliation"): the
 * sessions (an account and a date range), the proposals the matcher computes for each movement, the
 * matches the user accepts or builds by hand, the approval that settles the documents and posts the
 * differences, and the rules the matcher learns.
 *
 * Lifecycle of a session: IN_PROGRESS (start) -> COMPLETED (every movement matched, or the unmatched
 * ones explicitly left for a later session) -> APPROVED (banking.manage: the documents are settled,
 * the differences and account assignments posted, the movements marked MATCHED). IN_PROGRESS and
 * COMPLETED may be CANCELLED (the movements are released). One open session (IN_PROGRESS or
 * COMPLETED) per bank account.
 *
 * Money is integer céntimos. Movement amounts are signed (+ in, − out); match item amounts are
 * absolute, in the direction of the match's movements. Pure: the web's forms validate with the same
 * schemas.
 */

import * as z from 'zod';
import { Id, IsoDate, PageQuery } from './common';
import { safeText } from './text';

// --- messages and constants -------------------------------------------------------------------------

export const reconciliationMessages = {
  sessionNotFound: 'La sesión de conciliación no existe',
  matchNotFound: 'La conciliación no existe',
  ruleNotFound: 'La regla no existe',
  accountNotFound: 'La cuenta bancaria no existe',
  openSessionExists: 'Ya hay una sesión de conciliación abierta para esta cuenta',
  dateRange: 'La fecha final no puede ser anterior a la inicial',
  rangeTooLong: 'El periodo de una sesión no puede superar 366 días',
  noMovements: 'No hay movimientos pendientes de conciliar en ese periodo',
  notInProgress: 'La sesión no está en curso',
  notCompleted: 'La sesión no está completada: complétala antes de aprobarla',
  alreadyApproved: 'La sesión ya está aprobada',
  cancelled: 'La sesión está cancelada',
  movementNotInSession: 'El movimiento no pertenece a esta sesión',
  movementAlreadyMatched: 'El movimiento ya está conciliado',
  mixedDirections: 'Los movimientos de una conciliación deben ser todos cobros o todos pagos',
  itemNotOpen: 'El documento no está pendiente de cobro o pago',
  itemAlreadyUsed: 'El documento ya está conciliado en esta sesión',
  itemOverOutstanding: 'El importe supera el pendiente del documento',
  itemWrongDirection: 'El documento no corresponde al sentido del movimiento',
  paymentNotFound: 'El cobro o pago no existe en el documento',
  paymentAlreadyUsed: 'El cobro o pago ya está conciliado',
  documentRequired: 'Indica el documento',
  paymentRequired: 'Indica el cobro o pago',
  accountRequired: 'Indica la cuenta contable',
  differenceRequired: 'Los importes no cuadran: indica el motivo y la cuenta de la diferencia',
  differenceNotNeeded: 'Los importes cuadran: no hay diferencia que registrar',
  partialOnlyShortfall: 'Un pago parcial solo cubre un importe menor que el de los documentos',
  partialNeedsDocument: 'Un pago parcial necesita al menos un documento',
  unmatchedLeft: (n: number) =>
    n === 1
      ? 'Queda 1 movimiento sin conciliar: concílialo o márcalo para dejarlo pendiente'
      : `Quedan ${n} movimientos sin conciliar: concílialos o márcalos para dejarlos pendientes`,
  noProposal: 'El movimiento no tiene propuesta',
  proposalUsed: 'La propuesta usa un documento ya conciliado',
  approvalPartial:
    'La aprobación no terminó: algunos documentos no se pudieron liquidar. Vuelve a aprobar para reintentarlo',
  ruleExists: 'Ya existe una regla igual',
  patternTooShort: 'El patrón debe tener al menos 3 caracteres',
  returnReason: 'Devolución bancaria',
} as const;

/** A proposal from this score up is shown as proposed (spec: the matcher proposes, the user accepts). */
export const PROPOSAL_MIN_SCORE = 60;
/** "Accept with one key" accepts, in bulk, the proposals from this score up. */
export const AUTO_ACCEPT_MIN_SCORE = 80;
/** Most movements in one session (everything in one page, the matcher runs on the whole set). */
export const MAX_SESSION_MOVEMENTS = 2000;
/** Most movements or items in one match. */
export const MAX_MATCH_MOVEMENTS = 20;
export const MAX_MATCH_ITEMS = 50;

// --- enums ---------------------------------------------------------------------------------------------

export const SESSION_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'APPROVED', 'CANCELLED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const sessionStatusLabels: Record<SessionStatus, string> = {
  IN_PROGRESS: 'En curso',
  COMPLETED: 'Completada',
  APPROVED: 'Aprobada',
  CANCELLED: 'Cancelada',
};

/**
 * A movement inside a session: PROPOSED (the matcher has a proposal from PROPOSAL_MIN_SCORE up),
 * MATCHED (accepted or matched by hand, in this session), UNMATCHED (nothing yet), LEFT (the session was
 * completed leaving it pending: it will come again in a later session).
 */
export const SESSION_MOVEMENT_STATUSES = ['UNMATCHED', 'PROPOSED', 'MATCHED', 'LEFT'] as const;
export type SessionMovementStatus = (typeof SESSION_MOVEMENT_STATUSES)[number];
export const sessionMovementStatusLabels: Record<SessionMovementStatus, string> = {
  UNMATCHED: 'Sin conciliar',
  PROPOSED: 'Propuesto',
  MATCHED: 'Conciliado',
  LEFT: 'Pendiente',
};

/**
 * What a match item is: an issued invoice (INV, a receivable) or a received invoice (REC, a payable)
 * whose outstanding the movement settles; a PAYMENT already recorded on a document (by hand, or the
 * collection a return reverses); an accounting ACCOUNT (movements with no document: SS quota, taxes,
 * fees, rent, interest).
 */
export const MATCH_ITEM_KINDS = ['INV', 'REC', 'PAYMENT', 'ACCOUNT'] as const;
export type MatchItemKind = (typeof MATCH_ITEM_KINDS)[number];

/**
 * What approving does with an item: RECORD a payment on the document, LINK to a payment that already
 * exists (nothing recorded), REMOVE a payment (a returned direct debit: the movement goes against the
 * document's direction), POST to an account.
 */
export const MATCH_ITEM_EFFECTS = ['RECORD', 'LINK', 'REMOVE', 'POST'] as const;
export type MatchItemEffect = (typeof MATCH_ITEM_EFFECTS)[number];
export const matchItemEffectLabels: Record<MatchItemEffect, string> = {
  RECORD: 'Registrar cobro/pago',
  LINK: 'Enlazar con cobro/pago existente',
  REMOVE: 'Anular cobro (devolución)',
  POST: 'Asiento a cuenta',
};

export const DIFFERENCE_REASONS = ['BANK_FEE', 'PARTIAL_PAYMENT', 'ROUNDING', 'OTHER'] as const;
export type DifferenceReason = (typeof DIFFERENCE_REASONS)[number];
export const differenceReasonLabels: Record<DifferenceReason, string> = {
  BANK_FEE: 'Comisión bancaria',
  PARTIAL_PAYMENT: 'Pago parcial',
  ROUNDING: 'Redondeo',
  OTHER: 'Otro',
};
/** The account the UI suggests per reason and sign (PGC 2007): 626 fees, 659/759 other losses/gains. */
export const differenceDefaultAccounts: Record<
  Exclude<DifferenceReason, 'PARTIAL_PAYMENT'>,
  { loss: string; gain: string }
> = {
  BANK_FEE: { loss: '626', gain: '769' },
  ROUNDING: { loss: '659', gain: '759' },
  OTHER: { loss: '659', gain: '759' },
};

export const RULE_FIELDS = ['DESCRIPTION', 'COUNTERPARTY', 'CONCEPT'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const ruleFieldLabels: Record<RuleField, string> = {
  DESCRIPTION: 'Descripción',
  COUNTERPARTY: 'Ordenante / beneficiario',
  CONCEPT: 'Concepto común (N43)',
};

/** IN: money in (abonos, positive); OUT: money out (cargos, negative). */
export const MOVEMENT_DIRECTIONS = ['IN', 'OUT'] as const;
export type MovementDirection = (typeof MOVEMENT_DIRECTIONS)[number];

export const OPEN_ITEM_DIRECTIONS = ['RECEIVABLE', 'PAYABLE'] as const;
export type OpenItemDirection = (typeof OPEN_ITEM_DIRECTIONS)[number];

/** The reasons a proposal's score is made of (each with its Spanish label and points). */
export const REASON_CODES = [
  'EXACT_AMOUNT',
  'INSTALMENT_AMOUNT',
  'AMOUNT_TOLERANCE',
  'SUM_OF_DOCUMENTS',
  'PARTIAL_PAYMENT',
  'EXISTING_PAYMENT',
  'DATE_WINDOW',
  'IBAN',
  'NIF',
  'DOCUMENT_NUMBER',
  'PARTY_NAME',
  'RULE',
  'RECURRING',
  'RETURN',
  'END_TO_END_ID',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];
export const reasonLabels: Record<ReasonCode, string> = {
  EXACT_AMOUNT: 'Importe exacto del pendiente',
  INSTALMENT_AMOUNT: 'Importe exacto de un vencimiento',
  AMOUNT_TOLERANCE: 'Importe dentro de la tolerancia',
  SUM_OF_DOCUMENTS: 'Suma exacta de varias facturas del mismo tercero',
  PARTIAL_PAYMENT: 'Pago parcial del pendiente',
  EXISTING_PAYMENT: 'Coincide con un cobro/pago ya registrado',
  DATE_WINDOW: 'Fecha próxima al vencimiento',
  IBAN: 'IBAN del tercero coincide',
  NIF: 'NIF del tercero en el concepto',
  DOCUMENT_NUMBER: 'Número de factura en el concepto',
  PARTY_NAME: 'Nombre del tercero similar',
  RULE: 'Regla aprendida',
  RECURRING: 'Movimiento recurrente conocido',
  RETURN: 'Devolución de un adeudo domiciliado',
  END_TO_END_ID: 'Referencia de la remesa coincide',
};

// --- requests ------------------------------------------------------------------------------------------

const Cents = z.number().int().min(1).max(1_000_000_000_000);

export const SessionPath = z.object({ sessionId: Id });
export type SessionPath = z.infer<typeof SessionPath>;
export const MatchPath = z.object({ sessionId: Id, matchId: Id });
export type MatchPath = z.infer<typeof MatchPath>;
export const RulePath = z.object({ ruleId: Id });
export type RulePath = z.infer<typeof RulePath>;

/** Accounting account code (digits; a PGC account or sub-account). */
export const ReconAccountCode = z
  .string()
  .trim()
  .regex(/^\d{3,12}$/, { message: 'El código de cuenta no es válido.' });

export const ListSessionsQuery = PageQuery.extend({
  status: z.enum(SESSION_STATUSES).optional(),
  accountId: Id.optional(),
});
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

export const StartSessionBody = z
  .object({ accountId: Id, fromDate: IsoDate, toDate: IsoDate })
  .strict()
  .refine((b) => b.fromDate <= b.toDate, { message: reconciliationMessages.dateRange, path: ['toDate'] })
  .refine((b) => Date.parse(b.toDate) - Date.parse(b.fromDate) <= 366 * 86_400_000, {
    message: reconciliationMessages.rangeTooLong,
    path: ['toDate'],
  });
export type StartSessionBody = z.infer<typeof StartSessionBody>;

/**
 * GET …/sessions/{sessionId}/open-items: the candidates for a manual match. `movementId` ranks them
 * by the matcher's score for that movement (and fills `score`); `direction` defaults to the one the
 * movement's sign calls for when a movement is given.
 */
export const SessionOpenItemsQuery = z.object({
  search: safeText().max(100).optional(),
  direction: z.enum(OPEN_ITEM_DIRECTIONS).optional(),
  movementId: Id.optional(),
});
export type SessionOpenItemsQuery = z.infer<typeof SessionOpenItemsQuery>;

/** Accepts the current best proposal of each movement (the "accept ≥ 80 with one key" sends those). */
export const AcceptProposalsBody = z
  .object({ movementIds: z.array(Id).min(1).max(MAX_SESSION_MOVEMENTS) })
  .strict();
export type AcceptProposalsBody = z.infer<typeof AcceptProposalsBody>;

export const MatchItemInput = z
  .object({
    kind: z.enum(MATCH_ITEM_KINDS),
    /** INV / REC: the document; PAYMENT: the document holding the payment. */
    documentId: Id.optional(),
    /** PAYMENT: which document kind holds it (INV or REC). */
    documentKind: z.enum(['INV', 'REC']).optional(),
    paymentId: Id.optional(),
    /** ACCOUNT: where the amount is posted (the other side is the bank account's accounting account). */
    accountCode: ReconAccountCode.optional(),
    /** Absolute, in the direction of the match's movements. */
    amountCents: Cents,
  })
  .strict()
  .superRefine((it, ctx) => {
    if ((it.kind === 'INV' || it.kind === 'REC' || it.kind === 'PAYMENT') && !it.documentId) {
      ctx.addIssue({
        code: 'custom',
        message: reconciliationMessages.documentRequired,
        path: ['documentId'],
      });
    }
    if (it.kind === 'PAYMENT' && (!it.paymentId || !it.documentKind)) {
      ctx.addIssue({ code: 'custom', message: reconciliationMessages.paymentRequired, path: ['paymentId'] });
    }
    if (it.kind === 'ACCOUNT' && !it.accountCode) {
      ctx.addIssue({
        code: 'custom',
        message: reconciliationMessages.accountRequired,
        path: ['accountCode'],
      });
    }
  });
export type MatchItemInput = z.infer<typeof MatchItemInput>;

/**
 * How the gap between the movements and the items is treated. `differenceCents` (in the match view) =
 * |Σ movements| − Σ items. BANK_FEE / ROUNDING / OTHER post it to `accountCode` on approval (against the
 * bank's account); PARTIAL_PAYMENT (only when less arrived than the items say) records on the last
 * document item what actually arrived and leaves the rest outstanding (no posting, no account).
 */
export const MatchDifferenceInput = z
  .object({
    reason: z.enum(DIFFERENCE_REASONS),
    accountCode: ReconAccountCode.optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.reason !== 'PARTIAL_PAYMENT' && !d.accountCode) {
      ctx.addIssue({
        code: 'custom',
        message: reconciliationMessages.accountRequired,
        path: ['accountCode'],
      });
    }
  });
export type MatchDifferenceInput = z.infer<typeof MatchDifferenceInput>;

export const CreateMatchBody = z
  .object({
    movementIds: z.array(Id).min(1).max(MAX_MATCH_MOVEMENTS),
    items: z.array(MatchItemInput).min(1).max(MAX_MATCH_ITEMS),
    difference: MatchDifferenceInput.optional(),
    /**
     * "Recordar": with one movement and ACCOUNT items only, learn a rule (pattern from the
     * counterparty, else the description) so the matcher proposes that account next time.
     */
    remember: z.boolean().optional(),
  })
  .strict();
export type CreateMatchBody = z.infer<typeof CreateMatchBody>;

/** Completing with unmatched movements requires `leaveUnmatched: true` (they stay pending for later). */
export const CompleteSessionBody = z.object({ leaveUnmatched: z.boolean().optional() }).strict();
export type CompleteSessionBody = z.infer<typeof CompleteSessionBody>;

export const CancelSessionBody = z.object({ reason: safeText().max(300).optional() }).strict();
export type CancelSessionBody = z.infer<typeof CancelSessionBody>;

export const CreateRuleBody = z
  .object({
    pattern: safeText().min(3, { message: reconciliationMessages.patternTooShort }).max(100),
    field: z.enum(RULE_FIELDS),
    direction: z.enum(MOVEMENT_DIRECTIONS).optional(),
    accountCode: ReconAccountCode,
    label: safeText().min(1).max(100),
  })
  .strict();
export type CreateRuleBody = z.infer<typeof CreateRuleBody>;

// --- responses -----------------------------------------------------------------------------------------

export interface ProposalReason {
  code: ReasonCode;
  /** Spanish, shown as is (may add detail: "Número de factura en el concepto (F-2024-0012)"). */
  label: string;
  points: number;
}

/** One line of a proposal or a match. */
export interface MatchItemView {
  kind: MatchItemKind;
  effect: MatchItemEffect;
  documentKind: 'INV' | 'REC' | null;
  documentId: string | null;
  paymentId: string | null;
  accountCode: string | null;
  /** Absolute, in the direction of the movements. */
  amountCents: number;
  /** What the UI shows: "F-2024-0012 · Talleres Pérez SL" or "642 · Seguridad Social a cargo de la empresa". */
  label: string;
  documentNumber: string | null;
  partyName: string | null;
  /** The document's outstanding when the proposal or match was made (INV / REC). */
  outstandingCents: number | null;
  dueDate: string | null;
}

/**
 * What the matcher proposes for a movement (or, for several partial payments of one invoice, for
 * several movements: `movementIds` lists them all, `movementId` is the one it is shown on).
 */
export interface Proposal {
  movementId: string;
  movementIds: string[];
  /** 0-100. From PROPOSAL_MIN_SCORE up it is proposed; from AUTO_ACCEPT_MIN_SCORE up "accept with one key" takes it. */
  score: number;
  reasons: ProposalReason[];
  items: MatchItemView[];
  /** |Σ movements| − Σ items (0 when it squares). */
  differenceCents: number;
  /** A proposal with a difference suggests how to treat it (bank fee, partial payment...). */
  difference: { reason: DifferenceReason; accountCode: string | null } | null;
  /** For ACCOUNT proposals from a learned rule. */
  ruleId: string | null;
}

export interface SessionMovement {
  movementId: string;
  bookingDate: string;
  valueDate: string;
  amountCents: number;
  direction: MovementDirection;
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  commonConcept: string | null;
  reference1: string | null;
  reference2: string | null;
  endToEndId: string | null;
  status: SessionMovementStatus;
  matchId: string | null;
  /** The best proposal (null when matched, or when nothing reaches a score worth showing). */
  proposal: Proposal | null;
  /** Other candidates, best first (at most 3). */
  alternatives: Proposal[];
}

export interface SessionActor {
  userId: string;
  name: string | null;
}

export interface ReconciliationMatch {
  matchId: string;
  sessionId: string;
  movementIds: string[];
  direction: MovementDirection;
  /** Σ of the movements, signed. */
  movementsTotalCents: number;
  items: MatchItemView[];
  differenceCents: number;
  difference: { reason: DifferenceReason; accountCode: string | null } | null;
  /** PROPOSAL: accepted from the matcher (score kept); MANUAL: built by hand. */
  source: 'PROPOSAL' | 'MANUAL';
  score: number | null;
  ruleId: string | null;
  createdBy: SessionActor;
  createdAt: string;
  /** Filled on approval: what was done (payments recorded/removed, posting sent). */
  settlement: {
    state: 'PENDING' | 'DONE' | 'FAILED';
    /** Per item, in order: the payment recorded or linked (RECORD / LINK), or removed (REMOVE). */
    paymentIds: (string | null)[];
    posted: boolean;
    error: string | null;
  };
}

export interface SessionStats {
  movementCount: number;
  matchedCount: number;
  proposedCount: number;
  unmatchedCount: number;
  leftCount: number;
  /** How many proposals reach AUTO_ACCEPT_MIN_SCORE (what "accept with one key" would take). */
  autoAcceptableCount: number;
  inCents: number;
  outCents: number;
  matchedInCents: number;
  matchedOutCents: number;
}

export interface ReconciliationSession {
  sessionId: string;
  accountId: string;
  accountAlias: string;
  iban: string;
  /** The bank's accounting account (default 572): the bank side of every posting. */
  accountingAccountCode: string;
  fromDate: string;
  toDate: string;
  status: SessionStatus;
  statusLabel: string;
  stats: SessionStats;
  createdBy: SessionActor;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  completedBy: SessionActor | null;
  approvedAt: string | null;
  approvedBy: SessionActor | null;
  cancelledAt: string | null;
  cancelledBy: SessionActor | null;
  cancelReason: string | null;
  /** An approval that did not finish (some settlement failed): approving again finishes it. */
  approvalError: string | null;
}

export type AuditAction =
  | 'START'
  | 'ACCEPT'
  | 'MATCH'
  | 'UNMATCH'
  | 'COMPLETE'
  | 'APPROVE'
  | 'CANCEL'
  | 'SETTLE'
  | 'RULE';
export const auditActionLabels: Record<AuditAction, string> = {
  START: 'Sesión iniciada',
  ACCEPT: 'Propuesta aceptada',
  MATCH: 'Conciliación manual',
  UNMATCH: 'Conciliación deshecha',
  COMPLETE: 'Sesión completada',
  APPROVE: 'Sesión aprobada',
  CANCEL: 'Sesión cancelada',
  SETTLE: 'Documentos liquidados',
  RULE: 'Regla aprendida',
};

export interface SessionAuditEntry {
  eventId: string;
  at: string;
  actor: SessionActor;
  action: AuditAction;
  actionLabel: string;
  /** Spanish: what was done ("Movimiento del 03/02/2025 por 1.210,00 € con F-2025-0007"). */
  detail: string;
  matchId: string | null;
  movementIds: string[];
}

/** GET …/sessions/{sessionId}. */
export interface SessionDetail {
  session: ReconciliationSession;
  movements: SessionMovement[];
  matches: ReconciliationMatch[];
  audit: SessionAuditEntry[];
}

/** GET …/sessions: the list (Page<SessionListItem>). */
export type SessionListItem = ReconciliationSession;

/** One candidate of GET …/open-items. */
export interface OpenItemCandidate {
  kind: 'INV' | 'REC';
  direction: OpenItemDirection;
  documentId: string;
  number: string;
  issueDate: string;
  partyName: string;
  partyNif: string | null;
  partyIban: string | null;
  totalCents: number;
  outstandingCents: number;
  nextDueDate: string | null;
  dueDates: { dueDate: string; amountCents: number; paidCents: number }[];
  /** Payments on the document no approved session has reconciled yet (LINK or REMOVE targets). */
  payments: { paymentId: string; date: string; amountCents: number; method: string }[];
  status: 'OPEN' | 'PAID';
  /** Already used by a match of this session. */
  usedInSession: boolean;
  /** The matcher's score for the given movement (when `movementId` was sent). */
  score: number | null;
  reasons: ProposalReason[];
}

export interface SessionOpenItems {
  items: OpenItemCandidate[];
  /** More than the 200 shown matched: narrow with `search`. */
  truncated: boolean;
}

export interface AcceptProposalsResult {
  matches: ReconciliationMatch[];
  /** Movements whose proposal could not be accepted, with the Spanish reason. */
  skipped: { movementId: string; reason: string }[];
}

export interface DeleteMatchResult {
  matchId: string;
  deleted: true;
}

export interface ReconciliationRule {
  ruleId: string;
  pattern: string;
  field: RuleField;
  direction: MovementDirection | null;
  accountCode: string;
  label: string;
  /** LEARNED: from a match with "recordar"; MANUAL: created on the rules page. */
  origin: 'LEARNED' | 'MANUAL';
  createdBy: SessionActor;
  createdAt: string;
}

export interface DeleteRuleResult {
  ruleId: string;
  deleted: true;
}

/** GET banking/reconciliation/summary: the reconciliation home. */
export interface ReconciliationSummary {
  accounts: {
    accountId: string;
    alias: string;
    iban: string;
    bankName: string | null;
    unreconciledCount: number;
    lastMovementDate: string | null;
    /** The last approved session's end date: reconciled up to this day. */
    reconciledThrough: string | null;
    openSession: { sessionId: string; status: SessionStatus; fromDate: string; toDate: string } | null;
  }[];
  totals: {
    unreconciledCount: number;
    inProgressSessions: number;
    /** COMPLETED sessions waiting for approval (banking.manage). */
    pendingApproval: number;
    approvedSessions: number;
    rules: number;
  };
  recentSessions: ReconciliationSession[];
}

// --- the accounting queue's message (design issue 19 "Postings of reconciliation") ---------------------

/**
 * What an approved reconciliation asks accounting to have in the books for one movement: its bank
 * fee, rounding or other difference, or its assignment to an account (SS quota, taxes, rent...),
 * always against the bank's account. State-based: `lines` is the whole desired posting of the
 * movement at `version` (empty: nothing, so what was posted is reversed); the consumer posts the
 * difference (functions/domains/accounting/workers/post-events.ts).
 */
export const BankPostingMessage = z.object({
  kind: z.literal('BANK_POSTING'),
  companyId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** `BNK#<movementId>` (shared/db/keys/accounting.ts `postingSourceKey.bankMovement`). */
  sourceKey: z.string().regex(/^BNK#[A-Za-z0-9_%-]{1,100}$/),
  version: z.number().int().min(1),
  date: IsoDate,
  description: z.string().min(1).max(300),
  lines: z
    .array(
      z.object({
        accountCode: z.string().regex(/^\d{3,12}$/),
        debitCents: z.number().int().min(0),
        creditCents: z.number().int().min(0),
      }),
    )
    .max(30),
});
export type BankPostingMessage = z.infer<typeof BankPostingMessage>;
