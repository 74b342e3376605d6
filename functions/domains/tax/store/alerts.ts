/**
 * Fiscal alert items (`keys.taxAlert`, entity 'TaxAlert'): the alerts the daily run plans
 * (shared/fiscal/fiscal-alerts.ts) and their workflow, ACTIVE → ACKNOWLEDGED → RESOLVED (spec part 2
 * §3 "Fiscal alert": acknowledge, then resolve).
 *
 * The alert id is deterministic (the obligation's id, `summary`, or `<obligation>#<type>`), so the
 * run updates one item per alert. `step` is the last step the alert reached ('medium', 'high',
 * 'critical', 'overdue', 'summary-high', 'submitted'...): while it stays the same an acknowledged or
 * resolved alert stays so; a new step (the deadline came closer, or passed) makes it ACTIVE again.
 * Every write is conditioned on the `revision` read, so a user acknowledging meanwhile is never
 * overwritten by the run (the run reads again and keeps the user's status).
 */

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { AlertPlan } from '@shared/fiscal/fiscal-alerts';
import type { AlertStatus, FiscalAlert } from '@shared/schemas/tax';
import type { TaxModel } from '@shared/schemas/tax-profile';
import type { TaxDeps } from './deps';

/** A resolved alert is kept 180 days (DynamoDB TTL), then it goes. */
export const RESOLVED_TTL_DAYS = 180;
/** Who resolves an alert whose obligation was settled: the daily run, not a person. */
export const SYSTEM_RESOLVER = 'system';

/** The stored alert: the answer's shape plus the step reached, the write revision and the notes. */
export interface AlertRecord extends FiscalAlert {
  step: string;
  /**
   * The last step the staff were told about (set in the notification's own transaction, see
   * store/notify.ts): the run skips the notifier while it equals `step`.
   */
  notifiedStep?: string;
  revision: number;
  acknowledgeNote?: string;
  resolutionNote?: string;
}

/** How an alert is answered: everything but the internal revision. */
export type AlertView = Omit<AlertRecord, 'revision'>;

export const toAlertView = ({ revision: _revision, ...alert }: AlertRecord): AlertView => alert;

type StoreDeps = Pick<TaxDeps, 'db' | 'table' | 'now'>;

const ttlAfter = (resolvedAt: string) =>
  Math.floor(new Date(resolvedAt).getTime() / 1000) + RESOLVED_TTL_DAYS * 24 * 3600;

function alertItem(alert: AlertRecord) {
  return {
    ...keys.taxAlert(alert.companyId, alert.id),
    entity: 'TaxAlert',
    v: SCHEMA_VERSION,
    ...alert,
    ...(alert.status === 'RESOLVED' && alert.resolvedAt ? { ttl: ttlAfter(alert.resolvedAt) } : {}),
  };
}

const toRecord = (item: Record<string, unknown>) => stripKeys(item) as unknown as AlertRecord;

/** Every alert of the company (all pages of one prefix Query), in id order. */
export async function listAlerts(deps: StoreDeps, companyId: string): Promise<AlertRecord[]> {
  const items = await queryPrefix(deps, keys.taxAlertPrefix(companyId));
  return items.map(toRecord);
}

export async function getAlert(
  deps: StoreDeps,
  companyId: string,
  alertId: string,
): Promise<AlertRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxAlert(companyId, alertId), ConsistentRead: true }),
  );
  return res.Item ? toRecord(res.Item) : undefined;
}

// --- the run's upsert ------------------------------------------------------------------------------

/** The fields of an alert a plan decides. */
function planFields(plan: AlertPlan, modelType: TaxModel | null) {
  return {
    type: plan.type,
    title: plan.title,
    message: plan.message,
    priority: plan.priority,
    actionUrl: plan.actionUrl,
    obligationId: plan.obligationId,
    modelType,
    dueDate: plan.dueDate,
    daysRemaining: plan.daysRemaining,
    step: plan.step,
  };
}

const sameFields = (a: ReturnType<typeof planFields>, b: AlertRecord) =>
  (Object.keys(a) as (keyof typeof a)[]).every((k) => a[k] === b[k]);

/**
 * What the alert becomes under today's plan, or null when nothing changes (pure). A new step
 * reopens it (ACTIVE, the acknowledgement and resolution cleared); so does a plan for an alert the
 * system resolved (its obligation was settled and is open again). Otherwise the workflow status is
 * kept, and a resolved alert keeps the texts it was resolved with.
 */
export function nextAlertState(
  current: AlertRecord,
  plan: AlertPlan,
  modelType: TaxModel | null,
  now: string,
): { alert: AlertRecord; reopened: boolean } | null {
  const fields = planFields(plan, modelType);
  const reopen =
    current.step !== plan.step || (current.status === 'RESOLVED' && current.resolvedBy === SYSTEM_RESOLVER);
  if (!reopen) {
    if (current.status === 'RESOLVED' || sameFields(fields, current)) return null;
    return {
      alert: { ...current, ...fields, updatedAt: now, revision: current.revision + 1 },
      reopened: false,
    };
  }
  const { acknowledgeNote: _a, resolutionNote: _r, ...rest } = current;
  return {
    alert: {
      ...rest,
      ...fields,
      status: 'ACTIVE',
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      updatedAt: now,
      revision: current.revision + 1,
    },
    reopened: true,
  };
}

export interface UpsertResult {
  outcome: 'created' | 'updated' | 'unchanged';
  /** The step differs from the stored one (or the alert is new): the notifier's cue. */
  stepChanged: boolean;
  previousStep: string | null;
  alert: AlertRecord;
}

