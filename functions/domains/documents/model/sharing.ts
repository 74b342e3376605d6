/**
 * Documents shared with clients (issue 21 item 2), the pure rules: the stored share and its answer,
 * the status a share has now (EXPIRED computed from `expiresAt`), who may open it and how (view
 * always, download only with `permissions.download`), the client list's filters, and the texts of
 * the notifications. The store (store/shares.ts) reads and writes; nothing here touches DynamoDB.
 */

import { AppError } from '@shared/api/errors';
import type { DocumentType } from '@shared/schemas/documents';
import {
  type ClientSharedListQuery,
  SHARE_EXPIRED_MESSAGE,
  SHARE_NOT_FOUND_MESSAGE,
  SHARE_VIEW_ONLY_MESSAGE,
  type ShareApproval,
  type SharedDocument,
  type ShareStatus,
} from '@shared/schemas/sharing';

/** What is stored for one share (the item without keys). */
export interface ShareRecord {
  shareId: string;
  companyId: string;
  documentId: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  /** Snapshots of the document when it was (last) shared: the client's list reads no document. */
  name: string;
  type: DocumentType;
  contentType: string | null;
  sizeBytes: number | null;
  createdAt: string;
  /** The last time it was shared (sharing again moves it: the client's list is newest first). */
  sharedAt: string;
  sharedBy: string;
  sharedByName: string;
  download: boolean;
  expiresAt: string | null;
  /** Stored: ACTIVE or REVOKED. */
  status: 'ACTIVE' | 'REVOKED';
  message: string | null;
  requiresApproval: boolean;
  approval: ShareApproval | null;
  revokedAt: string | null;
  revokedBy: string | null;
  lastViewedAt: string | null;
  viewCount: number;
  downloadCount: number;
  lastDownloadedAt: string | null;
  updatedAt: string;
  /** Optimistic revision: every rewrite is conditioned on the one read. */
  rev: number;
}

/** ACTIVE, REVOKED, or EXPIRED once `expiresAt` has passed. */
export function statusOf(s: Pick<ShareRecord, 'status' | 'expiresAt'>, now: Date): ShareStatus {
  if (s.status === 'REVOKED') return 'REVOKED';
  if (s.expiresAt && Date.parse(s.expiresAt) <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

export function toSharedDocument(s: ShareRecord, now: Date): SharedDocument {
  return {
    id: s.shareId,
    documentId: s.documentId,
    companyId: s.companyId,
    name: s.name,
    type: s.type,
    contentType: s.contentType,
    sizeBytes: s.sizeBytes,
    sharedAt: s.sharedAt,
    sharedBy: s.sharedBy,
    sharedByName: s.sharedByName,
    clientId: s.clientId,
    clientName: s.clientName,
    clientEmail: s.clientEmail,
    permissions: { view: true, download: s.download },
    expiresAt: s.expiresAt,
    status: statusOf(s, now),
    message: s.message,
    requiresApproval: s.requiresApproval,
    approval: s.approval,
    revokedAt: s.revokedAt,
    lastViewedAt: s.lastViewedAt,
    viewCount: s.viewCount,
    downloadCount: s.downloadCount,
    lastDownloadedAt: s.lastDownloadedAt,
  };
}

/**
 * The share a client may open, or why not: another client's share or a revoked one does not
 * exist for it (404); an expired one is refused (403) with the spec's message; a download of a
 * view-only share likewise.
 */
export function assertOpenable(
  s: ShareRecord | null,
  clientId: string,
  mode: 'view' | 'download',
  now: Date,
): ShareRecord {
  if (!s || s.clientId !== clientId || s.status === 'REVOKED')
    throw new AppError('CORE_006', SHARE_NOT_FOUND_MESSAGE, { field: 'shareId' });
  if (statusOf(s, now) === 'EXPIRED') throw new AppError('CORE_002', SHARE_EXPIRED_MESSAGE);
  if (mode === 'download' && !s.download) throw new AppError('CORE_002', SHARE_VIEW_ONLY_MESSAGE);
  return s;
}

/** The client's approval: only of its own ACTIVE share that asked for one, once. */
export function assertApprovable(s: ShareRecord | null, clientId: string, now: Date): ShareRecord {
  const share = assertOpenable(s, clientId, 'view', now);
  if (!share.requiresApproval || !share.approval)
    throw new AppError('DOC_CONFLICT', 'Este documento no requiere aprobación.');
  if (share.approval.status !== 'PENDING')
    throw new AppError('DOC_CONFLICT', 'Ya has respondido a este documento.');
  return share;
}

/** An expiry must lie in the future. */
export function assertFutureExpiry(expiresAt: string | null | undefined, now: Date): string | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at) || at <= now.getTime())
    throw new AppError('CORE_004', 'La fecha de caducidad debe ser posterior a este momento.', {
      field: 'expiresAt',
    });
  return new Date(at).toISOString();
}

