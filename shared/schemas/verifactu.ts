/**
 * VeriFacTu contracts (issue 5; RD 1007/2023, Orden HAC/1177/2024; reference/verifactu-sii.md).
 *
 * A registration record (registro de alta or de anulación) is written ONCE, in the transaction that
 * confirms or cancels the invoice (or that creates a correction), chained to the previous record of
 * the same issuer by its huella, and never updated. Its AEAT fields are kept as the exact strings the
 * XML carries (amounts, dates, timestamp): the huella, the XML and the QR are built from the same
 * strings, so they can never disagree. The submission state of a record (QUEUED → SENT → VERIFIED /
 * ACCEPTED_WITH_ERRORS / ERROR) lives on a separate item, moved only by conditional writes.
 */

import * as z from 'zod';
import { PageQuery } from './common';
import { safeMultiline, safeText } from './text';

// --- AEAT record fields (element names of SuministroInformacion.xsd, values as XML strings) --------

export interface IdFactura {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** dd-mm-yyyy */
  FechaExpedicionFactura: string;
}

export interface IdOtro {
  /** ISO 3166-1 alpha-2; omitted for IDType 02 (NIF-IVA), which carries the country in the id. */
  CodigoPais?: string;
  /** 02 NIF-IVA, 03 passport, 04 official id of the country, 05 residence certificate, 06 other, 07 not registered. */
  IDType: '02' | '03' | '04' | '05' | '06' | '07';
  ID: string;
}

export type PersonaFisicaJuridica =
  | { NombreRazon: string; NIF: string }
  | { NombreRazon: string; IDOtro: IdOtro };

export interface DetalleDesglose {
  /** 01 IVA (the only tax Cuadra issues today); kept explicit in the XML. */
  Impuesto?: '01' | '02' | '03' | '05';
  ClaveRegimen?: string;
  /** Exactly one of CalificacionOperacion (S1, S2, N1, N2) and OperacionExenta (E1–E8). */
  CalificacionOperacion?: 'S1' | 'S2' | 'N1' | 'N2';
  OperacionExenta?: 'E1' | 'E2' | 'E3' | 'E4' | 'E5' | 'E6' | 'E7' | 'E8';
  TipoImpositivo?: string;
  BaseImponibleOimporteNoSujeto: string;
  BaseImponibleACoste?: string;
  CuotaRepercutida?: string;
  TipoRecargoEquivalencia?: string;
  CuotaRecargoEquivalencia?: string;
}

export type Encadenamiento = { PrimerRegistro: 'S' } | { RegistroAnterior: IdFactura & { Huella: string } };

export interface SistemaInformatico {
  NombreRazon: string;
  NIF: string;
  NombreSistemaInformatico: string;
  IdSistemaInformatico: string;
  Version: string;
  NumeroInstalacion: string;
  TipoUsoPosibleSoloVerifactu: 'S' | 'N';
  TipoUsoPosibleMultiOT: 'S' | 'N';
  IndicadorMultiplesOT: 'S' | 'N';
}

/** RegistroAlta (RegistroFacturacionAltaType), in XSD element order. */
export interface RegistroAltaFields {
  IDVersion: '1.0';
  IDFactura: IdFactura;
  RefExterna?: string;
  NombreRazonEmisor: string;
  Subsanacion?: 'S' | 'N';
  RechazoPrevio?: 'N' | 'S' | 'X';
  TipoFactura: 'F1' | 'F2' | 'F3' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
  TipoRectificativa?: 'S' | 'I';
  FacturasRectificadas?: IdFactura[];
  FacturasSustituidas?: IdFactura[];
  ImporteRectificacion?: {
    BaseRectificada: string;
    CuotaRectificada: string;
    CuotaRecargoRectificado?: string;
  };
  FechaOperacion?: string;
  DescripcionOperacion: string;
  FacturaSimplificadaArt7273?: 'S' | 'N';
  FacturaSinIdentifDestinatarioArt61d?: 'S' | 'N';
  Destinatarios?: PersonaFisicaJuridica[];
  Desglose: DetalleDesglose[];
  CuotaTotal: string;
  ImporteTotal: string;
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  /** YYYY-MM-DDThh:mm:ss±hh:mm in Europe/Madrid, no fractions: hashed literally. */
  FechaHoraHusoGenRegistro: string;
  TipoHuella: '01';
  Huella: string;
}

