/**
 * What the write path of received invoices reads of the company (issue 16): whether it is in the
 * SII and its VAT regime, by one consistent GetItem of the company item (as the invoices domain
 * reads it at confirmation), so a change made right after the SII was switched on is reported.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { CompanySii } from '../model/received-events';
import type { ExpensesDeps } from './deps';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

/** A company the table does not hold is not in the SII. */
export async function readCompanySii(deps: Deps, companyId: string): Promise<CompanySii> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#sii, #fiscal.#regime',
      ExpressionAttributeNames: { '#sii': 'siiEnabled', '#fiscal': 'fiscal', '#regime': 'vatRegime' },
      ConsistentRead: true,
    }),
  );
  const item = res.Item as { siiEnabled?: unknown; fiscal?: { vatRegime?: unknown } } | undefined;
  return {
    siiEnabled: item?.siiEnabled === true,
    vatRegime: typeof item?.fiscal?.vatRegime === 'string' ? item.fiscal.vatRegime : null,
  };
}
