/**
 * SII (Suministro Inmediato de Información del IVA; issue 16, spec part 2 §3 SII and §7 SII
 * submissions, part 3 SII widget and §9 SII). The VAT record books are sent to the AEAT record by
 * record, within four working days (art. 69.Tres RIVA, RD 1624/1992 as amended by RD 596/2016).
 *
 * Vocabulary:
 *  - a **book** is one of the AEAT's SII services: FE (facturas emitidas), FR (facturas recibidas),
 *    BI (bienes de inversión), OI (determinadas operaciones intracomunitarias) and RECC (cobros of
 *    issued and pagos of received invoices under the criterio de caja: two AEAT services, one book
 *    for the product, `direction` telling which);
 *  - an **entry** is one record of one book (`SiiEntry`, key `keys.siiEntry`): the document it comes
 *    from, the record's content as the AEAT will get it (`record`), its state and deadline. Its
 *    content changes bump `contentVersion`; the sender moves its state by conditional writes;
 *  - a **submission** is one SOAP exchange (one message with up to `SII_MAX_RECORDS_PER_MESSAGE`
 *    records of one book and one communication type), kept with its per-record answers and the
 *    archived request and response.
 */

import * as z from 'zod';
import { PageQuery } from './common';
import { SII_STATUSES, type SiiStatus } from './invoices';
import { safeMultiline, safeText } from './text';

export { SII_STATUSES, type SiiStatus };

export const SII_BOOKS = ['FE', 'FR', 'BI', 'OI', 'RECC'] as const;
export type SiiBook = (typeof SII_BOOKS)[number];

/** Spanish names of the books (spec part 3: bookName). */
export const SII_BOOK_NAMES: Record<SiiBook, string> = {
  FE: 'Libro registro de facturas expedidas',
  FR: 'Libro registro de facturas recibidas',
  BI: 'Libro registro de bienes de inversión',
  OI: 'Libro registro de determinadas operaciones intracomunitarias',
  RECC: 'Cobros y pagos del régimen especial del criterio de caja',
};

/**
 * AEAT TipoComunicacion (SuministroInformacion.xsd ClaveTipoComunicacionType): A0 alta of a new
 * record, A1 modification of one the AEAT already has. BAJA is the anulación service (Anulacion…),
 * CONSULTA a ConsultaLR query.
 */
export const SII_OPERATIONS = ['A0', 'A1', 'BAJA'] as const;
export type SiiOperation = (typeof SII_OPERATIONS)[number];

/** The document an entry comes from. */
export const SII_SOURCE_TYPES = [
  'INVOICE',
  'RECEIVED_INVOICE',
  'INVOICE_PAYMENT',
  'RECEIVED_PAYMENT',
] as const;
export type SiiSourceType = (typeof SII_SOURCE_TYPES)[number];

/** At most this many records go in one message (AEAT SII technical description: 10,000). */
export const SII_MAX_RECORDS_PER_MESSAGE = 10_000;

/** An entry's document id: the invoice's id, then `~` and the payment id or line number for RECC and BI. */
export const siiDocumentId = (invoiceId: string, sub?: string | number): string =>
  sub === undefined ? invoiceId : `${invoiceId}~${sub}`;

/** An entry's id as the API shows it: `<book>:<documentId>`. */
export const siiEntryId = (book: SiiBook, documentId: string): string => `${book}:${documentId}`;

/** SII deadlines: how many working days after the starting date (art. 69.Tres RIVA). */
export const SII_WORKING_DAYS = 4;
/** The upcoming-deadlines window (spec part 3 §9) and the urgent threshold, in days. */
export const SII_UPCOMING_WINDOW_DAYS = 4;
export const SII_URGENT_DAYS = 1;
/** Problem list size (spec part 3 §9). */
export const SII_PROBLEM_LIST_SIZE = 10;

export const SII_STAT_PERIODS = ['CURRENT_MONTH', 'LAST_7_DAYS', 'LAST_30_DAYS', 'CURRENT_QUARTER'] as const;
export type SiiStatPeriod = (typeof SII_STAT_PERIODS)[number];

export const SII_ENVIRONMENTS = ['TEST', 'PRODUCTION'] as const;
export type SiiEnvironment = (typeof SII_ENVIRONMENTS)[number];

