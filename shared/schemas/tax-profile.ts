/**
 * The tax profile of a company (issue 13 item 1): the census facts (declaración censal, modelo 036)
 * from which the obligation engine derives which AEAT models the company files and how often
 * (shared/fiscal/tax-obligations.ts). Written through `/companies/{companyId}/tax-profile`, the
 * assistant and the tax configuration of spec part 2 §3 (`/tax/companies/{companyId}/configuration`).
 *
 * Versioned: every change is a new version effective from the first day of a later month, so the
 * obligations of periods already started are never rewritten (tax-obligations.ts reads the version
 * in force at each period's start). Money in céntimos, rates in basis points, dates ISO.
 */

import * as z from 'zod';
import { COMPANY_TYPES, type CompanyType } from '../db/records';

/** The AEAT models the product knows (spec part 2 §3), as strings of three digits. */
export const TAX_MODELS = [
  '303',
  '390',
  '349',
  '347',
  '111',
  '190',
  '115',
  '180',
  '123',
  '193',
  '216',
  '296',
  '130',
  '131',
  '202',
  '200',
  '100',
  '369',
  '036',
  '720',
] as const;
export type TaxModel = (typeof TAX_MODELS)[number];
export const TaxModelSchema = z.enum(TAX_MODELS);

/** Spanish names, for screens, alerts and e-mails. */
export const taxModelNames: Record<TaxModel, string> = {
  '303': 'IVA. Autoliquidación',
  '390': 'IVA. Resumen anual',
  '349': 'Declaración recapitulativa de operaciones intracomunitarias',
  '347': 'Declaración anual de operaciones con terceras personas',
  '111': 'Retenciones del trabajo y actividades profesionales',
  '190': 'Resumen anual de retenciones del trabajo y actividades profesionales',
  '115': 'Retenciones por arrendamiento de inmuebles urbanos',
  '180': 'Resumen anual de retenciones por arrendamientos',
  '123': 'Retenciones de capital mobiliario',
  '193': 'Resumen anual de retenciones de capital mobiliario',
  '216': 'Retenciones a no residentes sin establecimiento permanente',
  '296': 'Resumen anual de retenciones a no residentes',
  '130': 'IRPF. Pago fraccionado (estimación directa)',
  '131': 'IRPF. Pago fraccionado (estimación objetiva)',
  '202': 'Impuesto sobre Sociedades. Pago fraccionado',
  '200': 'Impuesto sobre Sociedades. Declaración anual',
  '100': 'IRPF. Declaración de la Renta',
  '369': 'IVA. Ventanilla única (OSS)',
  '036': 'Declaración censal de modificación',
  '720': 'Declaración informativa de bienes y derechos en el extranjero',
};

/** IVA regime (Ley 37/1992): general, simplificado, recargo de equivalencia, REAGP, only exempt operations. */
export const VAT_REGIMES = ['GENERAL', 'SIMPLIFICADO', 'RECARGO_EQUIVALENCIA', 'REAGP', 'EXENTO'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const vatRegimeLabels: Record<VatRegime, string> = {
  GENERAL: 'Régimen general',
  SIMPLIFICADO: 'Régimen simplificado',
  RECARGO_EQUIVALENCIA: 'Recargo de equivalencia',
  REAGP: 'Régimen especial de agricultura, ganadería y pesca (REAGP)',
  EXENTO: 'Solo operaciones exentas',
};

/** Where the company's operations are taxed: IVA (peninsula and Balearics) or outside IVA (IGIC, IPSI). */
export const VAT_ZONES = ['PENINSULA', 'CANARIAS', 'CEUTA_MELILLA'] as const;
export type VatZone = (typeof VAT_ZONES)[number];
export const vatZoneLabels: Record<VatZone, string> = {
  PENINSULA: 'Península y Baleares (IVA)',
  CANARIAS: 'Canarias (IGIC)',
  CEUTA_MELILLA: 'Ceuta y Melilla (IPSI)',
};

/** IRPF method of an autónomo: estimación directa normal, directa simplificada, objetiva (módulos). */
export const IRPF_METHODS = ['DIRECTA_NORMAL', 'DIRECTA_SIMPLIFICADA', 'MODULOS'] as const;
export type IrpfMethod = (typeof IRPF_METHODS)[number];
export const irpfMethodLabels: Record<IrpfMethod, string> = {
  DIRECTA_NORMAL: 'Estimación directa normal',
  DIRECTA_SIMPLIFICADA: 'Estimación directa simplificada',
  MODULOS: 'Estimación objetiva (módulos)',
};

/** Models whose result can be paid by direct debit (domiciliación bancaria). */
export const DOMICILIABLE_MODELS = [
  '303',
  '111',
  '115',
  '123',
  '216',
  '130',
  '131',
  '202',
  '200',
  '100',
] as const satisfies readonly TaxModel[];
export type DomiciliableModel = (typeof DOMICILIABLE_MODELS)[number];

const MonthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'La fecha debe tener el formato MM-DD.' });

