/**
 * Stored models (`keys.taxModel(companyId, year, modelId)`, entity 'TaxModel'): one per company,
 * model and period, its id the obligation's (`<year>-<model>-<period>`). The item is the
 * `TaxModelView` plus `revision`, bumped by every write and checked by the next one (optimistic
 * concurrency: a lost race answers 409 CONCURRENT_UPDATE); `version` counts the content's changes
 * (regenerate, adjust).
 *
 * A filed model is what the AEAT holds: it is never regenerated nor adjusted (a correction is a
 * complementary or substitutive return). Generating, filing and taking a filing back change the
 * model's obligation in the same transaction (store/obligations.ts), with the settled alert.
 */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { concurrentUpdate, isContention } from '@functions/platform/contention';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { settledAlert } from '@shared/fiscal/fiscal-alerts';
import type { ModelAdjustments } from '@shared/fiscal/models/types';
import {
  type ModelPreview,
  type ModelStatus,
  modelIdOf,
  type TaxModelType,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import type { TaxModelsDeps } from './deps';
import { publicationNotificationItems, publicationRecipients } from './notify';
import {
  getAlert,
  getObligation,
  type ObligationChange,
  type ObligationRecord,
  obligationSettleItem,
  settledAlertItem,
} from './obligations';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;
type WriteDeps = Pick<TaxModelsDeps, 'db' | 'table' | 'now'>;

export type StoredModel = TaxModelView & { revision: number };

export const TAX_MODEL_ENTITY = 'TaxModel';

const yearOfModelId = (modelId: string): number | undefined => {
  const m = /^(\d{4})-\d{3}-[0-9A-Z]{2}$/.exec(modelId);
  return m ? Number(m[1]) : undefined;
};

export function taxModelItem(m: StoredModel) {
  return {
    ...keys.taxModel(m.companyId, m.year, m.modelId),
    entity: TAX_MODEL_ENTITY,
    v: SCHEMA_VERSION,
    ...m,
  };
}

const toModel = (item: Record<string, unknown>) => stripKeys(item) as unknown as StoredModel;

export const modelNotFound = () => new AppError('CORE_006', 'El modelo no existe.');

/** A clear 409 for any write that would change a filed model. */
export const modelAlreadySubmitted = () =>
  new AppError(
    'TAX_022',
    'El modelo ya se ha presentado y no se puede modificar: presenta una declaración complementaria o sustitutiva.',
    { details: { reason: 'ALREADY_SUBMITTED' } },
  );

// --- reads ----------------------------------------------------------------------------------------

export async function getModel(
  deps: Deps,
  companyId: string,
  modelId: string,
): Promise<StoredModel | undefined> {
  const year = yearOfModelId(modelId);
  if (year === undefined) return undefined;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxModel(companyId, year, modelId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? toModel(res.Item) : undefined;
}

/** The model of the path (its type must match the id's), else 404 CORE_006 'El modelo no existe.'. */
export async function requireModel(
  deps: Deps,
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
): Promise<StoredModel> {
  const model = modelId.split('-')[1] === modelType ? await getModel(deps, companyId, modelId) : undefined;
  if (!model) throw modelNotFound();
  return model;
}

export interface ModelFilter {
  year?: number | undefined;
  modelType?: TaxModelType | undefined;
  status?: ModelStatus | undefined;
}

/** The company's models (of one year when given: one Query either way), in id order. */
export async function listModels(
  deps: Deps,
  companyId: string,
  filter: ModelFilter = {},
): Promise<StoredModel[]> {
  const prefix =
    filter.year !== undefined
      ? keys.taxModelYearPrefix(companyId, filter.year)
      : keys.taxModelPrefix(companyId);
  // A key range rather than begins_with: the same items, but DynamoDB Local serves a range from its
  // index while it scans the whole company partition (every invoice) for begins_with.
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': prefix.pk,
      ':from': prefix.skPrefix,
      ':to': `${prefix.skPrefix}\u{10FFFF}`,
    },
  });
  return items
    .filter((i) => i.entity === TAX_MODEL_ENTITY)
    .map(toModel)
    .filter((m) => filter.modelType === undefined || m.modelType === filter.modelType)
    .filter((m) => filter.status === undefined || m.status === filter.status);
}

// --- writes -----------------------------------------------------------------------------------------

/** The model's Put: new (absent) or replacing the revision read. */
function modelPut(table: string, next: StoredModel, current: StoredModel | undefined): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: taxModelItem(next),
      ...(current
        ? {
            ConditionExpression: '#revision = :revision',
            ExpressionAttributeNames: { '#revision': 'revision' },
            ExpressionAttributeValues: { ':revision': current.revision },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    },
  };
}

/**
 * The model's write, its obligation's (when the company owes it) and the settled alert of that
 * obligation, in one transaction. A failed condition on any of them is a concurrent change: 409.
 */
