/**
 * The life of a filing through the submission gateway (issue 14 item 4). Pure: the state machine,
 * what blocks a new submission, the views and the statistics.
 *
 *   PENDING ──answer ACEPTADA──▶ ACCEPTED (final; the model and its obligation → SUBMITTED)
 *   PENDING ──answer RECHAZADA─▶ REJECTED (final; a corrected model is submitted anew)
 *   PENDING ──no answer────────▶ ERROR ──retry──▶ PENDING (the same request id; if the last attempt
 *                                                  may have reached the AEAT, it is asked first)
 *
 * A PENDING left by an attempt that never finished (the function was stopped) is treated as ERROR
 * once it is older than STALE_PENDING_MS, longer than any attempt can last.
 */

import type { StateCounts, SubmissionDetail, SubmissionStatistics } from '@shared/schemas/tax-filing';
import {
  type ModelResult,
  SUBMISSION_STATES,
  type SubmissionState,
  TAX_MODEL_TYPES,
  type TaxModelType,
} from '@shared/schemas/tax-models';

export interface SubmissionAttempt {
  at: string;
  by: string;
  /** STARTED: sent; the rest: how it ended (RECOVERED: the AEAT already held it, found by asking). */
  outcome: 'STARTED' | 'ACCEPTED' | 'REJECTED' | 'ERROR' | 'RECOVERED';
  detail: string | null;
}

/** A stored submission. */
export interface SubmissionRecord
  extends Omit<SubmissionDetail, 'retryable' | 'hasReceipt' | 'ambiguous' | 'lastAttemptAt'> {
  /** Sent as the AEAT request id on every attempt: `<companyNif>-<submissionId>`. */
  requestId: string;
  /** The file as filed, in the documents bucket. */
  fileKey: string;
  /** The justificante (PDF), once accepted with one. */
  receiptKey: string | null;
  /** The last attempt may have reached the AEAT without an answer. */
  ambiguous: boolean;
  lastAttemptAt: string | null;
  lastAttemptBy: string | null;
  /** The model was marked SUBMITTED after the acceptance (false: a retry completes it). */
  modelMarked: boolean;
  history: SubmissionAttempt[];
  revision: number;
}

/** Longer than any attempt (the gateway holds at most 20 s; the function dies at 29 s). */
export const STALE_PENDING_MS = 2 * 60 * 1000;

export const isStalePending = (r: Pick<SubmissionRecord, 'state' | 'updatedAt'>, now: Date): boolean =>
  r.state === 'PENDING' && now.getTime() - Date.parse(r.updatedAt) > STALE_PENDING_MS;

/** The state as the caller should read it (a stale PENDING is an ERROR). */
export const effectiveState = (r: SubmissionRecord, now: Date): SubmissionState =>
  isStalePending(r, now) ? 'ERROR' : r.state;

/** `retry` can do something: an ERROR (or stale PENDING), or an acceptance whose model is not marked yet. */
export const isRetryable = (r: SubmissionRecord, now: Date): boolean =>
  effectiveState(r, now) === 'ERROR' || (r.state === 'ACCEPTED' && !r.modelMarked);

export function toSubmissionView(r: SubmissionRecord, now: Date): SubmissionDetail {
  const state = effectiveState(r, now);
  return {
    submissionId: r.submissionId,
    companyId: r.companyId,
    modelId: r.modelId,
    modelType: r.modelType,
    year: r.year,
    period: r.period,
    mode: r.mode,
    state,
    csv: r.csv,
    receiptNumber: r.receiptNumber,
    errors:
      state === 'ERROR' && r.state === 'PENDING'
        ? [
            {
              code: 'INTERRUPTED',
              message: 'El envío no terminó: reinténtalo (se consultará antes a la AEAT).',
            },
          ]
        : r.errors,
    attempts: r.attempts,
    submittedBy: r.submittedBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    companyName: r.companyName,
    companyNif: r.companyNif,
    collaboratorNif: r.collaboratorNif,
    authorizationId: r.authorizationId,
    presentedAt: r.presentedAt,
    modelVersion: r.modelVersion,
    result: r.result,
    fileName: r.fileName,
    hasReceipt: r.receiptKey !== null,
    retryable: isRetryable(r, now),
    ambiguous: r.ambiguous || (r.state === 'PENDING' && isStalePending(r, now)),
    lastAttemptAt: r.lastAttemptAt,
  };
}

/**
 * Why the model cannot get a new submission, or null. Blocking: one in flight, one accepted, or one
 * in ERROR (retry that one: it keeps the request id, so the AEAT never gets the model twice).
 */
export function submissionBlocker(existing: SubmissionRecord[], now: Date): string | null {
  for (const r of existing) {
    const state = effectiveState(r, now);
    if (state === 'ACCEPTED')
      return `El modelo ya se presentó a la AEAT (justificante ${r.receiptNumber ?? r.csv ?? '—'}).`;
    if (state === 'PENDING') return 'El modelo se está presentando ahora mismo: espera a que termine.';
    if (state === 'ERROR')
      return `La presentación ${r.submissionId} no obtuvo respuesta de la AEAT: reinténtala en lugar de crear otra.`;
  }
  return null;
}

/** The next submission number of a model (1 for the first). */
export const nextSubmissionNumber = (existing: Pick<SubmissionRecord, 'submissionId'>[]): number =>
  existing.reduce((max, r) => Math.max(max, Number(/-(\d{3})$/.exec(r.submissionId)?.[1] ?? 0)), 0) + 1;

// --- statistics ---------------------------------------------------------------------------------------

const emptyCounts = (): StateCounts => ({
  total: 0,
  byState: Object.fromEntries(SUBMISSION_STATES.map((s) => [s, 0])) as Record<SubmissionState, number>,
});

const count = (c: StateCounts, state: SubmissionState) => {
  c.total += 1;
  c.byState[state] += 1;
};

export const DAYS_30_MS = 30 * 24 * 3600 * 1000;

export function submissionStatistics(records: SubmissionRecord[], now: Date): SubmissionStatistics {
  const all = emptyCounts();
  const last30 = emptyCounts();
  const byModel = Object.fromEntries(TAX_MODEL_TYPES.map((m) => [m, emptyCounts()])) as Record<
    TaxModelType,
    StateCounts
  >;
  const since30 = new Date(now.getTime() - DAYS_30_MS).toISOString();
  let lastAcceptedAt: string | null = null;
  for (const r of records) {
    const state = effectiveState(r, now);
    count(all, state);
    count(byModel[r.modelType], state);
    if (r.createdAt >= since30) count(last30, state);
    if (state === 'ACCEPTED') {
      const at = r.presentedAt ?? r.updatedAt;
      if (!lastAcceptedAt || at > lastAcceptedAt) lastAcceptedAt = at;
    }
  }
  const answered = all.byState.ACCEPTED + all.byState.REJECTED;
  return {
    ...all,
    byModel,
    last30Days: last30,
    acceptanceRate: answered === 0 ? null : Math.round((all.byState.ACCEPTED * 100) / answered),
    lastAcceptedAt,
    pendingRetry: all.byState.ERROR,
  };
}

/** A one-line Spanish summary of the AEAT's errors, for an alert. */
export const errorsSummary = (errors: { code: string; message: string }[]): string =>
  errors
    .slice(0, 3)
    .map((e) => `[${e.code}] ${e.message}`)
    .join(' ')
    .slice(0, 480);

/** The result a submission records of its model. */
export const resultOf = (m: { result: ModelResult }): ModelResult => ({ ...m.result });
