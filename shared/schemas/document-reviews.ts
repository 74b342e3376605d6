/**
 * Contracts of the advisor reviews (issue 17 item 5; spec part 3 §7 "Advisor reviews: pending,
 * urgent, approve with notes, reject with reason, statistics, category, confidential, reprocess").
 * A review is the staff's verdict on what the reading found; its corrections are what the accuracy
 * of the readers is measured by (ai-metrics).
 */

import * as z from 'zod';
import { Id, PageQuery } from './common';
import { type DocumentSummary, ExtractionCorrection } from './documents';
import { safeMultiline } from './text';

/** GET /document-reviews/pending and /urgent: urgent first, then the oldest. */
export const ReviewListQuery = PageQuery;
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/** POST /document-reviews/{documentId}/approve. */
export const ApproveDocumentBody = z
  .object({
    notes: safeMultiline().max(2000).optional(),
    corrections: ExtractionCorrection.optional(),
  })
  .strict();
export type ApproveDocumentBody = z.infer<typeof ApproveDocumentBody>;

/** POST /document-reviews/{documentId}/reject: the reason is required (it is shown to the uploader). */
export const RejectDocumentBody = z
  .object({
    reason: safeMultiline()
      .trim()
      .min(1, { message: 'Indica el motivo del rechazo.' })
      .max(1000, { message: 'El motivo no puede superar 1000 caracteres.' }),
  })
  .strict();
export type RejectDocumentBody = z.infer<typeof RejectDocumentBody>;

/** PUT /document-reviews/{documentId}/category: null removes the category. */
export const SetDocumentCategoryBody = z.object({ categoryId: Id.nullable() }).strict();
export type SetDocumentCategoryBody = z.infer<typeof SetDocumentCategoryBody>;

/** PUT /document-reviews/{documentId}/confidential: hidden from the company's CLIENTE members. */
export const SetConfidentialBody = z.object({ isConfidential: z.boolean() }).strict();
export type SetConfidentialBody = z.infer<typeof SetConfidentialBody>;

/** A row of the review lists: the document and how long it has waited. */
export interface PendingReview extends DocumentSummary {
  /** Hours since the document was created (the advisor's backlog, oldest first). */
  waitingHours: number;
}

/** GET /document-reviews/statistics. */
export interface ReviewStatistics {
  pending: number;
  urgent: number;
  approvedToday: number;
  rejectedToday: number;
  approvedThisMonth: number;
  rejectedThisMonth: number;
  /** Mean hours from the document's creation to its review (reviews of this month); null without any. */
  averageHoursToReview: number | null;
  /** Share of reviewed fields approved unchanged (this month's reviews), 0..1; null without any. */
  accuracy: number | null;
  reviewedThisMonth: number;
}