async function writeWithObligation(
  deps: WriteDeps,
  model: StoredModel,
  modelWrite: TransactItem,
  change: ObligationUpdate | null,
  alertType: 'generated' | 'submitted' | null,
): Promise<void> {
  const at = deps.now().toISOString();
  const items: TransactItem[] = [modelWrite];
  const found = change ? await getObligation(deps, model.companyId, model.modelId) : undefined;
  // The obligation moves with its model only from the statuses the change names (a return filed
  // outside Cuadra stays filed when its model is generated afterwards).
  const obligation = found && change?.from(found) ? found : undefined;
  if (obligation && change && obligationNeedsChange(obligation, change)) {
    items.push(obligationSettleItem(deps.table, obligation, { ...change, modelId: model.modelId }, at));
  }
  if (obligation && alertType) {
    const plan = settledAlert(obligation, alertType);
    const existing = await getAlert(deps, model.companyId, plan.alertId);
    items.push(settledAlertItem(deps.table, model.companyId, plan, obligation.modelType, existing, at));
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (!isContention(e)) throw e;
    if (failedConditionAt(e, 0)) {
      const now = await getModel(deps, model.companyId, model.modelId);
      if (now?.status === 'SUBMITTED') throw modelAlreadySubmitted();
    }
    throw concurrentUpdate(e);
  }
}

/** What a model write does to its obligation, and from which states of it. */
type ObligationUpdate = Omit<ObligationChange, 'modelId'> & { from: (o: ObligationRecord) => boolean };

/** Generated: an open obligation, or one already settled by a model, follows its model. */
const fromOpenOrGenerated = (o: ObligationRecord) => o.status !== 'SUBMITTED';

function obligationNeedsChange(o: ObligationRecord, change: Omit<ObligationChange, 'modelId'>): boolean {
  if (o.status !== change.status) return true;
  if (change.status === 'SUBMITTED') return o.reference !== (change.reference ?? null);
  return false;
}

export interface SaveGeneratedOptions {
  adjustments: ModelAdjustments;
  userId: string;
  /** Replace a model already generated for the period (else 409 TAX_022). Never a filed one. */
  regenerate: boolean;
}

/**
 * Stores a generated model (its obligation → MODEL_GENERATED with the model's id, and the
 * obligation's 'generated' alert, in the same transaction). One already there: TAX_022 unless
 * `regenerate`; a filed one is never overwritten (409 TAX_022, reason ALREADY_SUBMITTED).
 */
export async function saveGeneratedModel(
  deps: WriteDeps,
  companyId: string,
  preview: ModelPreview,
  options: SaveGeneratedOptions,
): Promise<StoredModel> {
  const modelId = modelIdOf(preview.year, preview.modelType, preview.period);
  const current = await getModel(deps, companyId, modelId);
  if (current?.status === 'SUBMITTED') throw modelAlreadySubmitted();
  if (current && !options.regenerate) {
    throw new AppError('TAX_022', undefined, { details: { modelId, status: current.status } });
  }
  const at = deps.now().toISOString();
  const model: StoredModel = {
    ...preview,
    modelId,
    companyId,
    status: 'MODEL_GENERATED',
    adjustments: options.adjustments,
    generatedAt: at,
    generatedBy: options.userId,
    updatedAt: at,
    version: (current?.version ?? 0) + 1,
    // A regenerated model must be approved again; a publication stays a fact of the past.
    approvedAt: null,
    approvedBy: null,
    submittedAt: null,
    reference: null,
    submissionId: null,
    publishedAt: current?.publishedAt ?? null,
    revision: (current?.revision ?? 0) + 1,
  };
  await writeWithObligation(
    deps,
    model,
    modelPut(deps.table, model, current),
    { status: 'MODEL_GENERATED', from: fromOpenOrGenerated },
    'generated',
  );
  return model;
}

/**
 * Stores the person's adjustments and the model recomputed with them (version + 1), conditioned on
 * the revision read. A filed model is refused.
 */
export async function saveAdjustedModel(
  deps: WriteDeps,
  current: StoredModel,
  preview: ModelPreview,
  adjustments: ModelAdjustments,
): Promise<StoredModel> {
  if (current.status === 'SUBMITTED') throw modelAlreadySubmitted();
  const next: StoredModel = {
    ...current,
    ...preview,
    adjustments,
    updatedAt: deps.now().toISOString(),
    version: current.version + 1,
    approvedAt: null,
    approvedBy: null,
    revision: current.revision + 1,
  };
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: [modelPut(deps.table, next, current)] }));
  } catch (e) {
    if (!isContention(e)) throw e;
    const now = await getModel(deps, current.companyId, current.modelId);
    if (now?.status === 'SUBMITTED') throw modelAlreadySubmitted();
    throw concurrentUpdate(e);
  }
  return next;
}

export interface SubmittedMark {
  /** The filing through Cuadra (H7's submission), or null when marked filed by hand. */
  submissionId: string | null;
  /** The justificante: the AEAT CSV, or the reference given by hand. */
  reference: string | null;
  at: string;
  userId: string;
}

