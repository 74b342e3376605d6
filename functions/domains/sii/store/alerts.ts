/**
 * Deadline alerts of open SII entries (model/deadline-alerts.ts) as the fiscal alerts of the tax
 * domain store them (`keys.taxAlert`, entity 'TaxAlert', the FiscalAlert shape with `step` and
 * `revision`: its alert list, statistics, bell and dashboard show them, and its workflow
 * acknowledges and resolves them). The ids start with 'sii:' and carry no obligation, so the tax
 * domain's daily run leaves them alone; this run resolves them when their entry is no longer due.
 *
 * Notifications: at the urgent and overdue steps, the company's staff (owners, gestores, members;
 * never a CLIENTE) are told once per entry and step. One TransactWrite holds the claim
 * `keys.siiDeadlineAlert(company, entry, step)` (attribute_not_exists) and every notification with
 * its unread counter (the pieces `notifyUser` is made of, in one transaction): a second run fails the
 * claim and writes nothing, a failure writes nothing, so nobody is told twice and nobody never.
 */

import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers, queryAll, queryPrefix } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { addDays } from '@shared/fiscal/tax-calendar';
import { SII_UPCOMING_WINDOW_DAYS, type SiiEntry } from '@shared/schemas/sii';
import type { FiscalAlert } from '@shared/schemas/tax';
import { NOTIFIED_STEPS, SII_ALERT_ID_PREFIX, type SiiAlertPlan } from '../model/deadline-alerts';
import type { SiiDeps } from './deps';
import { entryFromItem } from './entry-item';

type Deps = Pick<SiiDeps, 'db' | 'table' | 'now' | 'newId'>;

/** The stored alert, as the tax domain's AlertRecord (store/alerts.ts there). */
export interface SiiAlertRecord extends FiscalAlert {
  step: string;
  notifiedStep?: string;
  revision: number;
}

/** Who resolves an alert whose entry is no longer due: the run, not a person (as the tax run). */
export const SYSTEM_RESOLVER = 'system';
/** A resolved alert is kept 180 days (DynamoDB TTL), as the tax domain keeps its own. */
const RESOLVED_TTL_DAYS = 180;
/** The notification claims are kept 400 days (a year of steps and a margin). */
const CLAIM_TTL_DAYS = 400;
/** Recipients per step: the claim and two items each stay under the 100 items of a transaction. */
export const MAX_RECIPIENTS = 30;
const MAX_ATTEMPTS = 3;

const ttlAfter = (iso: string, days: number) => Math.floor(Date.parse(iso) / 1000) + days * 24 * 3600;

export function siiAlertItem(a: SiiAlertRecord): Record<string, unknown> {
  return {
    ...keys.taxAlert(a.companyId, a.id),
    entity: 'TaxAlert',
    v: SCHEMA_VERSION,
    ...a,
    ...(a.status === 'RESOLVED' && a.resolvedAt ? { ttl: ttlAfter(a.resolvedAt, RESOLVED_TTL_DAYS) } : {}),
  };
}

/**
 * Every open entry of every company due by `today` + SII_UPCOMING_WINDOW_DAYS (overdue ones
 * included): one Query of the gsi2 index of open entries, which sorts them by deadline.
 */
export async function listDueEntries(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  today: string,
): Promise<SiiEntry[]> {
  const after = addDays(today, SII_UPCOMING_WINDOW_DAYS + 1);
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :after',
    ExpressionAttributeValues: { ':pk': keys.siiOpenGlobalPartition().gsi2pk, ':after': after },
  });
  return items.map(entryFromItem);
}

/** The company's SII alerts (ids 'sii:…'), in id order. */
export async function listSiiAlerts(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
): Promise<SiiAlertRecord[]> {
  const items = await queryPrefix(deps, {
    pk: keys.taxAlert(companyId, SII_ALERT_ID_PREFIX).pk,
    skPrefix: keys.taxAlert(companyId, SII_ALERT_ID_PREFIX).sk,
  });
  return items.map((i) => stripKeys(i) as unknown as SiiAlertRecord);
}

async function getAlert(deps: Deps, companyId: string, alertId: string): Promise<SiiAlertRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxAlert(companyId, alertId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as SiiAlertRecord) : undefined;
}

const planFields = (p: SiiAlertPlan) => ({
  type: p.type,
  title: p.title,
  message: p.message,
  priority: p.priority,
  actionUrl: p.actionUrl,
  dueDate: p.dueDate,
  daysRemaining: p.daysRemaining,
  step: p.step,
});

/**
 * The alert after today's plan, or null when nothing changes (pure). A new step, or a plan for an
 * alert the system resolved, reopens it (ACTIVE); otherwise the user's workflow status is kept.
 */
