/**
 * The sender tests' stand-in for the table: submissions, records, config, sender item and counters
 * in memory (`mem`), with the conditions the real conditional writes apply (status, attemptId, an
 * Incorrecto never requeued). Used by workers/submit-records*.test.ts through
 * `vi.mock(path, async (orig) => fakeSubmissionsStore(await orig()))`.
 */

import type {
  SubmissionAttempt,
  VerifactuConfig,
  VerifactuRecord,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { vi } from 'vitest';
import type { Move } from '../store/submissions';

export const mem = {
  subs: new Map<number, VerifactuSubmission>(),
  records: new Map<number, VerifactuRecord>(),
  config: null as VerifactuConfig | null,
  sender: {} as Record<string, unknown>,
  now: new Date('2027-01-15T10:00:00.000Z'),
  stats: {} as Record<string, number>,
  /** Makes the next applyMoves call run this first (a concurrent writer). */
  beforeMove: null as null | (() => void),
};

/** store/submissions with the table replaced by `mem` (for `vi.mock`). */
export function fakeSubmissionsStore(actual: typeof import('../store/submissions')) {
  return {
    ...actual,
    listPending: vi.fn(async (_d: unknown, _c: string, limit: number) =>
      [...mem.subs.values()]
        .filter((s) => s.status === 'QUEUED' || s.status === 'SENT')
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map((s) => structuredClone(s)),
    ),
    getRecords: vi.fn(async (_d: unknown, _c: string, seqs: number[]) => {
      const out = new Map<number, VerifactuRecord>();
      for (const s of seqs) if (mem.records.has(s)) out.set(s, mem.records.get(s)!);
      return out;
    }),
    applyMoves: vi.fn(async (_d: unknown, _c: string, moves: Move[]) => {
      mem.beforeMove?.();
      mem.beforeMove = null;
      const done = new Set<number>();
      for (const m of moves) {
        const s = mem.subs.get(m.seq);
        const v = m.update.ExpressionAttributeValues as Record<string, unknown>;
        if (!s || s.status !== m.from) continue;
        if (m.from === 'SENT' && s.attemptId !== v[':attempt']) continue;
        if (m.from === 'ERROR' && s.aeatState === 'Incorrecto') continue;
        if (m.from === 'QUEUED') {
          s.attemptId = v[':attempt'] as string;
          s.attempts += 1;
          s.lastAttemptAt = v[':at'] as string;
        }
        if (m.to === 'QUEUED') s.attemptId = null;
        if (['VERIFIED', 'ACCEPTED_WITH_ERRORS', 'ERROR'].includes(m.to)) {
          s.aeatState = v[':state'] as string | null;
          s.aeatCode = v[':code'] as string | null;
          s.aeatMessage = v[':message'] as string | null;
          s.csv = v[':csv'] as string | null;
          s.resolvedAt = v[':at'] as string;
        }
        if (v[':h']) s.history.push(...(v[':h'] as SubmissionAttempt[]));
        if (m.from !== m.to) {
          mem.stats[m.from] = (mem.stats[m.from] ?? 0) - 1;
          mem.stats[m.to] = (mem.stats[m.to] ?? 0) + 1;
        }
        s.status = m.to;
        done.add(m.seq);
      }
      return done;
    }),
  };
}

/** store/sender with the sender item and the config replaced by `mem` (for `vi.mock`). */
export function fakeSenderStore(actual: typeof import('../store/sender')) {
  return {
    ...actual,
    getConfig: vi.fn(async () => mem.config),
    companyName: vi.fn(async () => 'Panadería La Espiga SL'),
    takeLease: vi.fn(async (deps: { now: () => Date; newId: () => string }) => {
      const now = deps.now().toISOString();
      const until = mem.sender.leaseUntil as string | undefined;
      if (until && until >= now) return null;
      const leaseId = deps.newId();
      mem.sender.leaseId = leaseId;
      mem.sender.leaseUntil = new Date(deps.now().getTime() + 60_000).toISOString();
      return { leaseId, state: structuredClone(mem.sender) };
    }),
    releaseLease: vi.fn(async (_d: unknown, _c: string, leaseId: string) => {
      if (mem.sender.leaseId === leaseId) {
        delete mem.sender.leaseId;
        delete mem.sender.leaseUntil;
      }
    }),
    recordSend: vi.fn(async (_d: unknown, _c: string, at: Date, wait: number | null) => {
      const next = new Date(at.getTime() + (wait ?? 60) * 1000).toISOString();
      mem.sender.nextAllowedAt = next;
      mem.sender.waitSeconds = wait ?? 60;
      return next;
    }),
    setIsolation: vi.fn(async (_d: unknown, _c: string, seq: number | null) => {
      mem.sender.isolateThroughSeq = seq;
    }),
  };
}