/** The period of a record (PeriodoLiquidacion): year and month '01'–'12', or '0A' for the BI book. */
export interface SiiPeriod {
  year: number;
  period: string;
}

/** One AEAT answer about a record (CodigoErrorRegistro, DescripcionErrorRegistro). */
export interface SiiAeatError {
  code: string;
  message: string;
}

export interface SiiHistoryEntry {
  at: string;
  status: SiiStatus;
  operation: SiiOperation | null;
  submissionId?: string;
  code?: string;
  message?: string;
  /** Who acted, for user actions (retry, submit). */
  by?: string;
}

/**
 * The content of one record, neutral of XML (built by `shared/fiscal/sii-record.ts`, written by
 * `functions/lib/sii-xml`). One variant per book; amounts in céntimos, rates in basis points, dates
 * ISO (the XML writer formats them dd-mm-yyyy and in euros with two decimals).
 */
export type SiiRecord =
  | SiiIssuedRecord
  | SiiReceivedRecord
  | SiiInvestmentRecord
  | SiiIntraEuRecord
  | SiiCashRecord;

export interface SiiCounterparty {
  name: string;
  /** A Spanish NIF, or null when `otherId` is given. */
  nif: string | null;
  /** IDOtro: country (ISO 3166-1 alpha-2), AEAT IDType (02 NIF-IVA, 03 passport, 04 official id, 05 residence, 06 other, 07 no censado) and id. */
  otherId: { countryCode: string; idType: string; id: string } | null;
}

export interface SiiInvoiceId {
  /** IDEmisorFactura: the issuer's NIF (ours for FE, the supplier's for FR; IDOtro when foreign). */
  issuerNif: string | null;
  issuerOtherId?: SiiCounterparty['otherId'];
  number: string;
  /** ISO date (FechaExpedicionFacturaEmisor). */
  issueDate: string;
}

/** DetalleIVA of one rate. */
export interface SiiVatDetail {
  rateBp: number;
  baseCents: number;
  vatCents: number;
  recargoRateBp?: number;
  recargoCents?: number;
  /** Received DetalleIVA: BienInversion=S for investment goods (arts. 107–108 LIVA). */
  investmentGood?: boolean;
}

/** Sujeta / NoSujeta breakdown (DesgloseFactura, or one branch of DesgloseTipoOperacion). */
export interface SiiBreakdown {
  /**
   * NoExenta S1 (normal), S2 (inversión del sujeto pasivo, art. 84.Uno.2º LIVA, issued side) or S3
   * (both in one invoice: TipoSinInversion / TipoConInversion).
   */
  notExempt: {
    type: 'S1' | 'S2' | 'S3';
    details: SiiVatDetail[];
    reverseChargeDetails?: SiiVatDetail[];
  } | null;
  /** Exenta: CausaExencion E1–E8 with its base. */
  exempt: { cause: string; baseCents: number }[];
  /** NoSujeta: ImportePorArticulos7_14_Otros and ImporteTAIReglasLocalizacion. */
  notSubjectArt7_14Cents: number;
  notSubjectLocationCents: number;
}

interface SiiRecordBase {
  period: SiiPeriod;
  invoiceId: SiiInvoiceId;
  /** F1, F2, F5 (import), R1–R5. */
  invoiceType: string;
  /** ClaveRegimenEspecialOTrascendencia (01 general, 02 export, 07 criterio de caja, 09 ISP, …) and up to two additional. */
  regimeKeys: string[];
  description: string;
  totalCents: number;
  counterparty: SiiCounterparty | null;
  /** Rectificativas: TipoRectificativa S (sustitución) or I (diferencias), the invoices rectified and, for S, what they had. */
  rectification: {
    method: 'S' | 'I';
    rectified: SiiInvoiceId[];
    rectifiedBaseCents?: number;
    rectifiedVatCents?: number;
    rectifiedRecargoCents?: number;
  } | null;
  operationDate: string | null;
}

