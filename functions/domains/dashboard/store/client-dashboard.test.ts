import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  countOwnDocumentsInReview,
  readMeetings,
  readOwnUploads,
  readPublishedModels,
} from './client-dashboard';

const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: 'cuadra-test' };
const NOW = new Date('2026-11-27T12:00:00.000Z');

const meeting = (companyId: string, meetingId: string, clientId: string, status: string) =>
  table.put({
    ...keys.meeting(companyId, meetingId),
    entity: 'Meeting',
    meetingId,
    companyId,
    clientId,
    status,
    subject: 's',
    date: '2026-12-01',
    time: '10:00',
    startsAt: '2026-12-01T09:00:00.000Z',
    requestedAt: '2026-11-20T09:00:00.000Z',
    proposed: null,
  });

const doc = (companyId: string, ms: number, uploadedBy: string, status: string) => {
  const documentId = `${ms}${uploadedBy}`;
  const createdAt = new Date(ms).toISOString();
  table.put({
    ...keys.document(companyId, documentId),
    ...(status === 'PENDING' ? keys.documentReviewPending(companyId, false, createdAt, documentId) : {}),
    entity: 'Document',
    documentId,
    fileName: `${documentId}.pdf`,
    uploadedBy,
    createdAt,
    review: { status, reviewedAt: null, reason: null },
  });
};

beforeEach(() => table.reset());

describe('client dashboard reads', () => {
  it("meetings: the company's only; a CLIENTE's filtered to its own; reminder claims are not meetings", async () => {
    meeting('co-1', 'm1', 'c1', 'PROPOSED');
    meeting('co-1', 'm2', 'c2', 'PROPOSED');
    meeting('co-2', 'm3', 'c1', 'PROPOSED');
    table.put({ ...keys.meetingReminderSent('co-1', 'm1', 60), entity: 'MeetingReminderSent' });
    expect((await readMeetings(deps, 'co-1', null)).map((m) => m.meetingId).sort()).toEqual(['m1', 'm2']);
    expect((await readMeetings(deps, 'co-1', 'c1')).map((m) => m.meetingId)).toEqual(['m1']);
  });

  it("documents in review: the caller's own pending uploads of this company only", async () => {
    const t = NOW.getTime();
    doc('co-1', t - 1000, 'c1', 'PENDING');
    doc('co-1', t - 2000, 'c1', 'PENDING');
    doc('co-1', t - 3000, 'c1', 'APPROVED');
    doc('co-1', t - 4000, 'c2', 'PENDING');
    doc('co-2', t - 5000, 'c1', 'PENDING');
    expect(await countOwnDocumentsInReview(deps, 'co-1', 'c1')).toBe(2);
  });

  it('latest uploads: the caller’s, newest first, at most 5, within 90 days', async () => {
    const t = NOW.getTime();
    for (let i = 0; i < 7; i++) doc('co-1', t - (i + 1) * 3_600_000, 'c1', 'NOT_REQUIRED');
    for (let i = 0; i < 150; i++) doc('co-1', t - 30 * 60_000 - i * 1000, 'c2', 'NOT_REQUIRED');
    doc('co-1', t - 100 * 86_400_000, 'c1', 'NOT_REQUIRED');
    const uploads = await readOwnUploads(deps, 'co-1', 'c1', NOW);
    expect(uploads).toHaveLength(5);
    expect(uploads[0]!.createdAt).toBe(new Date(t - 3_600_000).toISOString());
    expect(uploads.map((u) => u.createdAt)).toEqual([...uploads.map((u) => u.createdAt)].sort().reverse());
  });

  it('published models only', async () => {
    table.put({
      ...keys.taxModel('co-1', 2026, 'a'),
      modelId: 'a',
      modelType: '303',
      period: '1T',
      year: 2026,
      publishedAt: null,
    });
    table.put({
      ...keys.taxModel('co-1', 2025, 'b'),
      modelId: 'b',
      modelType: '130',
      period: '4T',
      year: 2025,
      publishedAt: '2026-01-20T00:00:00.000Z',
    });
    expect(await readPublishedModels(deps, 'co-1', [2026, 2025])).toEqual([
      { modelId: 'b', modelType: '130', period: '4T', year: 2025, publishedAt: '2026-01-20T00:00:00.000Z' },
    ]);
  });
});
