/**
 * Key builders of the documents domain (issue 17), spread into `keys` by `shared/db/keys.ts`. A
 * document lives in its company's partition; its upload id has a pointer item beside it (status by
 * upload id, and the idempotency of an intake); two sparse indexes follow it while it matters.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const pk = (companyId: string) => `COMPANY#${enc(companyId)}`;

export const documentKeys = {
  /**
   * A document (`DocumentDetails` + internals). Document ids start with 13 digits of epoch ms, so
   * the company's `DOC#` range is in creation order (lists and period windows are one Query).
   */
  document: (companyId: string, documentId: string): Key => ({
    pk: pk(companyId),
    sk: `DOC#${enc(documentId)}`,
  }),
  documentPrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'DOC#' }),
  /** `DOC#` sort keys of the ids created in [fromMs, toMs) (ids are time-ordered). */
  documentRange: (companyId: string, fromMs: number, toMs: number) => ({
    pk: pk(companyId),
    skFrom: `DOC#${String(fromMs).padStart(13, '0')}`,
    skTo: `DOC#${String(toMs).padStart(13, '0')}`,
  }),
  /** The upload id a browser follows -> its document (written with the document, conditionally). */
  documentUpload: (companyId: string, uploadId: string): Key => ({
    pk: pk(companyId),
    sk: `DOCUPLOAD#${enc(uploadId)}`,
  }),
  /**
   * gsi2 (sparse) while the document waits for something (UPLOADING, OCR_PENDING, OCR_PROCESSING,
   * OCR_RETRY_SCHEDULED): every company's, oldest move first, for the sweep.
   */
  documentOpen: (movedAt: string, companyId: string, documentId: string) => ({
    gsi2pk: 'DOCS#OPEN',
    gsi2sk: `${movedAt}#${enc(companyId)}#${enc(documentId)}`,
  }),
  documentOpenPartition: () => ({ gsi2pk: 'DOCS#OPEN' }),
  /**
   * gsi2 once read (a reading is stored): every company's readings of one month (`yyyy-mm` of the
   * reading, UTC), by time; the platform's reading metrics (pages, engines, costs) query a month.
   */
  documentRead: (processedAt: string, companyId: string, documentId: string) => ({
    gsi2pk: `DOCS#READ#${processedAt.slice(0, 7)}`,
    gsi2sk: `${processedAt}#${enc(companyId)}#${enc(documentId)}`,
  }),
  documentReadPartition: (month: string) => ({ gsi2pk: `DOCS#READ#${month}` }),
  /**
   * gsi1 (sparse) while the review is PENDING: the company's documents to review, urgent first
   * (`0#`), then oldest first. Whoever decides the review removes gsi1pk/gsi1sk.
   */
  documentReviewPending: (companyId: string, urgent: boolean, createdAt: string, documentId: string) => ({
    gsi1pk: `${pk(companyId)}#DOCREVIEW`,
    gsi1sk: `${urgent ? '0' : '1'}#${createdAt}#${enc(documentId)}`,
  }),
  documentReviewPendingPartition: (companyId: string) => ({ gsi1pk: `${pk(companyId)}#DOCREVIEW` }),
};
