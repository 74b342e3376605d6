/** The e-mail of an invoice's customer, read by this domain itself (no import of the invoices domain). */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { PdfDeps } from './deps';

export async function getCustomerEmail(
  deps: PdfDeps,
  companyId: string,
  customerId: string,
): Promise<string | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.customer(companyId, customerId),
      ProjectionExpression: 'email',
    }),
  );
  const email = res.Item?.email;
  return typeof email === 'string' && email ? email : undefined;
}