/** The census facts of one version of the profile. */
export const TaxProfileFacts = z
  .object({
    vatRegime: z.enum(VAT_REGIMES),
    vatZone: z.enum(VAT_ZONES),
    /** SII (Suministro Inmediato de Información): monthly VAT, no 347/390. Mirrored on the company. */
    siiEnabled: z.boolean(),
    /** Volume of operations above 6.010.121,04 € the year before: monthly returns. Mirrored on the company. */
    largeCompany: z.boolean(),
    /** Registro de devolución mensual (REDEME): monthly VAT. Mirrored on the company. */
    redeme: z.boolean(),
    /** Régimen especial del grupo de entidades: monthly VAT. */
    vatGroup: z.boolean(),
    /** Régimen especial del criterio de caja (IVA accrues on payment). */
    cashAccounting: z.boolean(),
    /** Prorrata (deductible share of input VAT) in basis points, null when every input VAT is deductible. */
    prorrataBp: z.number().int().min(0).max(10_000).nullable(),
    /** IRPF method (autónomos only; null for companies and entities in attribution of income). */
    irpfMethod: z.enum(IRPF_METHODS).nullable(),
    /** Professional with at least 70 % of last year's income under withholding: no modelo 130. */
    withholdingExemption130: z.boolean(),
    /** The IRPF withholding rate the autónomo applies on invoices, in basis points (1500 = 15 %). */
    irpfRateBp: z.number().int().min(0).max(10_000),
    hasEmployees: z.boolean(),
    /** Pays professionals (or other income) with IRPF withholding: modelo 111. */
    paysProfessionals: z.boolean(),
    /** Rents business premises with withholding: modelo 115 / 180. */
    rentsPremises: z.boolean(),
    /** Pays dividends or interest (capital mobiliario): modelo 123 / 193. */
    paysDividendsOrInterest: z.boolean(),
    /** Pays income to non-residents without permanent establishment: modelo 216 / 296. */
    paysNonResidents: z.boolean(),
    /** Intra-EU supplies or acquisitions: modelo 349. */
    intraEuOperations: z.boolean(),
    /** Intra-EU deliveries and services above 50.000 € in the quarter or the four before: monthly 349. */
    intraEuMonthly: z.boolean(),
    /** Registered in the Union or non-Union one-stop shop (OSS): modelo 369. */
    ossRegistered: z.boolean(),
    /** Assets or rights abroad above 50.000 € per block: modelo 720. */
    assetsAbroad: z.boolean(),
    /** Per model: true when its result is paid by direct debit (the alert uses the debit deadline). */
    domiciliation: z.partialRecord(z.enum(DOMICILIABLE_MODELS), z.boolean()),
    /** End of the tax year (IS) as MM-DD; 12-31 for a calendar year. */
    fiscalYearEnd: MonthDay,
  })
  .strict();
