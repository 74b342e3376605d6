/**
 * Contracts of the AEAT VAT models (issue 14; spec part 2 §3 Tax models, §5 Tax, §7 Tax service):
 * preview, generate, get, update, validate, status, export, batch generation, cross-model
 * validation, submissions and authorizations, and the gestor's batch cockpit. The computation
 * itself is in shared/fiscal/models/ (types.ts is its contract). Amounts in céntimos, rates in
 * basis points.
 */

import * as z from 'zod';
import type { AnnualChecklist } from '../fiscal/annual-checklists';
import type {
  DeclaredRecord,
  ModelAdjustments,
  ModelIssue,
  ModelResult,
  ResultType,
  TaxModelType,
} from '../fiscal/models/types';
import {
  INCOME_TAX_MODEL_TYPES,
  OSS_MODEL_TYPES,
  TAX_MODEL_TYPES,
  VAT_MODEL_TYPES,
} from '../fiscal/models/types';
import { Id, PageQuery } from './common';
import { safeMultiline, safeText } from './text';

export type { DeclaredRecord, ModelAdjustments, ModelIssue, ModelResult, ResultType, TaxModelType };
export { INCOME_TAX_MODEL_TYPES, OSS_MODEL_TYPES, TAX_MODEL_TYPES, VAT_MODEL_TYPES };

const YEAR_MESSAGE = 'El año debe estar entre 2000 y 2100';
export const ModelYear = z.coerce
  .number({ message: YEAR_MESSAGE })
  .int({ message: YEAR_MESSAGE })
  .min(2000, { message: YEAR_MESSAGE })
  .max(2100, { message: YEAR_MESSAGE });

/** '1T'..'4T', '01'..'12' or '0A'; which ones a model accepts is checked by the action (TAX_027). */
export const ModelPeriodSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([1-4]T|0[1-9]|1[0-2]|0A|[1-3]P)$/, {
    message:
      'El periodo debe ser un trimestre (1T-4T), un mes (01-12), 0A (anual) o un pago fraccionado (1P-3P).',
  });

export const ModelTypeSchema = z.enum(TAX_MODEL_TYPES, {
  message: `Modelo no soportado: los modelos disponibles son ${TAX_MODEL_TYPES.join(', ')}.`,
});

/** `<year>-<model>-<period>`: the same id as the obligation it settles (e.g. '2026-303-1T'). */
export const modelIdOf = (year: number, modelType: string, period: string): string =>
  `${year}-${modelType}-${period}`;

export const ModelTypePath = z.object({ companyId: Id, modelType: ModelTypeSchema });
export const ModelPath = z.object({
  companyId: Id,
  modelType: ModelTypeSchema,
  modelId: safeText()
    .min(1)
    .max(40)
    .regex(/^\d{4}-\d{3}-[0-9A-Z]{2}$/, { message: 'El identificador del modelo no es válido.' }),
});
export const SubmissionPath = z.object({ companyId: Id, submissionId: Id });
export const AuthorizationPath = z.object({ companyId: Id, authorizationId: Id });

/** A non-negative amount in céntimos with the spec's message ('{field} no puede ser negativo'). */
export const nonNegativeCents = (field: string) =>
  z
    .number({ message: `${field} debe ser un importe en céntimos` })
    .int({ message: `${field} debe ser un importe en céntimos` })
    .min(0, { message: `${field} no puede ser negativo` })
    .max(1_000_000_000_000_00);

const RESULT_TYPES = ['I', 'U', 'G', 'C', 'D', 'X', 'V', 'N', 'B'] as const;

/** A signed amount in céntimos (130 [13]: last year's net income may be a loss). */
const signedCents = (field: string) =>
  z
    .number({ message: `${field} debe ser un importe en céntimos` })
    .int({ message: `${field} debe ser un importe en céntimos` })
    .min(-1_000_000_000_000_00)
    .max(1_000_000_000_000_00);

/** A count of recipients (111 [01], [04]…). */
const recipientCount = (field: string) =>
  z
    .number({ message: `${field} debe ser un número entero` })
    .int({ message: `${field} debe ser un número entero` })
    .min(0, { message: `${field} no puede ser negativo` })
    .max(10_000_000);

/**
 * A recipient's NIF as typed: any text here; its format (8 digits and a letter, or X/Y/Z, 7 digits and a
 * letter), duplicates and amounts are the model's checks (`validateWithholdingInputs`, spec part 2 §5).
 */
const recipientNif = (field: string) =>
  z
    .string({ message: `${field} debe ser un texto` })
    .trim()
    .toUpperCase()
    .max(20);