/**
 * The model → SUBMITTED (with its justificante) and its obligation → SUBMITTED with the same
 * reference, REMOVEing its open-obligation index, plus the 'submitted' alert: one transaction.
 * Already filed: 409 TAX_022 (ALREADY_SUBMITTED).
 */
export async function markModelSubmitted(
  deps: WriteDeps,
  companyId: string,
  modelId: string,
  mark: SubmittedMark,
): Promise<StoredModel> {
  const current = await getModel(deps, companyId, modelId);
  if (!current) throw modelNotFound();
  if (current.status === 'SUBMITTED') throw modelAlreadySubmitted();
  const next: StoredModel = {
    ...current,
    status: 'SUBMITTED',
    submittedAt: mark.at,
    reference: mark.reference,
    submissionId: mark.submissionId,
    updatedAt: deps.now().toISOString(),
    revision: current.revision + 1,
  };
  await writeWithObligation(
    deps,
    next,
    modelPut(deps.table, next, current),
    {
      status: 'SUBMITTED',
      submittedAt: mark.at,
      reference: mark.reference,
      submittedBy: mark.userId,
      from: () => true,
    },
    'submitted',
  );
  return next;
}

/**
 * A model marked filed by hand goes back to MODEL_GENERATED (the filing was a mistake), and its
 * obligation with it. One filed through Cuadra (it has a submission) never does: the AEAT holds it.
 */
export async function markModelNotSubmitted(deps: WriteDeps, current: StoredModel): Promise<StoredModel> {
  if (current.status !== 'SUBMITTED') return current;
  if (current.submissionId) {
    throw new AppError(
      'CORE_004',
      'El modelo se presentó a la AEAT desde Cuadra; no se puede deshacer la presentación.',
      {
        field: 'status',
        details: { reason: 'FILED_THROUGH_CUADRA', submissionId: current.submissionId },
      },
    );
  }
  const next: StoredModel = {
    ...current,
    status: 'MODEL_GENERATED',
    submittedAt: null,
    reference: null,
    updatedAt: deps.now().toISOString(),
    revision: current.revision + 1,
  };
  await writeWithObligation(
    deps,
    next,
    modelPut(deps.table, next, current),
    // Only the filing this model made is taken back from the obligation.
    {
      status: 'MODEL_GENERATED',
      from: (o) => o.status !== 'SUBMITTED' || o.reference === current.reference,
    },
    null,
  );
  return next;
}

/** Sets some attributes of a stored model, conditioned on it existing and on `condition`. */
async function setAttributes(
  deps: WriteDeps,
  companyId: string,
  modelId: string,
  set: Record<string, unknown>,
  refuse: (current: StoredModel) => AppError | undefined,
): Promise<StoredModel> {
  const current = await getModel(deps, companyId, modelId);
  if (!current) throw modelNotFound();
  const refusal = refuse(current);
  if (refusal) throw refusal;
  const names: Record<string, string> = { '#revision': 'revision' };
  const values: Record<string, unknown> = { ':revision': current.revision, ':one': 1 };
  const assignments = Object.entries(set).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.taxModel(companyId, current.year, modelId),
        UpdateExpression: `SET ${assignments.join(', ')}, #revision = #revision + :one`,
        ConditionExpression: 'attribute_exists(pk) AND #revision = :revision',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toModel(res.Attributes ?? {});
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentUpdate(e);
    throw e;
  }
}

/** The gestor approves the model as it stands (cleared again by any regenerate or adjustment). */
export function setModelApproved(
  deps: WriteDeps,
  companyId: string,
  modelId: string,
  userId: string,
): Promise<StoredModel> {
  const at = deps.now().toISOString();
  return setAttributes(
    deps,
    companyId,
    modelId,
    { approvedAt: at, approvedBy: userId, updatedAt: at },
    () => undefined,
  );
}

/**
 * The model is shown to the company's clients (my-tax-documents) from `at` on, and they are told
 * (store/notify.ts), in one transaction conditioned on the revision read. Publishing again a model
 * that did not change since its publication writes nothing and tells nobody twice.
 */
export async function setModelPublished(
  deps: Pick<TaxModelsDeps, 'db' | 'table' | 'now' | 'newId'>,
  companyId: string,
  modelId: string,
  at: string,
): Promise<StoredModel> {
  const current = await getModel(deps, companyId, modelId);
  if (!current) throw modelNotFound();
  if (current.publishedAt && current.updatedAt <= current.publishedAt) return current;
  const next: StoredModel = { ...current, publishedAt: at, revision: current.revision + 1 };
  const recipients = await publicationRecipients(deps, companyId);
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          modelPut(deps.table, next, current),
          ...publicationNotificationItems(deps, next, recipients),
        ],
      }),
    );
  } catch (e) {
    if (isContention(e)) throw concurrentUpdate(e);
    throw e;
  }
  return next;
}

/** The model id of a period, for callers that hold year, type and period. */
export { modelIdOf };
