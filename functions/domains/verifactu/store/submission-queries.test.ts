import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { COMPANY, seedRecord, submissionsHarness } from '../testing/submissions-harness';
import {
  countSubmissions,
  filteredSubmissions,
  matchesFilters,
  newestSubmissions,
  seqOfSubmissionId,
} from './submission-queries';

const h = submissionsHarness();

describe('submission queries', () => {
  it('seqOfSubmissionId: only `<companyId>-<seq>` of this company', () => {
    expect(seqOfSubmissionId('co-1', 'co-1-12')).toBe(12);
    expect(seqOfSubmissionId('co-1', 'co-12')).toBeNull();
    expect(seqOfSubmissionId('co', 'co-1-12')).toBeNull();
    expect(seqOfSubmissionId('co-1', 'co-1-0')).toBeNull();
    expect(seqOfSubmissionId('co-1', 'co-1-1e3')).toBeNull();
    expect(seqOfSubmissionId('co-1', 'co-1-12345678901')).toBeNull();
  });

  it('counts across pages and reads the newest only up to the limit', async () => {
    for (let i = 0; i < 250; i++) seedRecord({ invoiceId: `i${i}` });
    expect(await countSubmissions(h.deps, COMPANY)).toBe(250);
    const newest = await newestSubmissions(h.deps, COMPANY, 150);
    expect(newest).toHaveLength(150);
    expect(newest[0]!.seq).toBe(250);
    expect(newest.at(-1)!.seq).toBe(101);
  });

  it('filtered reads are bounded by maxRead and stop early after stopAfter matches', async () => {
    for (let i = 0; i < 250; i++) seedRecord({ invoiceId: `i${i}`, status: i % 2 ? 'ERROR' : 'VERIFIED' });
    h.db.resetHistory();
    const early = await filteredSubmissions(h.deps, COMPANY, (s) => s.status === 'ERROR', { stopAfter: 10 });
    expect(early.items).toHaveLength(10);
    expect(h.db.commandCalls(QueryCommand)).toHaveLength(1);

    const bounded = await filteredSubmissions(h.deps, COMPANY, () => true, { maxRead: 120 });
    expect(bounded.items).toHaveLength(120);
    expect(bounded.truncated).toBe(true);
    const all = await filteredSubmissions(h.deps, COMPANY, matchesFilters({ status: 'VERIFIED' }));
    expect(all).toMatchObject({ truncated: false });
    expect(all.items).toHaveLength(125);
  });
});
