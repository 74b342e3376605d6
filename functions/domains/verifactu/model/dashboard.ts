/**
 * The VeriFacTu dashboard of a company (spec part 2 §4 dashboard warnings, part 3 VeriFacTu widget):
 * counts by submission state from the stats counters, and the warnings with the spec's exact texts.
 * Pure.
 */

import { mandatoryNotice, mandatoryRefusal } from '@shared/fiscal/verifactu-obligation';
import {
  type CertificateView,
  type SendingState,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  type VerifactuConfig,
  type VerifactuDashboard,
  type VerifactuObligation,
  type VerifactuSubmission,
  type VerifactuUsage,
} from '@shared/schemas/verifactu';

export const NOT_CONFIGURED_WARNING = 'VeriFacTu no configurado';
export const NOT_SENDING_WARNING = 'VeriFacTu no puede enviar los registros a la AEAT';
export const errorsWarning = (n: number): string => `${n} envíos VeriFacTu con errores`;

/** When VeriFacTu becomes (or became) mandatory for the company, in a sentence; null outside it. */
export const obligationSentence = (o: VerifactuObligation): string | null =>
  o.applies && o.mandatoryFrom ? (o.mandatory ? mandatoryRefusal : mandatoryNotice)(o.mandatoryFrom) : null;

const waiting = (queued: number): string =>
  queued === 1 ? '1 registro espera su envío. ' : queued > 1 ? `${queued} registros esperan su envío. ` : '';

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

/**
 * The dashboard warnings: uncorrected errors (high); no configuration (medium, the spec's text) or a
 * configuration that cannot send (high: its records pile up), each with the reason the queued
 * records wait and when VeriFacTu becomes mandatory as `detail`. Companies in the SII are outside
 * VeriFacTu (RD 1007/2023 art. 3): no configuration warning.
 */
export function dashboardWarnings(input: {
  configured: boolean;
  siiEnabled: boolean;
  errors: number;
  queued?: number;
  sending?: SendingState;
  obligation?: VerifactuObligation;
}): VerifactuDashboard['warnings'] {
  const warnings: VerifactuDashboard['warnings'] = [];
  if (input.errors > 0) warnings.push({ level: 'high', message: errorsWarning(input.errors) });
  if (input.siiEnabled) return warnings;
  const reason = input.sending && !input.sending.ready ? input.sending.reason.message : null;
  const when = input.obligation ? obligationSentence(input.obligation) : null;
  const detail = [reason ? `${waiting(input.queued ?? 0)}${reason}` : null, input.configured ? null : when]
    .filter(Boolean)
    .join(' ');
  if (!input.configured) {
    warnings.push({ level: 'medium', message: NOT_CONFIGURED_WARNING, ...(detail ? { detail } : {}) });
  } else if (reason) {
    warnings.push({ level: 'high', message: NOT_SENDING_WARNING, detail });
  }
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
  sending: SendingState;
  obligation: VerifactuObligation;
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
    sending: input.sending,
    obligation: input.obligation,
    warnings: dashboardWarnings({
      configured,
      siiEnabled: input.siiEnabled,
      errors: uncorrectedErrors(input.stats, counts.ERROR),
      queued: counts.QUEUED,
      sending: input.sending,
      obligation: input.obligation,
    }),
    recentErrors: input.recentErrors,
  };
}