export interface SiiIssuedRecord extends SiiRecordBase {
  book: 'FE';
  /**
   * DesgloseFactura (domestic counterparty with a Spanish NIF) or DesgloseTipoOperacion (foreign
   * counterparty, NIF starting with N, exports and intra-EU deliveries): then `services` and `goods`.
   */
  breakdown:
    | { kind: 'INVOICE'; invoice: SiiBreakdown }
    | { kind: 'OPERATION'; services: SiiBreakdown | null; goods: SiiBreakdown | null };
}

export interface SiiReceivedRecord extends SiiRecordBase {
  book: 'FR';
  /** InversionSujetoPasivo (ISP, intra-EU acquisitions) and DesgloseIVA (VAT charged, imports). */
  reverseCharge: SiiVatDetail[];
  vat: SiiVatDetail[];
  /** FechaRegContable (ISO): starts the four working days. */
  accountingDate: string;
  deductibleVatCents: number;
  /** The DUA of an import (F5). */
  customsDocument?: string;
}

export interface SiiInvestmentRecord {
  book: 'BI';
  period: SiiPeriod;
  invoiceId: SiiInvoiceId;
  /** The supplier's name (IDEmisorFactura needs NombreRazon in the BI book). */
  issuerName: string;
  /** IdentificacionBien, FechaInicioUtilizacion, ProrrataAnualDefinitiva (bp), RegularizacionAnualDeduccion, … */
  goodIdentification: string;
  startOfUseDate: string;
  definitiveProrrataBp: number;
  annualAdjustmentCents: number | null;
}

export interface SiiIntraEuRecord {
  book: 'OI';
  period: SiiPeriod;
  invoiceId: SiiInvoiceId;
  counterparty: SiiCounterparty;
  /** TipoOperacion A (art. 70.Uno.7º LIVA works/reports) or B (arts. 9.3º and 16.2º LIVA transfers); ClaveDeclarado D (declarant) or R (declared). */
  operationType: 'A' | 'B';
  declaredKey: 'D' | 'R';
  memberState: string;
  termDays: number | null;
  goodsDescription: string;
  operatorAddress: string;
  invoicesOrDocuments: string;
}

export interface SiiCashRecord {
  book: 'RECC';
  /** COBROS of an issued invoice (SuministroLRCobrosEmitidas) or PAGOS of a received one (SuministroLRPagosRecibidas). */
  direction: 'COLLECTION' | 'PAYMENT';
  invoiceId: SiiInvoiceId;
  /** For a received invoice: the supplier's name and NIF (IDEmisorFactura carries only the id). */
  issuerName?: string;
  /** MedioPagoType: 01 transferencia, 02 cheque, 03 no se cobra/paga (devengo forzoso), 04 otros, 05 domiciliación. */
  payments: {
    date: string;
    amountCents: number;
    method: '01' | '02' | '03' | '04' | '05';
    account: string;
  }[];
}

/**
 * One record of one book (keys.siiEntry(companyId, book, documentId)).
 *
 * Protocol (who writes what):
 *  - the registration worker (events, backfill) creates the entry and, on every change of its
 *    source, replaces `record`, bumps `contentVersion` and sets `pendingOperation` (A0 while the AEAT
 *    has nothing, A1 once it has, BAJA when the source was cancelled/deleted and the AEAT has it).
 *    It moves the status to QUEUED (NOT_SENT when `held`) unless the entry is SENT (in flight): then
 *    it only bumps the content, and the sender, resolving the attempt, sees
 *    `sentContentVersion < contentVersion` and queues it again;
 *  - the sender claims QUEUED → SENT (attemptId, sentContentVersion = contentVersion,
 *    sentOperation), then SENT → ACCEPTED / REJECTED (Incorrecto) / ERROR (technical, after
 *    retries) conditioned on the attemptId; AceptadoConErrores is ACCEPTED with `acceptedWithErrors`
 *    and the codes in `lastError`. An ambiguous outcome stays SENT until ConsultaLR says;
 *  - a user retry moves REJECTED/ERROR/PENDING_CORRECTION → QUEUED ('Reintento iniciado'),
 *    optionally with `corrections` merged into the record.
 *  - `registered` says the AEAT holds the record (accepted, with or without errors), so the next
 *    content goes as A1 and a cancellation as BAJA.
 */