/** 111 [01]-[06]: the employment income of the period, entered while payroll runs elsewhere. */
export const WorkIncomeBody = z
  .object({
    recipients: recipientCount('recipients').default(0),
    baseCents: nonNegativeCents('baseCents').default(0),
    withholdingCents: nonNegativeCents('withholdingCents').default(0),
    inKindRecipients: recipientCount('inKindRecipients').default(0),
    inKindValueCents: nonNegativeCents('inKindValueCents').default(0),
    inKindWithholdingCents: nonNegativeCents('inKindWithholdingCents').default(0),
  })
  .strict();

/** 115: a rent paid outside the books (spec: rentalProperties of nif and rentAmount). */
export const RentalPropertyBody = z
  .object({
    nif: recipientNif('nif'),
    name: safeText().max(120).optional(),
    rentAmount: nonNegativeCents('rentAmount'),
    withholdingCents: nonNegativeCents('withholdingCents').optional(),
  })
  .strict();

/** 123: capital income paid outside the books (spec: capitalIncomeOperations of recipientNif and incomeAmount). */
export const CapitalIncomeBody = z
  .object({
    recipientNif: recipientNif('recipientNif'),
    name: safeText().max(120).optional(),
    incomeAmount: nonNegativeCents('incomeAmount'),
    withholdingCents: nonNegativeCents('withholdingCents').optional(),
    /** The 193 perception key and naturaleza ('A02' dividends, 'B03' loan interest); the 123 checks it. */
    key: z.string({ message: 'key debe ser un texto' }).trim().toUpperCase().max(4).optional(),
  })
  .strict();

/** 131: one activity in estimación objetiva and its modules (spec: modulesData of moduleUnits, unitValue, deductions). */
export const ModuleActivityBody = z
  .object({
    /** IAE epigraph; its length (1-4 characters, as the 131 writes it) is the model's check. */
    activityCode: safeText()
      .toUpperCase()
      .min(1, { message: 'Indica el epígrafe IAE de la actividad' })
      .max(10),
    description: safeText().max(200).optional(),
    /** Units of the activity's modules: may carry decimals (1,5 personas). */
    moduleUnits: z
      .number({ message: 'moduleUnits debe ser un número' })
      .min(0, { message: 'moduleUnits no puede ser negativo' })
      .max(1_000_000_000),
    unitValue: nonNegativeCents('unitValue'),
    deductions: nonNegativeCents('deductions'),
    employees: recipientCount('employees').optional(),
  })
  .strict();

/** A rate in basis points (0 to 100 %), never negative. */
const rateBp = (field: string) =>
  z
    .number({ message: `${field} debe ser un porcentaje en puntos básicos` })
    .int({ message: `${field} debe ser un porcentaje en puntos básicos` })
    .min(0, { message: `${field} no puede ser negativo` })
    .max(10_000, { message: `${field} no puede superar el 100 %` });

/** 202: what the instalment is computed on (art. 40 LIS; Instalment202Input). */
export const Instalment202Body = z
  .object({
    method: z.enum(['40.2', '40.3'], { message: 'El método debe ser 40.2 o 40.3' }),
    lastReturnBaseCents: nonNegativeCents('lastReturnBaseCents').optional(),
    /** 40.3: the taxable base of the months elapsed (may be negative). */
    periodBaseCents: signedCents('periodBaseCents').optional(),
    previousYearTurnoverCents: nonNegativeCents('previousYearTurnoverCents').optional(),
    withholdingsCents: nonNegativeCents('withholdingsCents').optional(),
    previousInstalmentsCents: nonNegativeCents('previousInstalmentsCents').optional(),
    taxRateBp: rateBp('taxRateBp').optional(),
  })
  .strict();

const countryCode = (field: string) =>
  z
    .string({ message: `${field} debe ser un texto` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: `${field} debe ser un código de país de 2 letras` });

/** 296: a recipient's address abroad (ForeignAddressInput). */
export const ForeignAddressBody = z
  .object({
    street: safeText().max(120),
    complement: safeText().max(120).optional(),
    city: safeText().max(120),
    region: safeText().max(120).optional(),
    postalCode: safeText().max(20).optional(),
    country: countryCode('country'),
  })
  .strict();

/** 180: the leased property of a landlord entered by hand (LeasedPropertyInput); lengths are the model's check. */
export const LeasedPropertyBody = z
  .object({
    situation: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      message: 'La situación del inmueble es 1, 2, 3 o 4',
    }),
    cadastralReference: safeText().toUpperCase().max(30).optional(),
    streetType: safeText().max(20).optional(),
    streetName: safeText().max(120),
    numberType: safeText().max(20).optional(),
    number: recipientCount('number').optional(),
    numberQualifier: safeText().max(20).optional(),
    block: safeText().max(20).optional(),
    portal: safeText().max(20).optional(),
    stairs: safeText().max(20).optional(),
    floor: safeText().max(20).optional(),
    door: safeText().max(20).optional(),
    complement: safeText().max(120).optional(),
    locality: safeText().max(120).optional(),
    municipality: safeText().max(120),
    municipalityCode: safeText().max(10).optional(),
    postalCode: safeText().max(10),
  })
  .strict();

