/** The stored invoice, read by its key under the company's partition (another company's id is a miss). */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { Invoice } from '@shared/schemas/invoices';
import type { PdfDeps } from './deps';

export async function getInvoice(
  deps: PdfDeps,
  companyId: string,
  invoiceId: string,
): Promise<Invoice | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.invoice(companyId, invoiceId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as Invoice) : undefined;
}
