/**
 * The company's default payment terms (issue 19), read from its settings item (written by the
 * companies domain): the received invoices of a supplier without terms of its own fall due by them.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { type PaymentTerms, storedTerms } from '@shared/fiscal/due-dates';
import type { CompanySettings } from '@shared/schemas/companies';
import type { ExpensesDeps } from './deps';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

/** The company's terms; from its days (30 when it stores none) before it had instalments. */
export async function readCompanyPaymentTerms(deps: Deps, companyId: string): Promise<PaymentTerms> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.companySettings(companyId),
      ProjectionExpression: '#s.#i',
      ExpressionAttributeNames: { '#s': 'settings', '#i': 'invoicing' },
    }),
  );
  const invoicing = (res.Item?.settings as Partial<CompanySettings> | undefined)?.invoicing;
  return storedTerms(invoicing?.defaultPaymentTerms, invoicing?.defaultPaymentTermsDays);
}