/** Time-ordered id: 13 digits of epoch ms, then the random part. */
export function newShareId(now: Date, random: string): string {
  return `${String(now.getTime()).padStart(13, '0')}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 20)}`;
}

const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The client list's filters (spec part 3 §3): never a revoked share; dates on the day it was shared (UTC). */
export function filterClientShares(
  rows: SharedDocument[],
  q: Omit<ClientSharedListQuery, 'page' | 'size' | 'sort'>,
): SharedDocument[] {
  const search = q.search ? folded(q.search.trim()) : '';
  return rows.filter(
    (d) =>
      d.status !== 'REVOKED' &&
      (!q.status || d.status === q.status) &&
      (!q.documentType || d.type === q.documentType) &&
      (q.requiresApproval === undefined || d.requiresApproval === q.requiresApproval) &&
      (!q.dateFrom || d.sharedAt.slice(0, 10) >= q.dateFrom) &&
      (!q.dateTo || d.sharedAt.slice(0, 10) <= q.dateTo) &&
      (!search ||
        folded(d.name).includes(search) ||
        (d.message !== null && folded(d.message).includes(search))),
  );
}

export function pageOfShares<T>(rows: T[], page: number, size: number) {
  return {
    content: rows.slice(page * size, page * size + size),
    page,
    size,
    totalElements: rows.length,
    totalPages: Math.ceil(rows.length / size),
  };
}

/** The client's notification of a share. */
export function sharedNotice(
  s: Pick<ShareRecord, 'name' | 'sharedByName' | 'download' | 'requiresApproval'>,
) {
  const what = s.download ? '' : ' (solo consulta)';
  const ask = s.requiresApproval ? ' Te pide que lo apruebes.' : '';
  return {
    title: 'Documento compartido',
    message: `${s.sharedByName} ha compartido contigo "${s.name}"${what}.${ask}`,
    severity: 'info' as const,
  };
}

/** The sharer's notification of the client's answer. */
export function approvalNotice(s: Pick<ShareRecord, 'name' | 'clientName'>, approval: ShareApproval) {
  const approved = approval.status === 'APPROVED';
  const comments = approval.comments ? ` Comentarios: ${approval.comments}` : '';
  return {
    title: approved ? 'Documento aprobado' : 'Documento no aprobado',
    message: `${s.clientName} ${approved ? 'ha aprobado' : 'no ha aprobado'} "${s.name}".${comments}`,
    severity: approved ? ('success' as const) : ('warning' as const),
  };
}

/** The in-app links of the notifications (web/src/lib/paths.ts). */
export const clientShareLink = (shareId: string) => `/app/my-documents?shared=${encodeURIComponent(shareId)}`;
export const staffShareLink = (companyId: string, documentId: string) =>
  `/app/companies/${encodeURIComponent(companyId)}/documents?document=${encodeURIComponent(documentId)}`;