/**
 * 190/180/193/296: a recipient the books do not know (AnnualRecipientInput). The NIF, the key of the
 * model, the province, the postal code and the model's own data (property, address abroad) are the
 * definitions' checks (shared/fiscal/models/annual-withholdings.ts), answered as 400 on generate and PUT.
 */
export const AnnualRecipientBody = z
  .object({
    nif: recipientNif('nif'),
    name: safeText().max(120),
    province: safeText().max(2).optional(),
    postalCode: safeText().max(10).optional(),
    key: z.string({ message: 'key debe ser un texto' }).trim().toUpperCase().min(1).max(4),
    baseCents: nonNegativeCents('baseCents'),
    withholdingCents: nonNegativeCents('withholdingCents'),
    inKindValueCents: nonNegativeCents('inKindValueCents').optional(),
    inKindWithholdingCents: nonNegativeCents('inKindWithholdingCents').optional(),
    personType: z.enum(['F', 'J'], { message: 'personType debe ser F o J' }).optional(),
    country: countryCode('country').optional(),
    accrualDate: z.iso.date({ message: 'accrualDate debe tener el formato AAAA-MM-DD.' }).optional(),
    address: ForeignAddressBody.optional(),
    property: LeasedPropertyBody.optional(),
  })
  .strict();

/** The person's adjustments (PUT body; preview also accepts them as query `adjustments` JSON-free fields). */
export const ModelAdjustmentsBody = z
  .object({
    compensationFromPreviousCents: nonNegativeCents('compensationFromPreviousCents').optional(),
    resultType: z.enum(RESULT_TYPES).optional(),
    iban: safeText().max(34).optional(),
    domiciliation: z.boolean().optional(),
    /** Manual boxes by AEAT number; each design says which boxes are manual and which are signed. */
    boxes: z.record(z.string().regex(/^\d{1,3}$/), z.number().int()).optional(),
    previousReceipt: safeText().max(13).optional(),
    noActivity: z.boolean().optional(),
    // --- income tax and withholdings (issue 15; ModelAdjustments in shared/fiscal/models/types.ts) ---
    /** 130: add the provision for hard-to-justify expenses (estimación directa simplificada). */
    applyDifficultJustification: z.boolean().optional(),
    /** 130 [13]: last year's net activity income (may be negative). */
    previousYearNetIncomeCents: signedCents('previousYearNetIncomeCents').optional(),
    /** 130: income and expenses outside the invoices, year to date (subsidies; RETA, amortisation). */
    otherIncomeCents: nonNegativeCents('otherIncomeCents').optional(),
    otherExpensesCents: nonNegativeCents('otherExpensesCents').optional(),
    workIncome: WorkIncomeBody.optional(),
    rentalProperties: z.array(RentalPropertyBody).max(1000).optional(),
    capitalIncomeOperations: z.array(CapitalIncomeBody).max(1000).optional(),
    /** 131 (módulos): the activities and their modules; more than the design holds is the model's error. */
    modulesData: z.array(ModuleActivityBody).max(20).optional(),
    /** 131: the rate applied to every activity's net income instead of the design's rule. */
    irpfRateBp: rateBp('irpfRateBp').optional(),
    /** 131 (spec previousPayments): instalments paid earlier in the year (the 131 reports and ignores it). */
    previousPaymentsCents: nonNegativeCents('previousPaymentsCents').optional(),
    /** 202: the method and its figures (art. 40.2 or 40.3 LIS). */
    instalment202: Instalment202Body.optional(),
    /** 190/180/193/296: recipients the books do not know, one record each. */
    annualRecipients: z.array(AnnualRecipientBody).max(5000).optional(),
  })
  .strict();

const QUARTER_MESSAGE = 'El trimestre debe estar entre 1 y 4';
/** The spec's `quarter` (1-4), an alternative to `period` for the quarterly models (quarter=2 ≡ period=2T). */
export const ModelQuarter = z.coerce
  .number({ message: QUARTER_MESSAGE })
  .int({ message: QUARTER_MESSAGE })
  .min(1, { message: QUARTER_MESSAGE })
  .max(4, { message: QUARTER_MESSAGE });

/** `period` or the spec's `quarter`: one of them, and when both, the same quarter ('2T' and 2). */
function periodOrQuarter(
  v: { period?: string | undefined; quarter?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.period === undefined && v.quarter === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['period'],
      message: 'Indica el periodo (period) o el trimestre (quarter).',
    });
  } else if (v.period !== undefined && v.quarter !== undefined && v.period !== `${v.quarter}T`) {
    ctx.addIssue({
      code: 'custom',
      path: ['quarter'],
      message: `El trimestre ${v.quarter} no coincide con el periodo ${v.period}.`,
    });
  }
}

