/**
 * The health of one client company on the advisor dashboard (issue 20, spec part 3 §2 "Advisor
 * dashboard", §3 "Advisor summary", §4 states): HEALTHY, WARNING or CRITICAL, with the reasons in
 * Spanish. Pure: the caller counts the facts (obligations, rejected records, documents to review,
 * the compliance score of shared/fiscal/fiscal-analysis.ts) and passes them in.
 *
 * The rules, first match wins for the status (every rule that applies gives a reason, the critical
 * ones first):
 *  - CRITICAL: the company's stats could not be computed (spec part 3 §4: "marked CRITICAL with
 *    zeros"), or an obligation is overdue, or a record the SII rejected (REJECTED or waiting for a
 *    correction), or a VeriFacTu submission with errors no later record corrected, or a compliance
 *    score below COMPLIANCE_CRITICAL_BELOW (70, the spec's compliance colour threshold);
 *  - WARNING: an open obligation counting down to a date at most DUE_SOON_DAYS (7) away, or
 *    documents waiting for the gestoría's review, or a compliance score below
 *    COMPLIANCE_WARNING_BELOW (90);
 *  - HEALTHY otherwise (no reasons). A company without a tax profile has no score (null): the score
 *    rules do not apply to it.
 */

import type { CompanyHealth } from '../schemas/dashboard';

/** Below this compliance score (0-100) the company is CRITICAL. */
export const COMPLIANCE_CRITICAL_BELOW = 70;
/** Below this compliance score (0-100) the company is at least WARNING. */
export const COMPLIANCE_WARNING_BELOW = 90;
/** An open obligation due within this many days makes the company at least WARNING. */
export const DUE_SOON_DAYS = 7;

export interface CompanyHealthFacts {
  /** The stats could not be computed. */
  failed: boolean;
  overdueObligations: number;
  /** Open, not overdue, due within DUE_SOON_DAYS days. */
  dueSoonObligations: number;
  /** SII records REJECTED or PENDING_CORRECTION. */
  rejectedSii: number;
  /** VeriFacTu submissions in ERROR not corrected by a later record. */
  rejectedVerifactu: number;
  /** Documents whose review is PENDING. */
  unreviewedDocuments: number;
  /** 0-100, null without a tax profile. */
  complianceScore: number | null;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The status and the reasons of a company (see the rules above). */
export function companyHealth(f: CompanyHealthFacts): { status: CompanyHealth; reasons: string[] } {
  if (f.failed) return { status: 'CRITICAL', reasons: ['No se pudieron calcular los datos de la empresa'] };
  const critical: string[] = [];
  const warning: string[] = [];
  if (f.overdueObligations > 0)
    critical.push(plural(f.overdueObligations, 'obligación vencida', 'obligaciones vencidas'));
  if (f.rejectedSii > 0)
    critical.push(plural(f.rejectedSii, 'registro SII rechazado', 'registros SII rechazados'));
  if (f.rejectedVerifactu > 0)
    critical.push(plural(f.rejectedVerifactu, 'envío VeriFacTu con errores', 'envíos VeriFacTu con errores'));
  if (f.complianceScore !== null && f.complianceScore < COMPLIANCE_CRITICAL_BELOW)
    critical.push(
      `Cumplimiento fiscal del ${f.complianceScore} % (menos del ${COMPLIANCE_CRITICAL_BELOW} %)`,
    );
  if (f.dueSoonObligations > 0)
    warning.push(
      plural(
        f.dueSoonObligations,
        `obligación vence en ${DUE_SOON_DAYS} días o menos`,
        `obligaciones vencen en ${DUE_SOON_DAYS} días o menos`,
      ),
    );
  if (f.unreviewedDocuments > 0)
    warning.push(plural(f.unreviewedDocuments, 'documento por revisar', 'documentos por revisar'));
  if (
    f.complianceScore !== null &&
    f.complianceScore >= COMPLIANCE_CRITICAL_BELOW &&
    f.complianceScore < COMPLIANCE_WARNING_BELOW
  )
    warning.push(`Cumplimiento fiscal del ${f.complianceScore} % (menos del ${COMPLIANCE_WARNING_BELOW} %)`);
  const status: CompanyHealth = critical.length > 0 ? 'CRITICAL' : warning.length > 0 ? 'WARNING' : 'HEALTHY';
  return { status, reasons: [...critical, ...warning] };
}

/**
 * The company's pending tasks (spec part 3 §3 per-company `pendingTasks`): overdue obligations,
 * obligations due within DUE_SOON_DAYS days, documents to review and rejected records.
 */
export const pendingTasksOf = (f: Omit<CompanyHealthFacts, 'failed' | 'complianceScore'>): number =>
  f.overdueObligations + f.dueSoonObligations + f.unreviewedDocuments + f.rejectedSii + f.rejectedVerifactu;
