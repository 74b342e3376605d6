import { AppError } from '@shared/api/errors';
import { SHARE_EXPIRED_MESSAGE, SHARE_VIEW_ONLY_MESSAGE } from '@shared/schemas/sharing';
import { describe, expect, it } from 'vitest';
import {
  assertApprovable,
  assertFutureExpiry,
  assertOpenable,
  filterClientShares,
  newShareId,
  type ShareRecord,
  statusOf,
  toSharedDocument,
} from './sharing';

const NOW = new Date('2026-03-10T09:00:00.000Z');

const record = (over: Partial<ShareRecord> = {}): ShareRecord => ({
  shareId: '1773133200000abc',
  companyId: 'co',
  documentId: 'd1',
  clientId: 'u-client',
  clientName: 'Cliente',
  clientEmail: 'c@x.es',
  name: 'Modelo 303.pdf',
  type: 'TAX',
  contentType: 'application/pdf',
  sizeBytes: 10,
  createdAt: NOW.toISOString(),
  sharedAt: NOW.toISOString(),
  sharedBy: 'u-gestor',
  sharedByName: 'Gestor',
  download: false,
  expiresAt: null,
  status: 'ACTIVE',
  message: null,
  requiresApproval: false,
  approval: null,
  revokedAt: null,
  revokedBy: null,
  lastViewedAt: null,
  viewCount: 0,
  downloadCount: 0,
  lastDownloadedAt: null,
  updatedAt: NOW.toISOString(),
  rev: 1,
  ...over,
});

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('share status', () => {
  it('is EXPIRED from the expiry instant on, REVOKED whatever the expiry', () => {
    expect(statusOf(record({ expiresAt: '2026-03-10T09:00:00.001Z' }), NOW)).toBe('ACTIVE');
    expect(statusOf(record({ expiresAt: NOW.toISOString() }), NOW)).toBe('EXPIRED');
    expect(statusOf(record({ status: 'REVOKED', expiresAt: '2020-01-01T00:00:00.000Z' }), NOW)).toBe(
      'REVOKED',
    );
  });
});

describe('opening a share', () => {
  it('404 for another client or a revoked share; 403 with the messages for expired and view-only downloads', () => {
    expect(refusal(() => assertOpenable(record(), 'u-other', 'view', NOW)).code).toBe('CORE_006');
    expect(refusal(() => assertOpenable(null, 'u-client', 'view', NOW)).code).toBe('CORE_006');
    expect(refusal(() => assertOpenable(record({ status: 'REVOKED' }), 'u-client', 'view', NOW)).status).toBe(
      404,
    );
    const expired = refusal(() =>
      assertOpenable(record({ expiresAt: '2026-03-01T00:00:00.000Z' }), 'u-client', 'view', NOW),
    );
    expect([expired.code, expired.message]).toEqual(['CORE_002', SHARE_EXPIRED_MESSAGE]);
    const viewOnly = refusal(() => assertOpenable(record(), 'u-client', 'download', NOW));
    expect([viewOnly.status, viewOnly.message]).toEqual([403, SHARE_VIEW_ONLY_MESSAGE]);
    expect(assertOpenable(record({ download: true }), 'u-client', 'download', NOW).shareId).toBe(
      '1773133200000abc',
    );
  });

  it('approves only a pending approval', () => {
    expect(refusal(() => assertApprovable(record(), 'u-client', NOW)).code).toBe('DOC_CONFLICT');
    const decided = record({
      requiresApproval: true,
      approval: { status: 'APPROVED', comments: null, approvedAt: NOW.toISOString() },
    });
    expect(refusal(() => assertApprovable(decided, 'u-client', NOW)).code).toBe('DOC_CONFLICT');
    const pending = record({
      requiresApproval: true,
      approval: { status: 'PENDING', comments: null, approvedAt: null },
    });
    expect(assertApprovable(pending, 'u-client', NOW)).toBe(pending);
  });
});

describe('rules', () => {
  it('an expiry must be in the future; none is fine', () => {
    expect(assertFutureExpiry(undefined, NOW)).toBeNull();
    expect(assertFutureExpiry('2026-03-11T00:00:00+01:00', NOW)).toBe('2026-03-10T23:00:00.000Z');
    expect(refusal(() => assertFutureExpiry(NOW.toISOString(), NOW)).field).toBe('expiresAt');
  });

  it('ids start with 13 digits of epoch ms', () => {
    expect(newShareId(NOW, 'a-b_c')).toBe(`${NOW.getTime()}abc`);
  });

  it('filters the client list by status, type, approval, dates and an accent-insensitive search', () => {
    const rows = [
      toSharedDocument(record({ shareId: 's1', name: 'Declaración IVA.pdf' }), NOW),
      toSharedDocument(
        record({
          shareId: 's2',
          type: 'INVOICE',
          requiresApproval: true,
          sharedAt: '2026-03-05T10:00:00.000Z',
        }),
        NOW,
      ),
      toSharedDocument(record({ shareId: 's3', expiresAt: '2026-03-01T00:00:00.000Z' }), NOW),
      toSharedDocument(record({ shareId: 's4', status: 'REVOKED' }), NOW),
    ];
    const ids = (q: Parameters<typeof filterClientShares>[1]) => filterClientShares(rows, q).map((r) => r.id);
    expect(ids({})).toEqual(['s1', 's2', 's3']);
    expect(ids({ status: 'EXPIRED' })).toEqual(['s3']);
    expect(ids({ documentType: 'INVOICE' })).toEqual(['s2']);
    expect(ids({ requiresApproval: false })).toEqual(['s1', 's3']);
    expect(ids({ dateTo: '2026-03-05' })).toEqual(['s2']);
    expect(ids({ search: 'declaracion iva' })).toEqual(['s1']);
  });
});