/** The output always carries `period` ('2T' for quarter 2), never `quarter`. */
function withPeriod<T extends { period?: string | undefined; quarter?: number | undefined }>(
  v: T,
): Omit<T, 'period' | 'quarter'> & { period: string } {
  const { period, quarter, ...rest } = v;
  return { ...rest, period: period ?? `${quarter}T` };
}

/** `?flag=true|false` (a query string carries text). */
const QueryBoolean = (field: string) =>
  z.enum(['true', 'false'], { message: `${field} debe ser true o false` }).transform((v) => v === 'true');

/**
 * GET preview: `year` and `period`, or the spec's `quarter` (1-4) for a quarterly model; the 303's
 * compensation and the 130's `applyDifficultJustification` (spec part 2 §3, §7) to preview with.
 */
export const PreviewQuery = z
  .object({
    year: ModelYear,
    period: ModelPeriodSchema.optional(),
    quarter: ModelQuarter.optional(),
    /** Preview with a compensation other than the carried one (céntimos). */
    compensationFromPreviousCents: z.coerce
      .number()
      .int()
      .min(0, { message: 'compensationFromPreviousCents no puede ser negativo' })
      .optional(),
    /** 130: with (true) or without (false) the provision for hard-to-justify expenses. */
    applyDifficultJustification: QueryBoolean('applyDifficultJustification').optional(),
  })
  .superRefine(periodOrQuarter)
  .transform(withPeriod);

export const GenerateModelBody = z
  .object({
    year: ModelYear,
    period: ModelPeriodSchema.optional(),
    /** The spec's alternative to `period` for a quarterly model (2 ≡ '2T'). */
    quarter: ModelQuarter.optional(),
    /** Overwrite a model already generated for the period (else TAX_022). Never a submitted one. */
    regenerate: z.boolean().default(false),
    adjustments: ModelAdjustmentsBody.optional(),
  })
  .strict()
  .superRefine(periodOrQuarter)
  .transform(withPeriod);
export type GenerateModelBody = z.infer<typeof GenerateModelBody>;

export const UpdateModelBody = ModelAdjustmentsBody;
export type UpdateModelBody = z.infer<typeof UpdateModelBody>;

export const MODEL_STATUSES = ['MODEL_GENERATED', 'SUBMITTED', 'OBLIGATION_GENERATED'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** PUT status: mark a model filed outside Cuadra (with its justificante) or back to generated. */
export const ModelStatusBody = z
  .object({
    status: z.enum(['SUBMITTED', 'MODEL_GENERATED']),
    /** Justificante (CSV / número de justificante) when filed outside Cuadra. */
    reference: safeText().max(64).optional(),
  })
  .strict();

/** The preview contract every model answers (issue 14 item 3), plus what the screens need. */
export interface ModelPreview {
  modelType: TaxModelType;
  year: number;
  period: string;
  design: string;
  boxes: Record<string, number>;
  result: ModelResult;
  allowedResultTypes: ResultType[];
  records: DeclaredRecord[];
  issues: ModelIssue[];
  /** Box → the aggregate keys it sums (drill-down). */
  sources: Record<string, string[]>;
  /** Aggregate items read (O(1) in the size of the books). */
  itemsRead: number;
}

/** A stored model (generated, possibly adjusted, approved, submitted, published). */
export interface TaxModelView extends ModelPreview {
  modelId: string;
  companyId: string;
  status: ModelStatus;
  adjustments: ModelAdjustments;
  generatedAt: string;
  generatedBy: string;
  updatedAt: string;
  /** Bumped on every regenerate/update (optimistic concurrency). */
  version: number;
  approvedAt: string | null;
  approvedBy: string | null;
  submittedAt: string | null;
  /** Justificante: CSV of the AEAT (filed through Cuadra) or the reference given by hand. */
  reference: string | null;
  submissionId: string | null;
  publishedAt: string | null;
}

export const ModelListQuery = PageQuery.extend({
  year: ModelYear.optional(),
  modelType: ModelTypeSchema.optional(),
  status: z.enum(MODEL_STATUSES).optional(),
});

// --- batch generation (spec part 2 §5) ----------------------------------------------------------

export const BatchGenerateBody = z
  .object({
    year: ModelYear,
    quarter: z.coerce
      .number()
      .int()
      .min(1, { message: 'El trimestre debe estar entre 1 y 4' })
      .max(4, { message: 'El trimestre debe estar entre 1 y 4' })
      .optional(),
    month: z.coerce
      .number()
      .int()
      .min(1, { message: 'El mes debe estar entre 1 y 12' })
      .max(12, { message: 'El mes debe estar entre 1 y 12' })
      .optional(),
    models: z
      .array(ModelTypeSchema)
      .min(1, { message: 'Debe seleccionar al menos un modelo' })
      .max(20, { message: 'No se pueden generar más de 20 modelos simultáneamente' }),
    regenerate: z.boolean().default(false),
  })
  .strict();
export type BatchGenerateBody = z.infer<typeof BatchGenerateBody>;

export interface BatchGenerateResult {
  year: number;
  results: {
    modelType: TaxModelType;
    period: string;
    outcome: 'GENERATED' | 'ALREADY_GENERATED' | 'NOT_APPLICABLE' | 'ERROR';
    modelId: string | null;
    message: string;
  }[];
}

// --- export ------------------------------------------------------------------------------------

/** CSV and XLSX: the lines of a return filed in the Sede's form (the 369's states and rates). */
export const EXPORT_FORMATS = ['AEAT', 'PDF', 'JSON', 'CSV', 'XLSX'] as const;
export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('AEAT'),
  year: ModelYear,
  period: ModelPeriodSchema,
});