export function nextSiiAlert(
  current: SiiAlertRecord | undefined,
  companyId: string,
  plan: SiiAlertPlan,
  now: string,
): SiiAlertRecord | null {
  const fields = planFields(plan);
  if (!current) {
    return {
      id: plan.alertId,
      companyId,
      ...fields,
      status: 'ACTIVE',
      obligationId: null,
      modelType: null,
      createdAt: now,
      updatedAt: now,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      revision: 1,
    };
  }
  const reopen =
    current.step !== plan.step || (current.status === 'RESOLVED' && current.resolvedBy === SYSTEM_RESOLVER);
  if (reopen) {
    return {
      ...current,
      ...fields,
      status: 'ACTIVE',
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      updatedAt: now,
      revision: current.revision + 1,
    };
  }
  const same = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => fields[k] === current[k]);
  if (same || current.status === 'RESOLVED') return null;
  return { ...current, ...fields, updatedAt: now, revision: current.revision + 1 };
}

/** Writes the alert of a plan (conditioned on the revision read; a user's write meanwhile is read again). */
export async function upsertSiiAlert(
  deps: Deps,
  companyId: string,
  plan: SiiAlertPlan,
  known?: SiiAlertRecord,
): Promise<{ alert: SiiAlertRecord | undefined; written: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const current = attempt === 1 && known ? known : await getAlert(deps, companyId, plan.alertId);
    const next = nextSiiAlert(current, companyId, plan, deps.now().toISOString());
    if (!next) return { alert: current, written: false };
    try {
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: siiAlertItem(next),
          ...(current
            ? {
                ConditionExpression: '#revision = :revision',
                ExpressionAttributeNames: { '#revision': 'revision' },
                ExpressionAttributeValues: { ':revision': current.revision },
              }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        }),
      );
      return { alert: next, written: true };
    } catch (e) {
      if (!isConditionalCheckFailed(e) || attempt >= MAX_ATTEMPTS) throw e;
    }
  }
}

/** Resolves an alert whose entry is no longer due (as the system); false when it changed meanwhile. */
export async function resolveSiiAlert(deps: Deps, alert: SiiAlertRecord): Promise<boolean> {
  const now = deps.now().toISOString();
  const next: SiiAlertRecord = {
    ...alert,
    status: 'RESOLVED',
    resolvedAt: now,
    resolvedBy: SYSTEM_RESOLVER,
    updatedAt: now,
    revision: alert.revision + 1,
  };
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: siiAlertItem(next),
        ConditionExpression: '#revision = :revision',
        ExpressionAttributeNames: { '#revision': 'revision' },
        ExpressionAttributeValues: { ':revision': alert.revision },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** The company's staff told about SII deadlines: active, not CLIENTE, in-app SII notifications on. */
export async function listAlertRecipients(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
): Promise<string[]> {
  const members = (await listCompanyMembers(deps, companyId))
    .filter((m) => m.isActive && m.companyRole !== 'CLIENTE')
    .sort((a, b) => a.userId.localeCompare(b.userId))
    .slice(0, MAX_RECIPIENTS);
  const allowed = await Promise.all(
    members.map(async (m) => {
      const p = await getNotificationPreferences(deps, m.userId);
      return p.channels.IN_APP && p.types.sii ? m.userId : null;
    }),
  );
  return allowed.filter((u): u is string => u !== null);
}

/**
 * Tells the recipients about one step of an entry's deadline, once: false when that step was told
 * before (the claim exists), or is not a notified step.
 */
export async function notifyEntryStep(
  deps: Deps,
  companyId: string,
  plan: SiiAlertPlan,
  recipients: string[],
): Promise<boolean> {
  if (!NOTIFIED_STEPS.includes(plan.step)) return false;
  const now = deps.now();
  const at = now.toISOString();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.siiDeadlineAlert(companyId, plan.entryId, plan.step),
          entity: 'SiiDeadlineAlert',
          v: SCHEMA_VERSION,
          companyId,
          entryId: plan.entryId,
          step: plan.step,
          recipients: recipients.length,
          sentAt: at,
          ttl: ttlAfter(at, CLAIM_TTL_DAYS),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  for (const userId of recipients.slice(0, MAX_RECIPIENTS)) {
    const record = newNotificationRecord(
      {
        userId,
        companyId,
        // The 'sii' prefix puts it in the notifications' 'sii' family.
        type: plan.step === 'overdue' ? 'sii_overdue' : 'sii_deadline',
        title: plan.title,
        message: plan.message,
        severity: plan.step === 'overdue' ? 'error' : 'warning',
        link: plan.actionUrl,
      },
      newNotificationId(now, deps.newId()),
      now,
    );
    items.push({ Put: { TableName: deps.table, Item: notificationItem(record) } });
    items.push(notificationCounterUpdate(deps.table, { userId, companyId }, 1));
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    if (isTransactionCanceled(e) && failedConditionAt(e, 0)) return false;
    throw e;
  }
}