export interface SiiEntry {
  entryId: string;
  companyId: string;
  book: SiiBook;
  /** The document's id: invoiceId, receivedInvoiceId, `<invoiceId>~<paymentId>`, or `<receivedInvoiceId>~<line>` (`siiDocumentId`). */
  documentId: string;
  source: { type: SiiSourceType; id: string; invoiceId: string };
  documentNumber: string;
  counterpartyName: string | null;
  counterpartyTaxId: string | null;
  issueDate: string;
  totalCents: number;
  period: SiiPeriod;
  record: SiiRecord;
  contentVersion: number;
  status: SiiStatus;
  pendingOperation: SiiOperation | null;
  registered: boolean;
  /** The source was cancelled or deleted (a baja is due when registered; otherwise nothing is sent). */
  withdrawn: boolean;
  /** Waiting for the user (received invoice not approved while the configuration holds them). */
  held: boolean;
  /** Last day (ISO) to send it (art. 69.Tres RIVA). */
  deadline: string;
  sentContentVersion: number | null;
  sentOperation: SiiOperation | null;
  attemptId: string | null;
  attempts: number;
  lastSubmissionId: string | null;
  lastSentAt: string | null;
  acceptedAt: string | null;
  acceptedWithErrors: boolean;
  csv: string | null;
  lastError: SiiAeatError | null;
  /** The last ConsultaLR comparison (query or sync): does the AEAT hold what we hold? */
  reconciliation: { checkedAt: string; aeatState: string | null; matches: boolean } | null;
  /** The order of the last source change applied (events may arrive out of order; older ones move nothing). */
  sourceOrder?: string;
  history: SiiHistoryEntry[];
  createdAt: string;
  updatedAt: string;
}

export type SiiSubmissionStatus = 'SENT' | 'ACCEPTED' | 'PARTIALLY_ACCEPTED' | 'REJECTED' | 'ERROR';

/** One SOAP exchange (keys.siiSubmission). */
export interface SiiSubmission {
  submissionId: string;
  companyId: string;
  book: SiiBook;
  operation: SiiOperation | 'CONSULTA';
  environment: SiiEnvironment;
  status: SiiSubmissionStatus;
  recordCount: number;
  acceptedCount: number;
  acceptedWithErrorsCount: number;
  rejectedCount: number;
  /** EstadoEnvio (Correcto, ParcialmenteCorrecto, Incorrecto) or null without an answer. */
  aeatState: string | null;
  csv: string | null;
  /** The period(s) of its records, 'YYYY-MM'. */
  periods: string[];
  records: {
    entryId: string;
    documentId: string;
    documentNumber: string;
    status: SiiStatus;
    code: string | null;
    message: string | null;
  }[];
  /** Technical failure text (no answer, SOAP fault). */
  error: SiiAeatError | null;
  archive: { request: string | null; response: string | null };
  sentAt: string;
  answeredAt: string | null;
  triggeredBy: string | null;
}