// --- submissions and authorizations ------------------------------------------------------------

export const SUBMISSION_STATES = ['PENDING', 'ACCEPTED', 'REJECTED', 'ERROR'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export const SubmitModelBody = z
  .object({
    /** COLLABORATOR: the gestoría files as colaborador social with an active authorization; CERTIFICATE: the company's own. */
    mode: z.enum(['CERTIFICATE', 'COLLABORATOR']).default('CERTIFICATE'),
    authorizationId: Id.optional(),
  })
  .strict();

export interface SubmissionView {
  submissionId: string;
  companyId: string;
  modelId: string;
  modelType: TaxModelType;
  year: number;
  period: string;
  mode: 'CERTIFICATE' | 'COLLABORATOR';
  state: SubmissionState;
  /** AEAT CSV (código seguro de verificación) of the justificante when accepted. */
  csv: string | null;
  receiptNumber: string | null;
  errors: { code: string; message: string }[];
  attempts: number;
  submittedBy: string;
  createdAt: string;
  updatedAt: string;
}

export const CreateAuthorizationBody = z
  .object({
    /** The gestoría (collaborator) NIF the company authorizes. */
    collaboratorNif: safeText().min(9).max(9),
    collaboratorName: safeText().min(1).max(200),
    models: z.array(ModelTypeSchema).min(1).max(20),
    validUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha debe tener el formato AAAA-MM-DD.' }),
  })
  .strict();
export const RenewAuthorizationBody = z
  .object({
    validUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha debe tener el formato AAAA-MM-DD.' }),
  })
  .strict();
export const RevokeAuthorizationBody = z.object({ reason: safeMultiline().max(500).optional() }).strict();

export interface AuthorizationView {
  authorizationId: string;
  companyId: string;
  collaboratorNif: string;
  collaboratorName: string;
  models: TaxModelType[];
  validFrom: string;
  validUntil: string;
  status: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
  revokedAt: string | null;
  revokeReason: string | null;
  createdAt: string;
  updatedAt: string;
}

// --- cockpit (gestor: one model and period across all clients) ---------------------------------

export const CockpitQuery = z.object({
  modelType: ModelTypeSchema.default('303'),
  year: ModelYear,
  period: ModelPeriodSchema,
});

export const CockpitActionBody = z
  .object({
    modelType: ModelTypeSchema,
    year: ModelYear,
    period: ModelPeriodSchema,
    companyIds: z.array(Id).min(1).max(500),
  })
  .strict();

export const ANOMALY_CODES = [
  'CHANGE_VS_PREVIOUS_PERIOD',
  'CHANGE_VS_LAST_YEAR',
  'OFF_TREND',
  'NO_INVOICES',
  'COMPENSATION_NOT_APPLIED',
  'VALIDATION_ERRORS',
] as const;
export type AnomalyCode = (typeof ANOMALY_CODES)[number];

export interface CockpitRow {
  companyId: string;
  companyName: string;
  nif: string;
  /**
   * The company's own period for the one asked (its periodicity: a large company's 111 of '06' for a
   * requested '2T', due in the same window).
   */
  period: string;
  /** Whether the company owes this model for the period (its obligations say so). */
  applicable: boolean;
  obligationId: string | null;
  dueDate: string | null;
  modelId: string | null;
  status: ModelStatus | 'NOT_GENERATED';
  approved: boolean;
  published: boolean;
  result: ModelResult | null;
  previousPeriodResult: ModelResult | null;
  lastYearResult: ModelResult | null;
  anomalies: { code: AnomalyCode; message: string }[];
  issues: number;
}

export interface CockpitView {
  modelType: TaxModelType;
  year: number;
  period: string;
  rows: CockpitRow[];
  totals: {
    companies: number;
    generated: number;
    approved: number;
    submitted: number;
    withAnomalies: number;
  };
}

export interface CockpitActionResult {
  results: { companyId: string; outcome: 'OK' | 'SKIPPED' | 'ERROR'; message: string }[];
}

// --- queries and answers of the model routes (issue 14 items 3-4) -------------------------------

/** `?year=&period=` of prefill, validate-data and export. */
export const ModelPeriodQuery = z.object({ year: ModelYear, period: ModelPeriodSchema });

/** Generated models not yet filed (tax/pending-confirmation). */
export const PendingConfirmationQuery = PageQuery.extend({
  year: ModelYear.optional(),
  modelType: ModelTypeSchema.optional(),
});

/** GET preview/sources: the invoices behind one box, 100 a page. */
export const BoxSourcesQuery = z.object({
  year: ModelYear,
  period: ModelPeriodSchema,
  box: z
    .string()
    .trim()
    // The 369's boxes are named by member state (`FR.vat`, `total`): its form prints no numbers.
    .regex(/^(\d{1,3}|[A-Z]{2}\.(base|vat|corr|total)|total)$/, {
      message: 'La casilla debe ser su número en el modelo (p. ej. 07 o 110).',
    }),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, { message: 'El tamaño de página no puede superar 100.' })
    .default(100),
});

