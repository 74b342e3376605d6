/**
 * What the write path of received invoices reads of the company (issue 16): whether it is in the
 * SII and its VAT regime, by one consistent GetItem of the company item (as the invoices domain
 * reads it at confirmation), so a change made right after the SII was switched on is reported; and,
 * for a registration or a correction, the versions of its tax profile (the tax domain's item, read
 * only): whether the company itself applies the criterio de caja on the date of the operation
 * decides the invoice's stored `deductionOnPayment` (model/received-invoices.ts).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { CompanySii } from '@shared/schemas/received-invoice-events';
import type { TaxProfileVersion } from '@shared/schemas/tax-profile';
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

/** The versions of the company's tax profile (oldest first); null when it has none. One consistent GetItem. */
export async function readTaxProfileVersions(
  deps: Deps,
  companyId: string,
): Promise<TaxProfileVersion[] | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxProfile(companyId),
      ProjectionExpression: 'versions',
      ConsistentRead: true,
    }),
  );
  const versions = (res.Item as { versions?: unknown } | undefined)?.versions;
  return Array.isArray(versions) && versions.length > 0 ? (versions as TaxProfileVersion[]) : null;
}
