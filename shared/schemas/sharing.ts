/**
 * Documents shared by the gestoría with its clients (issue 21 item 2; spec part 3 §3 Client portal
 * 'Shared document' and its filters, §4 'Shared document', §7 'Client portal and document sharing').
 * The staff share one of the company's documents with some of its CLIENTE members (one share per
 * document and client: sharing again updates it), view-only or downloadable, until an optional
 * expiry, optionally asking the client to approve it; the client lists, views, downloads (when
 * allowed) and approves what was shared with it.
 */

import * as z from 'zod';
import { Id, PageQuery } from './common';
import { DOCUMENT_TYPES, type DocumentType } from './documents';
import { safeMultiline, safeText } from './text';

/** The most clients one share request reaches (one transaction: 4 items per client). */
export const MAX_SHARE_CLIENTS = 20;

/** Stored statuses: ACTIVE or REVOKED; EXPIRED is computed from `expiresAt` when answering. */
export const SHARE_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export const SHARE_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ShareApprovalStatus = (typeof SHARE_APPROVAL_STATUSES)[number];

export const SHARE_STATUS_LABELS: Readonly<Record<ShareStatus, string>> = {
  ACTIVE: 'Activo',
  EXPIRED: 'Caducado',
  REVOKED: 'Revocado',
};

export const SHARE_APPROVAL_LABELS: Readonly<Record<ShareApprovalStatus, string>> = {
  PENDING: 'Pendiente de aprobación',
  APPROVED: 'Aprobado',
  REJECTED: 'No aprobado',
};

/** The spec's messages of a refused view or download. */
export const SHARE_VIEW_ONLY_MESSAGE = 'Este documento es solo de consulta: no se puede descargar';
export const SHARE_EXPIRED_MESSAGE = 'El acceso a este documento ha caducado';
export const SHARE_NOT_FOUND_MESSAGE = 'El documento compartido no existe.';

const BoolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

// --- requests -----------------------------------------------------------------------------------

/** POST companies/{companyId}/documents/{documentId}/shares. */
export const ShareDocumentBody = z
  .object({
    /** The spec's body names the document; when sent it must be the one of the path. */
    documentId: Id.optional(),
    clientIds: z
      .array(Id)
      .min(1, { message: 'Selecciona al menos un cliente' })
      .max(MAX_SHARE_CLIENTS, { message: `Puedes compartir con ${MAX_SHARE_CLIENTS} clientes como máximo` }),
    permissions: z
      .object({ download: z.boolean().default(false) })
      .strict()
      .default({ download: false }),
    /** Absent or null: no expiry. */
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    requiresApproval: z.boolean().default(false),
    /** A note to the client, shown with the share and in its notification. */
    message: safeMultiline().max(500).optional(),
  })
  .strict();
export type ShareDocumentBody = z.infer<typeof ShareDocumentBody>;

/** POST client/shared-documents/{shareId}/approve. */
export const ApproveShareBody = z
  .object({
    approved: z.boolean(),
    comments: safeMultiline().max(1000).optional(),
  })
  .strict();
export type ApproveShareBody = z.infer<typeof ApproveShareBody>;

export const SharePath = z.object({ shareId: Id });
export const ShareDocumentPath = z.object({ documentId: Id });

/** GET client/shared-documents: the spec's filters (dates as yyyy-mm-dd, on the day it was shared). */
export const ClientSharedListQuery = PageQuery.extend({
  status: z.enum(['ACTIVE', 'EXPIRED']).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  requiresApproval: BoolText.optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  search: safeText().max(100).optional(),
});
export type ClientSharedListQuery = z.infer<typeof ClientSharedListQuery>;

/** GET companies/{companyId}/documents/shares: the company's shares, newest first. */
export const CompanySharesQuery = PageQuery.extend({
  status: z.enum(SHARE_STATUSES).optional(),
  clientId: Id.optional(),
  documentId: Id.optional(),
});
export type CompanySharesQuery = z.infer<typeof CompanySharesQuery>;

// --- answers ------------------------------------------------------------------------------------

export interface ShareApproval {
  status: ShareApprovalStatus;
  comments: string | null;
  /** When the client decided (null while PENDING). */
  approvedAt: string | null;
}

/** A document shared with one client (the spec's id, name, type, sharedAt, permissions.download, and more). */
export interface SharedDocument {
  /** The share's id (routes `.../shared-documents/{shareId}`). */
  id: string;
  documentId: string;
  companyId: string;
  /** The document's file name. */
  name: string;
  type: DocumentType;
  contentType: string | null;
  sizeBytes: number | null;
  sharedAt: string;
  sharedBy: string;
  sharedByName: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  permissions: { view: true; download: boolean };
  expiresAt: string | null;
  /** ACTIVE, EXPIRED (computed from expiresAt) or REVOKED (the client never sees these). */
  status: ShareStatus;
  message: string | null;
  requiresApproval: boolean;
  /** Null when no approval was asked for. */
  approval: ShareApproval | null;
  revokedAt: string | null;
  lastViewedAt: string | null;
  viewCount: number;
  downloadCount: number;
  lastDownloadedAt: string | null;
}

export interface SharedDocumentPage {
  content: SharedDocument[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/** A CLIENTE member of the company the staff may share with. */
export interface ShareClient {
  userId: string;
  name: string;
  email: string;
}

/** GET companies/{companyId}/documents/shares: the page and the clients one can share with. */
export interface CompanySharesAnswer extends SharedDocumentPage {
  clients: ShareClient[];
}

/** POST .../shares: the shares as they are now (created or updated). */
export interface ShareDocumentAnswer {
  shares: SharedDocument[];
  created: number;
  updated: number;
}