const MAX_ATTEMPTS = 3;

/**
 * Creates or updates the alert of a plan, keeping the workflow (see `nextAlertState`). `known` is
 * the alert as the caller already read it (null: none), which spares a read; a write refused
 * because it changed meanwhile reads it again.
 */
export async function upsertAlert(
  deps: StoreDeps,
  companyId: string,
  plan: AlertPlan,
  modelType: TaxModel | null,
  known?: AlertRecord | null,
): Promise<UpsertResult> {
  for (let attempt = 1; ; attempt++) {
    const current =
      attempt === 1 && known !== undefined
        ? (known ?? undefined)
        : await getAlert(deps, companyId, plan.alertId);
    const now = deps.now().toISOString();
    try {
      if (!current) {
        const alert: AlertRecord = {
          id: plan.alertId,
          companyId,
          ...planFields(plan, modelType),
          status: 'ACTIVE',
          createdAt: now,
          updatedAt: now,
          acknowledgedAt: null,
          acknowledgedBy: null,
          resolvedAt: null,
          resolvedBy: null,
          revision: 1,
        };
        await deps.db.send(
          new PutCommand({
            TableName: deps.table,
            Item: alertItem(alert),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return { outcome: 'created', stepChanged: true, previousStep: null, alert };
      }
      const next = nextAlertState(current, plan, modelType, now);
      if (!next)
        return { outcome: 'unchanged', stepChanged: false, previousStep: current.step, alert: current };
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: alertItem(next.alert),
          ConditionExpression: '#revision = :revision',
          ExpressionAttributeNames: { '#revision': 'revision' },
          ExpressionAttributeValues: { ':revision': current.revision },
        }),
      );
      return {
        outcome: 'updated',
        stepChanged: current.step !== plan.step,
        previousStep: current.step,
        alert: next.alert,
      };
    } catch (e) {
      // Someone wrote the alert between the read and the write (a user acknowledging it, another
      // run): read it again and decide on what is there now.
      if (!isConditionalCheckFailed(e) || attempt >= MAX_ATTEMPTS) throw e;
    }
  }
}

// --- the workflow ----------------------------------------------------------------------------------

const STATUS_NAMES = { '#status': 'status', '#revision': 'revision' };

/** Why a workflow write was refused, read from the item as it is now. */
async function refusal(deps: StoreDeps, companyId: string, alertId: string): Promise<AppError> {
  const alert = await getAlert(deps, companyId, alertId);
  if (!alert) return new AppError('CORE_006', 'La alerta no existe.');
  if (alert.status === 'RESOLVED') return new AppError('CORE_004', 'La alerta ya está resuelta.');
  if (alert.status === 'ACKNOWLEDGED') return new AppError('CORE_004', 'La alerta ya está reconocida.');
  return new AppError('CONCURRENT_UPDATE');
}

async function transition(
  deps: StoreDeps,
  companyId: string,
  alertId: string,
  from: readonly AlertStatus[],
  set: Record<string, unknown>,
): Promise<AlertRecord> {
  const names: Record<string, string> = { ...STATUS_NAMES };
  const values: Record<string, unknown> = { ':one': 1 };
  const assignments: string[] = [];
  Object.entries(set).forEach(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    assignments.push(`#f${i} = :f${i}`);
  });
  const allowed = from.map((s, i) => {
    values[`:from${i}`] = s;
    return `:from${i}`;
  });
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.taxAlert(companyId, alertId),
        UpdateExpression: `SET ${assignments.join(', ')}, #revision = #revision + :one`,
        ConditionExpression: `attribute_exists(pk) AND #status IN (${allowed.join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(res.Attributes ?? {});
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    throw await refusal(deps, companyId, alertId);
  }
}

/** ACTIVE → ACKNOWLEDGED (someone has seen it and is on it). */
export function acknowledgeAlert(
  deps: StoreDeps,
  companyId: string,
  alertId: string,
  by: { userId: string; note?: string },
): Promise<AlertRecord> {
  const now = deps.now().toISOString();
  return transition(deps, companyId, alertId, ['ACTIVE'], {
    status: 'ACKNOWLEDGED',
    acknowledgedAt: now,
    acknowledgedBy: by.userId,
    updatedAt: now,
    ...(by.note ? { acknowledgeNote: by.note } : {}),
  });
}

/** ACTIVE or ACKNOWLEDGED → RESOLVED; the item expires RESOLVED_TTL_DAYS later. */
export function resolveAlert(
  deps: StoreDeps,
  companyId: string,
  alertId: string,
  by: { userId: string; note?: string },
): Promise<AlertRecord> {
  const now = deps.now().toISOString();
  return transition(deps, companyId, alertId, ['ACTIVE', 'ACKNOWLEDGED'], {
    status: 'RESOLVED',
    resolvedAt: now,
    resolvedBy: by.userId,
    updatedAt: now,
    ttl: ttlAfter(now),
    ...(by.note ? { resolutionNote: by.note } : {}),
  });
}

/**
 * The run resolves an alert whose reason is gone (its obligation was settled, the summary has
 * nothing pending): resolvedBy 'system'. False when it was already resolved (or is gone).
 */
export async function autoResolveAlert(
  deps: StoreDeps,
  companyId: string,
  alertId: string,
): Promise<boolean> {
  try {
    await resolveAlert(deps, companyId, alertId, { userId: SYSTEM_RESOLVER });
    return true;
  } catch (e) {
    if (e instanceof AppError && (e.code === 'CORE_004' || e.code === 'CORE_006')) return false;
    throw e;
  }
}
