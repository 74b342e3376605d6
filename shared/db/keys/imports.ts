/**
 * Key builders of one area, spread into `keys` by `shared/db/keys.ts` (the only entry point
 * the code imports). Company-scoped items live under `COMPANY#<companyId>`.
 *
 * Invoice imports: each batch has its own partition under the company (`COMPANY#<c>#IMPORT#<b>`)
 * holding the batch item and one result item per imported invoice, so the results of a batch are
 * one Query and never crowd the company partition.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const batchPk = (companyId: string, batchId: string) => `COMPANY#${enc(companyId)}#IMPORT#${enc(batchId)}`;

export const importsKeys = {
  /** An import batch: status, counts, mapping, report (or its S3 key) and execution progress. */
  importBatch: (companyId: string, batchId: string): Key => ({
    pk: batchPk(companyId, batchId),
    sk: 'BATCH',
  }),
  /** The outcome of one invoice of an executing batch; written once (attribute_not_exists). */
  importResult: (companyId: string, batchId: string, invoiceRef: string): Key => ({
    pk: batchPk(companyId, batchId),
    sk: `RESULT#${enc(invoiceRef)}`,
  }),
  importResultPrefix: (companyId: string, batchId: string) => ({
    pk: batchPk(companyId, batchId),
    skPrefix: 'RESULT#',
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