/** One invoice (issued or received) behind a box and what it adds to it. */
export interface BoxSourceRow {
  book: 'ISSUED' | 'RECEIVED';
  id: string;
  number: string;
  date: string;
  counterpartyName: string;
  counterpartyTaxId: string | null;
  /** The aggregate keys of the box this invoice touches. */
  keys: string[];
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  deductibleVatCents: number;
  totalCents: number;
}

export interface BoxSourcesView {
  modelType: TaxModelType;
  year: number;
  period: string;
  box: string;
  label: string | null;
  /** The box's value in the preview. */
  valueCents: number;
  /** The aggregate keys the box sums (`<book>:<key>`). */
  sources: string[];
  content: BoxSourceRow[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export interface ValidationCheck {
  code: string;
  status: 'OK' | 'WARNING' | 'ERROR';
  message: string;
}

/** GET validate-data: whether the period can be generated, and what to look at first. */
export interface ValidateDataView {
  modelType: TaxModelType;
  year: number;
  period: string;
  valid: boolean;
  checks: ValidationCheck[];
  issues: ModelIssue[];
}

/** One arithmetic identity of a model's boxes (e.g. [46] = [27] − [45]). */
export interface BoxIdentity {
  rule: string;
  expectedCents: number;
  actualCents: number;
  ok: boolean;
}

/** POST validate of a stored model. */
export interface ModelValidationView {
  modelId: string;
  valid: boolean;
  issues: ModelIssue[];
  identities: BoxIdentity[];
  /** Boxes whose value in the books today differs from the stored model (the books changed). */
  changedSinceGenerated: { box: string; storedCents: number; booksCents: number }[];
}

/** One entry of a prefilled list: the 115's `rentalProperties`, the 123's `capitalIncomeOperations`. */
export type PrefillListEntry = Record<string, string | number>;

/** GET prefill: the spec's input fields of the model (part 2 §3 "Tax models (input fields)"). */
export interface PrefillView {
  modelType: TaxModelType;
  year: number;
  period: string;
  fields: Record<string, number>;
  /** The list fields, one entry per recipient in the books (115 rentalProperties: nif, name, rentAmount). */
  lists: Record<string, PrefillListEntry[]>;
}

export const CrossValidationBody = z.object({ year: ModelYear }).strict();

export interface CrossValidationCheck {
  code: string;
  description: string;
  status: 'OK' | 'MISMATCH' | 'NOT_AVAILABLE';
  expectedCents: number | null;
  actualCents: number | null;
  differenceCents: number | null;
  models: string[];
}

export interface CrossValidationView {
  year: number;
  checks: CrossValidationCheck[];
  summary: { ok: number; mismatches: number; notAvailable: number };
}

export interface ExportFormatView {
  format: (typeof EXPORT_FORMATS)[number];
  label: string;
  contentType: string;
  extension: string;
  description: string;
  models: TaxModelType[];
}

export const YearQuery = z.object({ year: ModelYear.optional() });

/** 347 threshold: 3.005,06 € per counterparty and year (art. 33.1 RGAT, RD 1065/2007). */
export interface Threshold347View {
  year: number;
  thresholdCents: number;
  status: 'NOT_REQUIRED' | 'BELOW_THRESHOLD' | 'REQUIRED';
  counterparties: {
    counterpartyKey: string;
    name: string;
    key: 'A' | 'B';
    amountCents: number;
    quarterAmountsCents: [number, number, number, number];
  }[];
  /** Counterparties within 80 % of the threshold (they may still cross it). */
  nearThreshold: { counterpartyKey: string; name: string; key: 'A' | 'B'; amountCents: number }[];
}

export interface ComplianceView {
  year: number;
  obligations: number;
  generated: number;
  submitted: number;
  pending: number;
  overdue: number;
  /** Submitted (or generated) share of the obligations due so far, 0-100. */
  percentage: number;
  status: 'GOOD' | 'WARNING' | 'CRITICAL';
  items: {
    obligationId: string;
    modelType: string;
    period: string;
    dueDate: string;
    obligationStatus: string;
    modelStatus: ModelStatus | null;
  }[];
}

/** POST analyze-period: which VAT models and income-tax returns the period owes and where each stands. */
export const AnalyzePeriodBody = z
  .object({
    year: ModelYear,
    quarter: z.coerce
      .number()
      .int()
      .min(1, { message: 'El trimestre debe estar entre 1 y 4' })
      .max(4, { message: 'El trimestre debe estar entre 1 y 4' })
      .optional(),
    month: z.coerce
      .number()
      .int()
      .min(1, { message: 'El mes debe estar entre 1 y 12' })
      .max(12, { message: 'El mes debe estar entre 1 y 12' })
      .optional(),
  })
  .strict();

export interface AnalyzePeriodView {
  year: number;
  models: {
    modelType: TaxModelType;
    period: string;
    applicable: boolean;
    reason: string;
    status: ModelStatus | 'NOT_GENERATED';
    result: ModelResult | null;
    issues: number;
  }[];
}

const cents = (field: string) => nonNegativeCents(field);

/** One line of an invoice to calculate (the invoice form's line, numbers never negative). */
export const CalculationLine = z
  .object({
    description: safeText().max(500).optional(),
    quantityMilli: z
      .number({ message: 'quantityMilli debe ser un número entero' })
      .int({ message: 'quantityMilli debe ser un número entero' })
      .min(0, { message: 'quantityMilli no puede ser negativo' }),
    unitPriceCents: cents('unitPriceCents'),
    discountBp: z
      .number()
      .int()
      .min(0, { message: 'discountBp no puede ser negativo' })
      .max(10_000)
      .default(0),
    vatRateBp: z.number().int().min(0, { message: 'vatRateBp no puede ser negativo' }),
    operation: z.enum(['S1', 'S2', 'N1', 'N2', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']).default('S1'),
    recargo: z.boolean().default(false),
    irpf: z.boolean().default(true),
  })
  .strict();

const INVOICE_TYPES = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;

/** POST calculations/invoice (spec part 2 §3: invoiceLines, invoiceType, invoiceDate, customerNif, customerName). */
export const InvoiceTaxCalculationBody = z
  .object({
    invoiceLines: z
      .array(CalculationLine)
      .min(1, { message: 'La factura debe tener al menos una línea' })
      .max(500),
    invoiceType: z.enum(INVOICE_TYPES).default('F1'),
    invoiceDate: z.iso.date({ message: 'La fecha debe tener el formato AAAA-MM-DD.' }),
    customerNif: safeText().max(20).optional(),
    customerName: safeText().max(200).optional(),
    /** The customer's country (ISO 3166-1 alpha-2); ES when absent. */
    customerCountry: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    irpfRateBp: z
      .number()
      .int()
      .min(0, { message: 'irpfRateBp no puede ser negativo' })
      .max(10_000)
      .optional(),
    recargoEquivalencia: z.boolean().default(false),
  })
  .strict();
export type InvoiceTaxCalculationBody = z.infer<typeof InvoiceTaxCalculationBody>;

export interface InvoiceTaxCalculationView {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
  lineBasesCents: number[];
  breakdown: {
    operation: string;
    vatRateBp: number;
    recargoRateBp: number;
    baseCents: number;
    vatCents: number;
    recargoCents: number;
  }[];
  legalMentions: string[];
}

/** The boxes one invoice feeds in one model, and the aggregate keys that carry it there. */
export interface ModelFeed {
  modelType: TaxModelType;
  period: string;
  boxes: Record<string, number>;
  note: string | null;
}

/** POST calculations/classify: where an invoice goes in the books and in the models. */
export const ClassifyInvoiceBody = InvoiceTaxCalculationBody.extend({
  /** ISSUED (default): an invoice the company issues; RECEIVED: one it receives (domestic, 21 %, …). */
  book: z.enum(['ISSUED', 'RECEIVED']).default('ISSUED'),
  /** Received only: the kind of operation (DOMESTIC, INTRA_EU_GOODS, IMPORT…) and investment goods. */
  receivedKind: z
    .enum([
      'DOMESTIC',
      'REVERSE_CHARGE',
      'INTRA_EU_GOODS',
      'INTRA_EU_SERVICES',
      'IMPORT',
      'EXEMPT',
      'NOT_SUBJECT',
    ])
    .default('DOMESTIC'),
  investmentGoods: z.boolean().default(false),
});
export type ClassifyInvoiceBody = z.infer<typeof ClassifyInvoiceBody>;

export interface InvoiceClassificationView {
  book: 'ISSUED' | 'RECEIVED';
  period: { month: string; quarter: string };
  aggregateKeys: string[];
  counterpartyKeys: string[];
  models: ModelFeed[];
}

/** POST calculations/comprehensive (spec: invoiceData + calculationContext). */
export const ComprehensiveCalculationBody = z
  .object({
    invoiceData: ClassifyInvoiceBody,
    calculationContext: z
      .object({
        /** Compute the models' boxes with these periods instead of the company's own. */
        includeModels: z.array(ModelTypeSchema).max(4).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

export interface ComprehensiveCalculationView {
  totals: InvoiceTaxCalculationView;
  classification: InvoiceClassificationView;
}

export const PublishedFileQuery = z.object({ kind: z.enum(['aeat', 'json']).default('aeat') });

/** A model as the client sees it in my-tax-documents. */
export interface PublishedModelView {
  modelId: string;
  modelType: TaxModelType;
  year: number;
  period: string;
  result: ModelResult;
  status: ModelStatus;
  reference: string | null;
  submittedAt: string | null;
  publishedAt: string;
}

/** `published-models/{modelId}/file`: a published model's file for the client. */
export const PublishedModelPath = z.object({ companyId: Id, modelId: ModelPath.shape.modelId });

// --- a model's returns by year, metrics and statistics (issue 15; spec part 2 §7) -------------------

/** `…/models/{modelType}/years/{year}`. */
export const ModelYearPath = z.object({ companyId: Id, modelType: ModelTypeSchema, year: ModelYear });
/** `…/models/{modelType}/years/{year}/quarters/{quarter}`. */
export const ModelQuarterPath = ModelYearPath.extend({ quarter: ModelQuarter });

/** `?year=` of metrics (default: the current year in Madrid) and statistics (default: every year). */
export const ModelYearQuery = z.object({ year: ModelYear.optional() });

/** One period of a model's year: the stored return, or NOT_GENERATED. */
export interface ModelYearPeriod {
  period: string;
  modelId: string;
  status: ModelStatus | 'NOT_GENERATED';
  model: TaxModelView | null;
}

/** GET by year: the company's returns of a model for a year, period by period (1T..4T or 01..12). */
export interface ModelYearView {
  modelType: TaxModelType;
  year: number;
  periods: ModelYearPeriod[];
}

/** The figures of one stored return the metrics read (spec: result, bases and withholdings, recipients). */
export interface ModelPeriodMetrics {
  period: string;
  modelId: string | null;
  status: ModelStatus | 'NOT_GENERATED';
  result: ModelResult | null;
  /** Withholding returns: the withholding bases; 130: the net income to date ([03]). */
  baseCents: number | null;
  /** Withholding returns: what was withheld; 130: the withholdings borne to date ([06]). */
  withheldCents: number | null;
  /** Withholding returns: recipients (or incomes) declared in the period. */
  recipients: number | null;
}

/** GET metrics: per period, and the year's totals (a cumulative model's figures: its latest return's). */
export interface ModelMetricsView {
  modelType: TaxModelType;
  year: number;
  /** The 130's boxes run from January: the year's figures are the latest return's, not a sum. */
  cumulative: boolean;
  periods: ModelPeriodMetrics[];
  totals: {
    generated: number;
    submitted: number;
    /** Σ of the results to pay (I, U, G), céntimos. */
    toPayCents: number;
    /** Σ of the signed results, céntimos. */
    resultCents: number;
    baseCents: number | null;
    withheldCents: number | null;
  };
}

/** GET statistics: the stored returns of a model counted by status and result type, with their sums. */
export interface ModelStatisticsView {
  modelType: TaxModelType;
  /** null: every year the company has returns of the model for. */
  year: number | null;
  total: number;
  byStatus: Record<ModelStatus, number>;
  byResultType: Partial<Record<ResultType, number>>;
  approved: number;
  published: number;
  toPayCents: number;
  /** Σ of the negative results (to compensate, to deduct, to refund), as a positive amount. */
  toRecoverCents: number;
  resultCents: number;
  /** Mean signed result per return, céntimos rounded half up (null without returns). */
  averageResultCents: number | null;
  /** The years the returns are of, newest first. */
  years: number[];
}

// --- the annual returns Cuadra does not file itself, as checklists (issue 15 item 4) ----------------

/**
 * `…/annual-returns/{modelType}`: 100, 200, 036, 369 or 720 (shared/fiscal/annual-checklists.ts
 * CHECKLIST_MODELS). Any three digits pass here; another model is answered 404 CORE_006 by the action.
 */
export const AnnualReturnPath = z.object({
  companyId: Id,
  modelType: z
    .string()
    .trim()
    .regex(/^\d{3}$/, { message: 'El modelo debe ser su número de tres cifras (p. ej. 100).' }),
});

/** `?year=`: the tax year of the returns (default: the last closed year, the one filed this year). */
export const AnnualReturnQuery = z.object({ year: ModelYear.optional() });

/** GET annual-returns: the five checklists of a year. */
export interface AnnualReturnsView {
  year: number;
  items: AnnualChecklist[];
}
