/**
 * What the VeriFacTu rule of a confirmation reads (model/verifactu-readiness.ts): nothing before
 * VeriFacTu can be mandatory for anyone; from then, the company's type and SII flag (one projected
 * GetItem) and whether its records are sent now (configuration + certificate validity,
 * lib/verifactu-sending) — only when the company is not in the SII.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readSendingState } from '@functions/lib/verifactu-sending';
import { keys } from '@shared/db/keys';
import type { CompanyType } from '@shared/db/records';
import { type VerifactuReadiness, verifactuMayBeMandatory } from '../model/verifactu-readiness';
import type { InvoicesDeps } from './deps';

/** Null when nothing needs checking (before any date, or a company the table does not hold). */
export async function readVerifactuReadiness(
  deps: Pick<InvoicesDeps, 'db' | 'table' | 'now'>,
  companyId: string,
): Promise<VerifactuReadiness | null> {
  const now = deps.now();
  if (!verifactuMayBeMandatory(now)) return null;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: 'companyType, siiEnabled',
    }),
  );
  if (!res.Item) return null;
  const companyType = (res.Item.companyType as CompanyType | undefined) ?? 'SL';
  const siiEnabled = res.Item.siiEnabled === true;
  const sending = siiEnabled
    ? ({ ready: true, reason: null } as const)
    : await readSendingState(deps, companyId, now);
  return { companyId, companyType, siiEnabled, sending };
}
