/**
 * The tax domain's obligation and fiscal-alert items, as the tax models touch them (issue 14): a
 * model generated, filed or taken back settles its obligation `<year>-<model>-<period>` (the same id
 * as the model) and leaves a 'generated' / 'submitted' alert. Domains never import each other, so the
 * items are read and written here with the same key builders and the same shapes as
 * functions/domains/tax/store/obligations.ts and alerts.ts:
 *  - an obligation carries the sparse gsi1 `keys.taxOpenObligation` ONLY while its stored status is
 *    PENDING, so every write that settles it REMOVEs gsi1pk/gsi1sk (and puts them back when it opens);
 *  - an alert's id is `<obligationId>#<type>` (shared/fiscal/fiscal-alerts.ts `settledAlert`), its
 *    writes conditioned on the `revision` read, its workflow ACTIVE → ACKNOWLEDGED → RESOLVED.
 * The writes are transaction items, so they stand or fall with the model's own write.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { AlertPlan, ObligationStatus, TaxObligation } from '@shared/fiscal/fiscal-alerts';
import type { FiscalAlert } from '@shared/schemas/tax';
import type { TaxModel } from '@shared/schemas/tax-profile';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

/** A stored obligation (the tax domain's `ObligationRecord`). */
export interface ObligationRecord extends TaxObligation {
  reference?: string | null;
  submittedBy?: string | null;
}

/** A stored alert (the tax domain's `AlertRecord`). */
export interface AlertRecord extends FiscalAlert {
  step: string;
  notifiedStep?: string;
  revision: number;
}

const yearOfId = (obligationId: string): number | undefined => {
  const m = /^(\d{4})-/.exec(obligationId);
  return m ? Number(m[1]) : undefined;
};

export async function getObligation(
  deps: Deps,
  companyId: string,
  obligationId: string,
): Promise<ObligationRecord | undefined> {
  const year = yearOfId(obligationId);
  if (year === undefined) return undefined;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxObligation(companyId, year, obligationId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as ObligationRecord) : undefined;
}

/** Every obligation of a tax year (one Query on the company's partition), in id order. */
export async function listYearObligations(
  deps: Deps,
  companyId: string,
  year: number,
): Promise<ObligationRecord[]> {
  const items = await queryPrefix(deps, keys.taxObligationYearPrefix(companyId, year));
  return items.map((i) => stripKeys(i) as unknown as ObligationRecord);
}

export interface ObligationChange {
  status: Extract<ObligationStatus, 'MODEL_GENERATED' | 'SUBMITTED'>;
  modelId: string;
  /** SUBMITTED: when, the justificante and who. */
  submittedAt?: string | null;
  reference?: string | null;
  submittedBy?: string | null;
}

/**
 * The Update that settles an obligation through its model, conditioned on the status read (a
 * concurrent change fails the whole transaction). A settled obligation is not open: its gsi1 goes.
 */
export function obligationSettleItem(
  table: string,
  o: ObligationRecord,
  change: ObligationChange,
  at: string,
): TransactItem {
  const submitted = change.status === 'SUBMITTED';
  return {
    Update: {
      TableName: table,
      Key: keys.taxObligation(o.companyId, o.year, o.obligationId),
      UpdateExpression:
        'SET #status = :status, modelId = :modelId, submittedAt = :submittedAt, #reference = :reference, submittedBy = :submittedBy, updatedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk) AND #status = :seen',
      ExpressionAttributeNames: { '#status': 'status', '#reference': 'reference' },
      ExpressionAttributeValues: {
        ':status': change.status,
        ':seen': o.status,
        ':modelId': change.modelId,
        ':submittedAt': submitted ? (change.submittedAt ?? at) : null,
        ':reference': submitted ? (change.reference ?? null) : null,
        ':submittedBy': submitted ? (change.submittedBy ?? null) : null,
        ':at': at,
      },
    },
  };
}

export async function getAlert(
  deps: Deps,
  companyId: string,
  alertId: string,
): Promise<AlertRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxAlert(companyId, alertId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as AlertRecord) : undefined;
}

/**
 * The write of a settled alert ('generated', 'submitted', 'error'): created ACTIVE, or — when the
 * same alert exists (a model regenerated, a filing retried) — made ACTIVE again with today's texts,
 * its acknowledgement and resolution cleared, as the tax domain's run reopens an alert on a new
 * step. Conditioned on absence or on the revision read.
 */
export function settledAlertItem(
  table: string,
  companyId: string,
  plan: AlertPlan,
  modelType: TaxModel,
  existing: AlertRecord | undefined,
  at: string,
): TransactItem {
  const alert: AlertRecord = {
    id: plan.alertId,
    companyId,
    type: plan.type,
    title: plan.title,
    message: plan.message,
    priority: plan.priority,
    actionUrl: plan.actionUrl,
    status: 'ACTIVE',
    obligationId: plan.obligationId,
    modelType,
    dueDate: plan.dueDate,
    daysRemaining: plan.daysRemaining,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    step: plan.step,
    revision: (existing?.revision ?? 0) + 1,
  };
  const item = { ...keys.taxAlert(companyId, plan.alertId), entity: 'TaxAlert', v: SCHEMA_VERSION, ...alert };
  return {
    Put: {
      TableName: table,
      Item: item,
      ...(existing
        ? {
            ConditionExpression: '#revision = :revision',
            ExpressionAttributeNames: { '#revision': 'revision' },
            ExpressionAttributeValues: { ':revision': existing.revision },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    },
  };
}