export type TaxProfileFacts = z.infer<typeof TaxProfileFacts>;

/** One version of the profile: its facts and the first day (ISO date, a 1st of month) it applies. */
export interface TaxProfileVersion {
  effectiveFrom: string;
  facts: TaxProfileFacts;
  changedAt: string;
  changedBy: string;
}

/** The profile as stored and answered: the company type, the current facts and the version history. */
export interface TaxProfile {
  companyId: string;
  companyType: CompanyType;
  /** The first tax year the profile covers (its first version is effective from 1 January of it). */
  taxYear: number;
  /** The facts of the latest version. */
  facts: TaxProfileFacts;
  /** Oldest first; the first starts on 1 January of `taxYear`. */
  versions: TaxProfileVersion[];
  createdAt: string;
  updatedAt: string;
}

/**
 * POST tax-profile (create) and PUT tax-profile (a new version). `facts` may name only the facts
 * that differ: a create starts from `defaultTaxProfileFacts` of the company, an update from the
 * latest version's facts. The facts may also come at the top level of the body (`{ "hasEmployees":
 * true }`), which `liftFlatFacts` moves under `facts` before validation.
 */
export const TaxProfileBody = z
  .object({
    facts: TaxProfileFacts.partial().strict().default({}),
    /** Create only: the first tax year covered (default: the current year). */
    taxYear: z.number().int().min(2000).max(2100).optional(),
    /**
     * Update only: the first day of the month the change applies from (default: the first day of
     * next month). Never earlier than that: periods already started keep their obligations.
     */
    effectiveFrom: z.iso.date().optional(),
  })
  .strict();
export type TaxProfileBody = z.input<typeof TaxProfileBody>;

const FACT_KEYS = new Set(Object.keys(TaxProfileFacts.shape));

/** Moves fact fields sent at the top level of a tax-profile body under `facts` (see TaxProfileBody). */
export function liftFlatFacts(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const flat = Object.keys(record).filter((k) => FACT_KEYS.has(k));
  if (flat.length === 0) return body;
  const nested =
    typeof record.facts === 'object' && record.facts !== null
      ? (record.facts as Record<string, unknown>)
      : {};
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !FACT_KEYS.has(k)));
  return { ...rest, facts: { ...Object.fromEntries(flat.map((k) => [k, record[k]])), ...nested } };
}

/** Facts a new profile starts from, given what the company record already says. */
export function defaultTaxProfileFacts(company: {
  companyType: CompanyType;
  siiEnabled: boolean;
  fiscal?: { largeCompany?: boolean; redeme?: boolean } | undefined;
}): TaxProfileFacts {
  const autonomo = company.companyType === 'AUTONOMO';
  return {
    vatRegime: 'GENERAL',
    vatZone: 'PENINSULA',
    siiEnabled: company.siiEnabled,
    largeCompany: company.fiscal?.largeCompany ?? false,
    redeme: company.fiscal?.redeme ?? false,
    vatGroup: false,
    cashAccounting: false,
    prorrataBp: null,
    irpfMethod: autonomo ? 'DIRECTA_SIMPLIFICADA' : null,
    withholdingExemption130: false,
    irpfRateBp: autonomo ? 1500 : 0,
    hasEmployees: false,
    paysProfessionals: false,
    rentsPremises: false,
    paysDividendsOrInterest: false,
    paysNonResidents: false,
    intraEuOperations: false,
    intraEuMonthly: false,
    ossRegistered: false,
    assetsAbroad: false,
    domiciliation: {},
    fiscalYearEnd: '12-31',
  };
}

/** Monthly VAT (303 every month): SII, REDEME, large company or VAT group (art. 71.3 RIVA). */
export const filesVatMonthly = (f: TaxProfileFacts): boolean =>
  f.siiEnabled || f.redeme || f.largeCompany || f.vatGroup;

export { COMPANY_TYPES };