/** RegistroAnulacion (RegistroFacturacionAnulacionType), in XSD element order. */
export interface RegistroAnulacionFields {
  IDVersion: '1.0';
  IDFactura: {
    IDEmisorFacturaAnulada: string;
    NumSerieFacturaAnulada: string;
    FechaExpedicionFacturaAnulada: string;
  };
  RefExterna?: string;
  SinRegistroPrevio?: 'S' | 'N';
  RechazoPrevio?: 'S' | 'N';
  GeneradoPor?: 'E' | 'D' | 'T';
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  FechaHoraHusoGenRegistro: string;
  TipoHuella: '01';
  Huella: string;
}

// --- stored record -------------------------------------------------------------------------------

export const RECORD_KINDS = ['ALTA', 'ANULACION'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The operations of the AEAT matrix (reference §1.5); each is a NEW record in the chain. */
export const RECORD_OPERATIONS = [
  'ALTA',
  'SUBSANACION',
  'ALTA_TRAS_RECHAZO',
  'ANULACION',
  'ANULACION_TRAS_RECHAZO',
  'ANULACION_SIN_REGISTRO_PREVIO',
] as const;
export type RecordOperation = (typeof RECORD_OPERATIONS)[number];

export const VERIFACTU_MODES = ['VERIFACTU', 'NO_VERIFACTU'] as const;
export type VerifactuMode = (typeof VERIFACTU_MODES)[number];
export const VERIFACTU_ENVIRONMENTS = ['TEST', 'PRODUCTION'] as const;
export type VerifactuEnvironment = (typeof VERIFACTU_ENVIRONMENTS)[number];

/** One link of an issuer's chain: immutable (Put once with attribute_not_exists, never updated). */
export interface VerifactuRecord {
  companyId: string;
  /** Position in the company's chain, 1 for the first record (PrimerRegistro). */
  seq: number;
  /** `<companyId>-<seq>`: the id the API calls submissionId. */
  recordId: string;
  kind: RecordKind;
  operation: RecordOperation;
  invoiceId: string;
  /** The invoice's number and ISO date, for lists (the AEAT strings are in `fields`). */
  invoiceNumber: string;
  invoiceDate: string;
  invoiceType: string;
  /** ImporteTotal in céntimos (0 for an anulación), for lists and exports. */
  totalCents: number;
  customerName: string | null;
  /** Mode and environment in force when the record was generated (the QR host follows them). */
  mode: VerifactuMode;
  environment: VerifactuEnvironment;
  fields: RegistroAltaFields | RegistroAnulacionFields;
  huella: string;
  /**
   * SHA-256 (uppercase hex) of the previous record's contentHash, '|' and the canonical JSON of
   * `fields`: the AEAT huella covers only eight fields, this covers every stored field, chained, so the
   * chain verification also notices a changed desglose, recipient or description.
   */
  contentHash: string;
  /** The previous record's huella and seq; null for the first record. */
  previousHuella: string | null;
  previousSeq: number | null;
  /** Why a correction or anulación was made (user text, never sent to the AEAT). */
  reason: string | null;
  /** The record this one corrects (subsanación / alta tras rechazo / anulación tras rechazo). */
  correctsSeq: number | null;
  createdAt: string;
  createdBy: string | null;
}

// --- submission state (one item per record, moved by conditional writes) --------------------------

/**
 * QUEUED: waiting to be sent. SENT: claimed by a sender and (maybe) sent, outcome not yet recorded —
 * after a time-out this is the ambiguous state that is resolved with ConsultaLR before any resend.
 * VERIFIED: Correcto. ACCEPTED_WITH_ERRORS: AceptadoConErrores (to be corrected by subsanación).
 * ERROR: Incorrecto (rejected) or a permanent failure; a correction is a new record.
 */
export const SUBMISSION_STATUSES = ['QUEUED', 'SENT', 'VERIFIED', 'ACCEPTED_WITH_ERRORS', 'ERROR'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const FINAL_SUBMISSION_STATUSES: readonly SubmissionStatus[] = [
  'VERIFIED',
  'ACCEPTED_WITH_ERRORS',
  'ERROR',
];

export interface SubmissionAttempt {
  attemptId: string;
  at: string;
  /** SENT_OK, REJECTED, TIMEOUT, CONNECTION_LOST, SERVER_ERROR, SOAP_FAULT, CONSULTED */
  outcome: string;
  code: string | null;
  message: string | null;
  /**
   * Where the exact SOAP exchange of this entry is archived (bucket verifactu-archive, Object Lock):
   * the S3 keys of the request sent and of the raw answer (null when the answer could not be
   * stored, or none came). Absent on entries without a SOAP call (REQUEUED) and on older entries.
   */
  archive?: { request: string; response: string | null } | null;
}

export interface VerifactuSubmission {
  companyId: string;
  seq: number;
  recordId: string;
  kind: RecordKind;
  operation: RecordOperation;
  invoiceId: string;
  invoiceNumber: string;
  invoiceDate: string;
  totalCents: number;
  customerName: string | null;
  status: SubmissionStatus;
  /** AEAT answer for this record: code and text (CodigoErrorRegistro / DescripcionErrorRegistro). */
  aeatCode: string | null;
  aeatMessage: string | null;
  /** AEAT EstadoRegistro as received (Correcto, AceptadoConErrores, Incorrecto). */
  aeatState: string | null;
  /** CSV of the accepted message (cannot be retrieved later from the AEAT). */
  csv: string | null;
  /** The claim of the sender that moved it to SENT (conditional writes compare it). */
  attemptId: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  sentAt: string | null;
  resolvedAt: string | null;
  /** Set when a later record corrects this one. */
  correctedBySeq: number | null;
  history: SubmissionAttempt[];
  createdAt: string;
  updatedAt: string;
}

/** The chain head of an issuer: the last record generated (the next one links to it). */
export interface VerifactuChainHead {
  companyId: string;
  seq: number;
  huella: string;
  /** IDFactura of the last record (…Anulada values for an anulación), for RegistroAnterior. */
  idFactura: IdFactura;
  /** Its FechaHoraHusoGenRegistro: the next record's timestamp is never earlier. */
  timestamp: string;
  /** Its contentHash (the next record's contentHash chains to it). */
  contentHash: string;
  updatedAt: string;
}

// --- configuration and certificates (spec part 1 §7 verifactu-config, certificates) -------------

export const Representative = z
  .object({
    name: safeText().min(2, { message: 'El nombre del representante es obligatorio.' }).max(120),
    nif: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{9}$/, { message: 'El NIF del representante no es válido.' }),
  })
  .strict();

const configFields = {
  mode: z.enum(VERIFACTU_MODES),
  environment: z.enum(VERIFACTU_ENVIRONMENTS),
  /** A gestoría submitting for its client (colaboración social): goes to Cabecera/Representante. */
  representative: Representative.nullable(),
  /** The certificate used for mutual TLS (one of the company's uploaded certificates). */
  certificateId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .nullable(),
  /** Sello (seal) certificate endpoints (www10 / prewww10). */
  sealCertificate: z.boolean(),
  enabled: z.boolean(),
};

export const VerifactuConfigBody = z
  .object({
    mode: configFields.mode.default('VERIFACTU'),
    environment: configFields.environment.default('TEST'),
    representative: configFields.representative.default(null),
    certificateId: configFields.certificateId.default(null),
    sealCertificate: configFields.sealCertificate.default(false),
    enabled: configFields.enabled.default(true),
  })
  .strict();
export type VerifactuConfigBody = z.infer<typeof VerifactuConfigBody>;
/** A partial update: only the fields sent change (no defaults, unlike the create body). */
export const UpdateVerifactuConfigBody = z.object(configFields).partial().strict();
export type UpdateVerifactuConfigBody = z.infer<typeof UpdateVerifactuConfigBody>;

export interface ConnectionTestResult {
  ok: boolean;
  at: string;
  endpoint: string;
  /** Spanish text for the screen. */
  message: string;
  code: string | null;
}

export interface VerifactuConfig {
  companyId: string;
  mode: VerifactuMode;
  environment: VerifactuEnvironment;
  representative: { name: string; nif: string } | null;
  certificateId: string | null;
  sealCertificate: boolean;
  enabled: boolean;
  lastConnectionTest: ConnectionTestResult | null;
  createdAt: string;
  updatedAt: string;
}

/** What the API shows of a certificate: never the file, never the password. */
export interface CertificateView {
  certificateId: string;
  companyId: string;
  fileName: string;
  subject: string;
  /** Holder NIF read from the certificate (serialNumber / OID 2.5.4.5), when present. */
  holderNif: string | null;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  status: 'VALID' | 'EXPIRED' | 'NOT_YET_VALID';
  /** Days until validTo (negative when expired). */
  daysToExpiry: number;
  inUse: boolean;
  uploadedAt: string;
  uploadedBy: string;
}

export const CertificateUploadBody = z
  .object({
    file: z.object({
      fileName: safeText().min(1).max(200),
      contentType: safeText().max(200).optional(),
      contentBase64: z.string().min(1),
    }),
    password: z.string().min(1, { message: 'La contraseña del certificado es obligatoria.' }).max(200),
  })
  .strict();
export type CertificateUploadBody = z.infer<typeof CertificateUploadBody>;

export const CertificatePath = z.object({
  companyId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  certificateId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export const CertificateUsageQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export interface CertificateUsage {
  at: string;
  /** TEST_CONNECTION, SUBMISSION, QUERY */
  operation: string;
  ok: boolean;
  detail: string | null;
}

// --- submissions API ------------------------------------------------------------------------------

export const SubmissionPath = z.object({ submissionId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/) });
export const VerifactuInvoicePath = z.object({ invoiceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const SubmissionListQuery = PageQuery.extend({
  status: z.enum(SUBMISSION_STATUSES).optional(),
  kind: z.enum(RECORD_KINDS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  search: safeText().max(64).optional(),
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;

export const SubmissionExportQuery = SubmissionListQuery.omit({ page: true, size: true, sort: true }).extend({
  format: z.enum(['EXCEL', 'CSV']).default('EXCEL'),
});

export const QrQuery = z.object({
  format: z.enum(['png', 'svg']).default('png'),
  /** Pixels of the PNG / viewBox units of the SVG (the PDF prints it at 30–40 mm). */
  size: z.coerce.number().int().min(64).max(2048).default(300),
});

export const RecordQuery = z.object({ format: z.enum(['xml', 'json']).default('xml') });

/**
 * GET /verifactu/submissions/{submissionId}/exchange: `attempt` is the attemptId of a history entry
 * (or the exchange id of a ConsultaLR, the id in its archive key); `part` which side of the exchange.
 */
export const SubmissionExchangeQuery = z.object({
  attempt: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, { message: 'Intento no válido.' }),
  part: z.enum(['request', 'response']).default('request'),
});
export type SubmissionExchangeQuery = z.infer<typeof SubmissionExchangeQuery>;

export const BulkSubmitBody = z
  .object({
    invoiceIds: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .min(1)
      .max(500),
  })
  .strict();

export const CancelSubmissionBody = z
  .object({
    reason: safeMultiline().trim().min(3, { message: 'Indica el motivo de la anulación.' }).max(500),
  })
  .strict();

/** Corrections a rejected or accepted-with-errors alta may carry (the invoice itself is immutable). */
export const ResubmitBody = z
  .object({
    reason: safeMultiline().trim().max(500).optional(),
    corrections: z
      .object({
        descripcionOperacion: safeMultiline().trim().min(1).max(500).optional(),
        recipient: z
          .object({
            name: safeText().min(1).max(120),
            nif: safeText().toUpperCase().max(20).optional(),
            idOtro: z
              .object({
                country: safeText().length(2).toUpperCase(),
                type: z.enum(['02', '03', '04', '05', '06', '07']),
                id: safeText().min(1).max(20),
              })
              .optional(),
          })
          .optional(),
        fechaOperacion: z.iso.date().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ResubmitBody = z.infer<typeof ResubmitBody>;

/**
 * Why the records of a company cannot be sent to the AEAT now (shared/fiscal/verifactu-sending.ts):
 * no configuration, configuration off, a mode that does not send, no certificate chosen, the chosen
 * one deleted, expired or not valid yet.
 */
export const SENDING_BLOCKS = [
  'NOT_CONFIGURED',
  'DISABLED',
  'NOT_VERIFACTU_MODE',
  'NO_CERTIFICATE',
  'CERTIFICATE_NOT_FOUND',
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_NOT_YET_VALID',
] as const;
export type SendingBlock = (typeof SENDING_BLOCKS)[number];

/** Why a QUEUED record waits: the block and its Spanish explanation. */
export interface PendingReason {
  code: SendingBlock;
  message: string;
}

/** Whether the company's records are sent to the AEAT now; when not, why. */
export type SendingState = { ready: true; reason: null } | { ready: false; reason: PendingReason };

/** From when the company must issue its invoices with VeriFacTu (RD 1007/2023 as amended). */
export interface VerifactuObligation {
  /** False for a company in the SII (outside RD 1007/2023). */
  applies: boolean;
  /** yyyy-mm-dd; null when it does not apply. */
  mandatoryFrom: string | null;
  /** True from `mandatoryFrom` on (Madrid date). */
  mandatory: boolean;
  /** CORPORATE_TAX: Impuesto sobre Sociedades taxpayers; OTHER: IRPF, income attribution, IRNR with PE. */
  taxpayerKind: 'CORPORATE_TAX' | 'OTHER';
  /** The legal text the date comes from. */
  source: string;
}

/** A submission as the API shows it: the stored state plus why it waits (null unless QUEUED and blocked). */
export interface SubmissionView extends VerifactuSubmission {
  pendingReason: PendingReason | null;
}

export interface SubmissionDetail extends SubmissionView {
  record: VerifactuRecord;
  /** The QR URL when the invoice carries the QR (shared/fiscal/verifactu-sending.ts `qrApplies`). */
  qrUrl: string | null;
}

export interface InvoiceVerifactuStatus {
  invoiceId: string;
  /** False for companies in the SII (outside RD 1007/2023) and for drafts. */
  applies: boolean;
  submissionStatus: SubmissionStatus | null;
  records: SubmissionView[];
  /** Only when the latest alta is really sent in VERI*FACTU mode (Orden HAC/1177/2024 arts. 20–21). */
  qrUrl: string | null;
  legend: string | null;
  /** Why the latest record waits, when it is QUEUED and the company cannot send. */
  pendingReason: PendingReason | null;
}

export interface ChainVerification {
  records: number;
  breaks: {
    seq: number;
    recordId: string;
    reason: 'HASH_MISMATCH' | 'CONTENT_MISMATCH' | 'LINK_MISMATCH' | 'SEQUENCE_GAP' | 'FIRST_RECORD';
  }[];
  headSeq: number | null;
  verifiedAt: string;
}

export interface VerifactuUsage {
  currentUsage: number;
  limit: number;
  /** yyyy-mm of the monthly period. */
  period: string;
  planName: string;
  percentage: number;
  level: 'OK' | 'WARNING' | 'EXCEEDED';
}

export interface VerifactuDashboard {
  companyId: string;
  configured: boolean;
  config: VerifactuConfig | null;
  counts: Record<SubmissionStatus, number>;
  lastSubmissionAt: string | null;
  usage: VerifactuUsage;
  certificate: CertificateView | null;
  /** Whether records are sent now and, if not, why (the reason queued records wait). */
  sending: SendingState;
  obligation: VerifactuObligation;
  /** `detail` explains the warning (the reason records wait, the date VeriFacTu becomes mandatory). */
  warnings: { level: 'high' | 'medium'; message: string; detail?: string }[];
  recentErrors: VerifactuSubmission[];
}
