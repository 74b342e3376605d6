/**
 * The VeriFacTu dashboard of a company (spec part 2 §4 dashboard warnings, part 3 VeriFacTu widget):
 * counts by submission state from the stats counters, and the warnings with the spec's exact texts.
 * Pure.
 */

import {
  type CertificateView,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  type VerifactuConfig,
  type VerifactuDashboard,
  type VerifactuSubmission,
  type VerifactuUsage,
} from '@shared/schemas/verifactu';

export const NOT_CONFIGURED_WARNING = 'VeriFacTu no configurado';
export const errorsWarning = (n: number): string => `${n} envíos VeriFacTu con errores`;

/** The stats attribute counting the records in a state. */
export const statusCounterName = (status: SubmissionStatus): string => `status_${status}`;

/** Counts by state from the stats item (absent counters are 0; never negative). */
export function countsOf(stats: Record<string, unknown> | undefined): Record<SubmissionStatus, number> {
  const out = {} as Record<SubmissionStatus, number>;
  for (const s of SUBMISSION_STATUSES) {
    const v = Number(stats?.[statusCounterName(s)] ?? 0);
    out[s] = Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0;
  }
  return out;
}

/** ERROR submissions no later record has corrected yet (a correction ADDs `corrected_ERROR`). */
export function uncorrectedErrors(stats: Record<string, unknown> | undefined, errors: number): number {
  const corrected = Number(stats?.corrected_ERROR ?? 0);
  return Math.max(0, errors - (Number.isFinite(corrected) ? Math.trunc(corrected) : 0));
}

/** Configured = a configuration exists and is enabled. */
export const isConfigured = (config: VerifactuConfig | null): boolean => Boolean(config?.enabled);

export function dashboardWarnings(input: {
  configured: boolean;
  /** Companies in the SII are outside VeriFacTu (RD 1007/2023 art. 3): no "not configured" warning. */
  siiEnabled: boolean;
  errors: number;
}): VerifactuDashboard['warnings'] {
  const warnings: VerifactuDashboard['warnings'] = [];
  if (input.errors > 0) warnings.push({ level: 'high', message: errorsWarning(input.errors) });
  if (!input.configured && !input.siiEnabled)
    warnings.push({ level: 'medium', message: NOT_CONFIGURED_WARNING });
  return warnings;
}

export function buildDashboard(input: {
  companyId: string;
  config: VerifactuConfig | null;
  stats: Record<string, unknown> | undefined;
  siiEnabled: boolean;
  usage: VerifactuUsage;
  certificate: CertificateView | null;
  recentErrors: VerifactuSubmission[];
  lastSubmissionAt: string | null;
}): VerifactuDashboard {
  const counts = countsOf(input.stats);
  const configured = isConfigured(input.config);
  return {
    companyId: input.companyId,
    configured,
    config: input.config,
    counts,
    lastSubmissionAt: input.lastSubmissionAt,
    usage: input.usage,
    certificate: input.certificate,
    warnings: dashboardWarnings({
      configured,
      siiEnabled: input.siiEnabled,
      errors: uncorrectedErrors(input.stats, counts.ERROR),
    }),
    recentErrors: input.recentErrors,
  };
}
