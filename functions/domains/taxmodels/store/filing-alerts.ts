/**
 * The fiscal alerts a filing leaves on its obligation (issue 14 item 4), as the tax domain plans them
 * (shared/fiscal/fiscal-alerts.ts `settledAlert`): 'error' when the AEAT refused the model or did not
 * answer (`<obligationId>#error`, priority high, with the AEAT's reason); once the model is accepted,
 * that error alert is resolved by the system (the 'submitted' alert is written with the model's own
 * SUBMITTED transaction, store/models.ts). A company that does not owe the model has no obligation and
 * gets no alert. An alert is a notice: a lost race on it never fails the filing.
 */

import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { isContention } from '@functions/platform/contention';
import { keys } from '@shared/db/keys';
import { settledAlert } from '@shared/fiscal/fiscal-alerts';
import type { TaxModelsDeps } from './deps';
import { getAlert, getObligation, settledAlertItem } from './obligations';

type Deps = Pick<TaxModelsDeps, 'db' | 'table' | 'now'>;

/** The tax domain keeps a resolved alert this long (its RESOLVED_TTL_DAYS). */
const RESOLVED_TTL_DAYS = 180;
/** Who resolves an alert whose cause went away (the tax domain's SYSTEM_RESOLVER). */
const SYSTEM_RESOLVER = 'system';

/** The obligation's 'error' alert, ACTIVE with `detail`; false when there is no obligation or a race was lost. */
export async function writeFilingErrorAlert(
  deps: Deps,
  companyId: string,
  obligationId: string,
  detail: string,
): Promise<boolean> {
  const obligation = await getObligation(deps, companyId, obligationId);
  if (!obligation) return false;
  const plan = settledAlert(obligation, 'error', detail);
  const existing = await getAlert(deps, companyId, plan.alertId);
  const at = deps.now().toISOString();
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [settledAlertItem(deps.table, companyId, plan, obligation.modelType, existing, at)],
      }),
    );
    return true;
  } catch (e) {
    if (isContention(e)) return false;
    throw e;
  }
}

/** Resolves the obligation's 'error' alert, if it is open (after the model was accepted). */
export async function resolveFilingErrorAlert(
  deps: Deps,
  companyId: string,
  obligationId: string,
): Promise<boolean> {
  const alertId = `${obligationId}#error`;
  const existing = await getAlert(deps, companyId, alertId);
  if (!existing || existing.status === 'RESOLVED') return false;
  const at = deps.now();
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.taxAlert(companyId, alertId),
        UpdateExpression:
          'SET #status = :resolved, resolvedAt = :at, resolvedBy = :by, updatedAt = :at, #revision = :next, #ttl = :ttl',
        ConditionExpression: '#revision = :seen',
        ExpressionAttributeNames: { '#status': 'status', '#revision': 'revision', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':resolved': 'RESOLVED',
          ':at': at.toISOString(),
          ':by': SYSTEM_RESOLVER,
          ':next': existing.revision + 1,
          ':seen': existing.revision,
          ':ttl': Math.floor(at.getTime() / 1000) + RESOLVED_TTL_DAYS * 24 * 3600,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}
