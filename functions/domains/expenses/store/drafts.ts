/**
 * DynamoDB access for received-invoice drafts made from documents (issue 17 item 3): the marker
 * that makes a document's draft unique (written in the draft's own transaction), the number claim
 * that tells a repeated invoice, the supplier created with the draft, and the category learned per
 * supplier. The draft itself is a received invoice, written by store/received-invoices.ts
 * `saveReceivedInvoice` with these items in its transaction.
 */

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { Extraction, ExtractionNotes } from '@shared/schemas/documents';
import { type Supplier, supplierTaxIdKey } from '@shared/schemas/expenses';
import type { CreatedDraftResult } from '@shared/schemas/received-invoice-draft';
import { type ReceivedInvoice, supplierNumberKey } from '@shared/schemas/received-invoices';
import type { ExpensesDeps } from './deps';
import { receivedInvoiceFromItem } from './received-invoices';
import { supplierItem } from './suppliers';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

// --- the document's draft marker -------------------------------------------------------------------

/** What the marker keeps: the first answer, and the reading the draft was built from. */
export interface DraftMarker {
  documentId: string;
  companyId: string;
  result: CreatedDraftResult;
  extraction: Extraction;
  notes: ExtractionNotes;
  createdAt: string;
}

export async function getDraftMarker(
  deps: Deps,
  companyId: string,
  documentId: string,
): Promise<DraftMarker | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.receivedInvoiceDraftOfDocument(companyId, documentId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as DraftMarker) : undefined;
}

/** The marker's Put: only once per document (a second draft of it cancels the transaction). */
export const draftMarkerPut = (table: string, m: DraftMarker): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.receivedInvoiceDraftOfDocument(m.companyId, m.documentId),
      entity: 'ReceivedInvoiceDraftMarker',
      v: SCHEMA_VERSION,
      ...m,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The marker rewritten with the reading a reviewer corrected (the same transaction as the correction). */
export const draftMarkerReplace = (table: string, m: DraftMarker): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.receivedInvoiceDraftOfDocument(m.companyId, m.documentId),
      entity: 'ReceivedInvoiceDraftMarker',
      v: SCHEMA_VERSION,
      ...m,
    },
    ConditionExpression: 'attribute_exists(pk)',
  },
});

// --- a repeated invoice ------------------------------------------------------------------------------

/**
 * The received invoice registered with this supplier tax id, number and year of issue (the claim
 * store/received-invoices.ts writes with every invoice: the book's uniqueness rule), if any.
 */
export async function findRegisteredByNumber(
  deps: Deps,
  companyId: string,
  taxIdKey: string,
  issueDate: string,
  invoiceNumber: string,
): Promise<ReceivedInvoice | undefined> {
  const claim = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.receivedInvoiceNumberClaim(
        companyId,
        taxIdKey,
        issueDate.slice(0, 4),
        supplierNumberKey(invoiceNumber),
      ),
      ConsistentRead: true,
    }),
  );
  const id = claim.Item?.receivedInvoiceId as string | undefined;
  if (!id) return undefined;
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.receivedInvoice(companyId, id), ConsistentRead: true }),
  );
  return res.Item ? receivedInvoiceFromItem(res.Item) : undefined;
}

// --- a supplier created with its first draft -----------------------------------------------------------

/**
 * A new supplier and its tax-id claim (as store/suppliers.ts `saveSupplier` writes them; no default
 * category, so no usage counter), for the draft's transaction: the supplier exists only if the
 * draft does, and two drafts creating the same supplier at once cannot both succeed.
 */
export const newSupplierPuts = (table: string, s: Supplier): TransactItem[] => [
  {
    Put: { TableName: table, Item: supplierItem(s), ConditionExpression: 'attribute_not_exists(pk)' },
  },
  {
    Put: {
      TableName: table,
      Item: {
        ...keys.supplierTaxIdClaim(s.companyId, supplierTaxIdKey(s.taxId)),
        entity: 'SupplierTaxIdClaim',
        v: SCHEMA_VERSION,
        supplierId: s.supplierId,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
];

// --- the category learned per supplier -----------------------------------------------------------------

export interface LearnedCategory {
  categoryId: string;
  receivedInvoiceId: string;
  at: string;
}

/**
 * The category last assigned to one of the supplier's invoices, written in the transaction that
 * assigns it (assign-received-invoice-category, a draft created in a learned category).
 */
export const learnedCategoryPut = (
  table: string,
  companyId: string,
  taxIdKey: string,
  learned: LearnedCategory,
): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.supplierLearnedCategory(companyId, taxIdKey),
      entity: 'SupplierLearnedCategory',
      v: SCHEMA_VERSION,
      taxIdKey,
      ...learned,
    },
  },
});

export async function getLearnedCategory(
  deps: Deps,
  companyId: string,
  taxIdKey: string,
): Promise<LearnedCategory | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.supplierLearnedCategory(companyId, taxIdKey) }),
  );
  if (!res.Item) return undefined;
  const i = res.Item as Record<string, unknown>;
  return {
    categoryId: String(i.categoryId),
    receivedInvoiceId: String(i.receivedInvoiceId),
    at: String(i.at),
  };
}

/** How far back the history is read when nothing was learned yet (the newest invoices first). */
const HISTORY_PAGE = 100;
const HISTORY_MAX_INVOICES = 1000;

/**
 * The supplier's categories in its most recent received invoices (newest book date first, at most
 * the company's last 1000 invoices): the first categorised one's category and how many of the
 * supplier's categorised invoices share it. For suppliers whose invoices were categorised before
 * categories were learned (or by a correction, which does not teach).
 */
export async function supplierCategoryHistory(
  deps: Deps,
  companyId: string,
  taxIdKey: string,
): Promise<{ latest: string; agreeing: number; categorised: number } | undefined> {
  let latest: string | undefined;
  let agreeing = 0;
  let categorised = 0;
  let read = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1' satisfies IndexName,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.receivedInvoiceByDatePartition(companyId).gsi1pk },
        ScanIndexForward: false,
        Limit: HISTORY_PAGE,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of res.Items ?? []) {
      read++;
      const r = receivedInvoiceFromItem(item);
      if (r.approvalStatus === 'REJECTED' || !r.expenseCategoryId) continue;
      if (supplierTaxIdKey(r.supplier.taxId) !== taxIdKey) continue;
      latest ??= r.expenseCategoryId;
      categorised++;
      if (r.expenseCategoryId === latest) agreeing++;
    }
    start = res.LastEvaluatedKey;
  } while (start && read < HISTORY_MAX_INVOICES);
  return latest ? { latest, agreeing, categorised } : undefined;
}