export interface SiiConfig {
  companyId: string;
  environment: SiiEnvironment;
  /** An uploaded certificate of the company (the VeriFacTu certificate store). */
  certificateId: string | null;
  /** Who presents for the company (colaborador social / apoderado), when not the company itself. */
  representative: { name: string; nif: string } | null;
  /** AUTOMATIC: records go as soon as they exist; MANUAL: they wait for 'Enviar' (deadline alerts still run). */
  submissionMode: 'AUTOMATIC' | 'MANUAL';
  /** Received invoices wait until approved before their FR record is sent. */
  holdUnapprovedReceived: boolean;
  lastConnectionTest: { at: string; ok: boolean; message: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** Determinadas operaciones intracomunitarias (book OI): defined in ./intra-eu-operation.ts. */
export { type IntraEuOperation, IntraEuOperationBody } from './intra-eu-operation';

// --- API contracts ---------------------------------------------------------------------------------

export const SiiConfigBody = z
  .object({
    environment: z.enum(SII_ENVIRONMENTS).optional(),
    certificateId: safeText().min(1).max(100).nullable().optional(),
    representative: z
      .object({ name: safeText().min(1).max(120), nif: safeText().min(9).max(9) })
      .nullable()
      .optional(),
    submissionMode: z.enum(['AUTOMATIC', 'MANUAL']).optional(),
    holdUnapprovedReceived: z.boolean().optional(),
  })
  .strict();
export type SiiConfigBody = z.infer<typeof SiiConfigBody>;

/** POST /sii/submit: one issued or received invoice (its records of every book). */
export const SiiSubmitBody = z.object({ invoiceId: safeText().min(1).max(100) }).strict();
export type SiiSubmitBody = z.infer<typeof SiiSubmitBody>;

/** POST /sii/submit/bulk: these invoices, or every pending record (of one book). */
export const SiiBulkSubmitBody = z
  .object({
    invoiceIds: z.array(safeText().min(1).max(100)).max(1000).optional(),
    book: z.enum(SII_BOOKS).optional(),
  })
  .strict();
export type SiiBulkSubmitBody = z.infer<typeof SiiBulkSubmitBody>;

/** POST /sii/entries/{book}/{documentId}/retry: corrections a rejected record needs. */
export const SiiRetryBody = z
  .object({
    corrections: z
      .object({
        counterpartyName: safeText().min(1).max(120).optional(),
        counterpartyNif: safeText().min(1).max(20).optional(),
        /** Send the counterparty as IDOtro (e.g. 07 'no censado' after error 1117). */
        counterpartyOtherId: z
          .object({
            countryCode: z.string().regex(/^[A-Z]{2}$/),
            idType: z.enum(['02', '03', '04', '05', '06', '07']),
            id: safeText().min(1).max(20),
          })
          .optional(),
        description: safeMultiline().min(1).max(500).optional(),
        regimeKey: z
          .string()
          .regex(/^\d{2}$/)
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SiiRetryBody = z.infer<typeof SiiRetryBody>;

export const SiiSubmissionsQuery = PageQuery.extend({
  book: z.enum(SII_BOOKS).optional(),
  /** 'YYYY-MM' */
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  status: z.enum(['SENT', 'ACCEPTED', 'PARTIALLY_ACCEPTED', 'REJECTED', 'ERROR']).optional(),
});

export const SiiBookQuery = PageQuery.extend({
  year: z.coerce.number().int().min(2017).max(2100),
  /** '01'–'12' or '0A'; absent = the whole year. */
  period: z
    .string()
    .regex(/^(0[1-9]|1[0-2]|0A)$/)
    .optional(),
  status: z.enum(SII_STATUSES).optional(),
});

export const SiiStatisticsQuery = z.object({
  period: z.enum(SII_STAT_PERIODS).default('CURRENT_MONTH'),
  book: z.enum(SII_BOOKS).optional(),
});

export const SiiQueryBody = z
  .object({
    year: z.number().int().min(2017).max(2100),
    period: z.string().regex(/^(0[1-9]|1[0-2]|0A)$/),
  })
  .strict();
export type SiiQueryBody = z.infer<typeof SiiQueryBody>;

/** Spec part 2 §3 / part 3 SII widget data. */
export interface SiiStatistics {
  totalPending: number;
  acceptedLast7Days: number;
  rejectedLast7Days: number;
  errors: number;
  upcomingDeadlines: number;
  reconciliationPending: number;
  books: {
    bookName: string;
    bookType: SiiBook;
    pending: number;
    accepted: number;
    rejected: number;
    errors: number;
  }[];
  problems: SiiProblemInvoice[];
  deadlines: SiiUpcomingDeadline[];
  period: SiiStatPeriod;
  enabled: boolean;
}

export interface SiiProblemInvoice {
  invoiceId: string;
  invoiceNumber: string;
  customerName: string | null;
  issueDate: string;
  totalAmount: number;
  daysUntilDeadline: number;
  siiStatus: SiiStatus;
  errorMessage: string | null;
  book: SiiBook;
  entryId: string;
  /** Whether `invoiceId` is an issued invoice or a received one (which page opens it). */
  sourceType: SiiSourceType;
}

export interface SiiUpcomingDeadline {
  entryId: string;
  book: SiiBook;
  invoiceId: string;
  invoiceNumber: string;
  deadline: string;
  daysUntilDeadline: number;
  urgent: boolean;
  siiStatus: SiiStatus;
  sourceType: SiiSourceType;
}
