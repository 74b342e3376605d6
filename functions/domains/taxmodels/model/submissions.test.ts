import { describe, expect, it } from 'vitest';
import {
  effectiveState,
  isRetryable,
  nextSubmissionNumber,
  STALE_PENDING_MS,
  type SubmissionRecord,
  submissionBlocker,
  submissionStatistics,
  toSubmissionView,
} from './submissions';

const NOW = new Date('2026-04-15T10:00:00.000Z');

const sub = (over: Partial<SubmissionRecord> = {}): SubmissionRecord => ({
  submissionId: '2026-303-1T-001',
  companyId: 'co-1',
  companyName: 'Empresa',
  companyNif: 'B12345674',
  modelId: '2026-303-1T',
  modelType: '303',
  year: 2026,
  period: '1T',
  mode: 'CERTIFICATE',
  collaboratorNif: null,
  authorizationId: null,
  state: 'ACCEPTED',
  csv: 'ABCDEFGHJK000001',
  receiptNumber: '3030000000001',
  presentedAt: '2026-04-15T11:00:00+02:00',
  errors: [],
  attempts: 1,
  submittedBy: 'u-gestor',
  createdAt: '2026-04-15T09:00:00.000Z',
  updatedAt: '2026-04-15T09:00:01.000Z',
  modelVersion: 1,
  result: { type: 'I', amountCents: 120_000 },
  fileName: '303_2026_1T_B12345674.txt',
  requestId: '2026-303-1T-001',
  fileKey: 'k',
  receiptKey: 'r',
  ambiguous: false,
  lastAttemptAt: '2026-04-15T09:00:00.000Z',
  lastAttemptBy: 'u-gestor',
  modelMarked: true,
  history: [],
  revision: 3,
  ...over,
});

const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('the state machine', () => {
  it('a PENDING that outlived any attempt reads ERROR, retryable and ambiguous', () => {
    const fresh = sub({ state: 'PENDING', updatedAt: ago(10_000) });
    const stale = sub({ state: 'PENDING', updatedAt: ago(STALE_PENDING_MS + 1) });
    expect(effectiveState(fresh, NOW)).toBe('PENDING');
    expect(isRetryable(fresh, NOW)).toBe(false);
    expect(effectiveState(stale, NOW)).toBe('ERROR');
    expect(toSubmissionView(stale, NOW)).toMatchObject({
      state: 'ERROR',
      retryable: true,
      ambiguous: true,
      errors: [{ code: 'INTERRUPTED' }],
    });
  });

  it('retry: ERROR yes, REJECTED no, ACCEPTED only to finish marking its model', () => {
    expect(isRetryable(sub({ state: 'ERROR' }), NOW)).toBe(true);
    expect(isRetryable(sub({ state: 'REJECTED' }), NOW)).toBe(false);
    expect(isRetryable(sub(), NOW)).toBe(false);
    expect(isRetryable(sub({ modelMarked: false }), NOW)).toBe(true);
  });

  it('blocks a new submission while one is accepted, in flight, or waiting for its retry', () => {
    expect(submissionBlocker([], NOW)).toBeNull();
    expect(submissionBlocker([sub({ state: 'REJECTED' })], NOW)).toBeNull();
    expect(submissionBlocker([sub()], NOW)).toBe(
      'El modelo ya se presentó a la AEAT (justificante 3030000000001).',
    );
    expect(submissionBlocker([sub({ state: 'PENDING', updatedAt: ago(1000) })], NOW)).toMatch(
      /presentando ahora/,
    );
    expect(submissionBlocker([sub({ state: 'ERROR' })], NOW)).toMatch(/reinténtala/);
  });

  it('numbers the submissions of a model', () => {
    expect(nextSubmissionNumber([])).toBe(1);
    expect(nextSubmissionNumber([sub(), sub({ submissionId: '2026-303-1T-002' })])).toBe(3);
  });

  it('shows a receipt only when there is one', () => {
    expect(toSubmissionView(sub(), NOW).hasReceipt).toBe(true);
    expect(toSubmissionView(sub({ receiptKey: null }), NOW).hasReceipt).toBe(false);
  });
});

describe('statistics', () => {
  it('counts by state, by model and over the last 30 days, with the acceptance rate', () => {
    const stats = submissionStatistics(
      [
        sub(),
        sub({ submissionId: 'b', state: 'REJECTED', createdAt: ago(40 * 24 * 3600 * 1000) }),
        sub({ submissionId: 'c', state: 'ERROR' }),
        sub({ submissionId: 'd', modelType: '349', presentedAt: '2026-04-15T11:30:00+02:00' }),
        sub({ submissionId: 'e', state: 'PENDING', updatedAt: ago(STALE_PENDING_MS * 2) }),
      ],
      NOW,
    );
    expect(stats).toMatchObject({
      total: 5,
      byState: { ACCEPTED: 2, REJECTED: 1, ERROR: 2, PENDING: 0 },
      last30Days: { total: 4, byState: { ACCEPTED: 2, ERROR: 2, REJECTED: 0, PENDING: 0 } },
      acceptanceRate: 67,
      pendingRetry: 2,
      lastAcceptedAt: '2026-04-15T11:30:00+02:00',
    });
    expect(stats.byModel['303'].total).toBe(4);
    expect(stats.byModel['349']).toMatchObject({ total: 1, byState: { ACCEPTED: 1 } });
    expect(submissionStatistics([], NOW).acceptanceRate).toBeNull();
  });
});
