/**
 * From when a company must issue its invoices with a VeriFacTu-compliant system (RD 1007/2023,
 * Reglamento de los sistemas informáticos de facturación, disposición final cuarta, as amended).
 * The dates are data with the legal text that set them and the day that text took effect: the
 * version in force on a given day decides (reference/verifactu-sii.md §0).
 *
 * - RD 254/2025, de 1 de abril (BOE 2-4-2025): Impuesto sobre Sociedades taxpayers from 1-1-2026,
 *   everyone else from 1-7-2026.
 * - RD-ley 15/2025, de 2 de diciembre (BOE 3-12-2025; ratified by the Congress on 11-12-2025):
 *   1-1-2027 and 1-7-2027. The software vendors' date (29-7-2025) did not move.
 *
 * Companies in the SII are outside RD 1007/2023 (art. 3; AEAT FAQ): no date applies to them.
 */

import type { CompanyType } from '../db/records';
import type { VerifactuObligation } from '../schemas/verifactu';

export type TaxpayerKind = VerifactuObligation['taxpayerKind'];

export interface VerifactuDeadlineRule {
  /** The legal text, as cited to the user. */
  source: string;
  /** yyyy-mm-dd the text took effect (the day after its publication in the BOE). */
  inForceFrom: string;
  /** yyyy-mm-dd from which each kind of taxpayer must use VeriFacTu. */
  mandatoryFrom: Record<TaxpayerKind, string>;
}

/** Every version of the transitional dates, oldest first. */
export const VERIFACTU_DEADLINE_RULES: readonly VerifactuDeadlineRule[] = [
  {
    source: 'RD 1007/2023, disp. final 4.ª, modificada por el RD 254/2025',
    inForceFrom: '2025-04-03',
    mandatoryFrom: { CORPORATE_TAX: '2026-01-01', OTHER: '2026-07-01' },
  },
  {
    source: 'RD 1007/2023, disp. final 4.ª, modificada por el Real Decreto-ley 15/2025',
    inForceFrom: '2025-12-04',
    mandatoryFrom: { CORPORATE_TAX: '2027-01-01', OTHER: '2027-07-01' },
  },
];

/**
 * SL and SA pay the Impuesto sobre Sociedades. A sociedad civil with a mercantile object does too
 * since 2016 (Ley 27/2014 art. 7.1.a) and the company type cannot tell it from one without, so an
 * SC takes the earlier date. Autónomos (IRPF) and comunidades de bienes (income attribution) are
 * 'everyone else'.
 */
export const TAXPAYER_KIND_OF: Record<CompanyType, TaxpayerKind> = {
  SL: 'CORPORATE_TAX',
  SA: 'CORPORATE_TAX',
  SC: 'CORPORATE_TAX',
  AUTONOMO: 'OTHER',
  CB: 'OTHER',
};

/** yyyy-mm-dd of `at` in Spain (the legal dates are Spanish calendar days). */
export function madridDate(at: Date): string {
  return MADRID_DATE.format(at);
}

/** Built once: a formatter per call costs more than the formatting (thousands per advisor request). */
const MADRID_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The version in force on `day` (the oldest one before any took effect). */
export function deadlineRuleOn(day: string): VerifactuDeadlineRule {
  let rule = VERIFACTU_DEADLINE_RULES[0]!;
  for (const r of VERIFACTU_DEADLINE_RULES) if (r.inForceFrom <= day) rule = r;
  return rule;
}

/** The company's obligation as of `at`. */
export function verifactuObligationOf(
  company: { companyType: CompanyType; siiEnabled: boolean },
  at: Date,
): VerifactuObligation {
  const day = madridDate(at);
  const rule = deadlineRuleOn(day);
  const taxpayerKind = TAXPAYER_KIND_OF[company.companyType] ?? 'CORPORATE_TAX';
  if (company.siiEnabled) {
    return { applies: false, mandatoryFrom: null, mandatory: false, taxpayerKind, source: rule.source };
  }
  const mandatoryFrom = rule.mandatoryFrom[taxpayerKind];
  return { applies: true, mandatoryFrom, mandatory: day >= mandatoryFrom, taxpayerKind, source: rule.source };
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '1 de enero de 2027'. */
export function longSpanishDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} de ${MONTHS[(m ?? 1) - 1]} de ${y}`;
}

/** What the product says before the date: when VeriFacTu becomes mandatory for the company. */
export const mandatoryNotice = (mandatoryFrom: string): string =>
  `VeriFacTu será obligatorio para esta empresa desde el ${longSpanishDate(mandatoryFrom)}: configúralo antes (certificado de la empresa o representación de su gestoría) para poder seguir confirmando facturas.`;

/** The refusal once mandatory. */
export const mandatoryRefusal = (mandatoryFrom: string): string =>
  `Desde el ${longSpanishDate(mandatoryFrom)} VeriFacTu es obligatorio para esta empresa (RD 1007/2023): configura VeriFacTu (certificado de la empresa o representación de su gestoría) antes de confirmar facturas.`;
