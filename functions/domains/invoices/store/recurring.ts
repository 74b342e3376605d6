/**
 * DynamoDB access for recurring invoices: templates (with the sparse gsi2 entry the daily schedule
 * queries), the company's settings, and generations. `generationWrite` is the idempotent heart:
 * ONE transaction claims the occurrence, writes the draft invoice and advances the template, so a
 * re-run or two overlapping runs never create two invoices for one occurrence.
 */

import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll, queryPrefix } from '@functions/lib/directory';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  GenerationStatus,
  RecurringGeneration,
  RecurringSettings,
  RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from './deps';
import { countUpdates } from './invoice-counts';
import { invoiceItem } from './invoices';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  cancellationCodes,
  failedAnyCondition,
  isConditionalCheckFailed,
} from '@functions/platform/aws/dynamodb-errors';
import { errorName } from '@functions/platform/aws/errors';

export const templateNotFound = () => new AppError('CORE_006', 'La plantilla no existe.');
const concurrentChange = () =>
  new AppError('CORE_004', 'La plantilla ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.', {
    details: { reason: 'CONCURRENT_UPDATE' },
  });

// --- templates ---------------------------------------------------------------------------------

/** The template item; only an active template with an occurrence left is in the due index. */
export const templateItem = (t: RecurringTemplate) => ({
  ...keys.recurringTemplate(t.companyId, t.templateId),
  ...(t.isActive && t.nextRunDate ? keys.recurringDue(t.nextRunDate, t.companyId, t.templateId) : {}),
  entity: 'RecurringTemplate',
  v: SCHEMA_VERSION,
  ...t,
});

export async function getTemplate(
  deps: Deps,
  companyId: string,
  templateId: string,
): Promise<RecurringTemplate | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.recurringTemplate(companyId, templateId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as RecurringTemplate) : undefined;
}

/** Every template of a company: one Query on its partition. */
export async function listTemplates(deps: Deps, companyId: string): Promise<RecurringTemplate[]> {
  const k = keys.recurringTemplatePrefix(companyId);
  const items = await queryPrefix(deps, k);
  return items.map((i) => stripKeys(i) as unknown as RecurringTemplate);
}

export async function putNewTemplate(deps: Deps, t: RecurringTemplate): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: templateItem(t),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Replaces a template, only while it is the one that was read: same `updatedAt` (no other edit)
 * and same `generatedCount` (no generation advanced it meanwhile).
 */
export async function replaceTemplate(
  deps: Deps,
  current: RecurringTemplate,
  next: RecurringTemplate,
): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: templateItem(next),
        ConditionExpression: 'updatedAt = :seen AND generatedCount = :count',
        ExpressionAttributeValues: { ':seen': current.updatedAt, ':count': current.generatedCount },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentChange();
    throw e;
  }
}

/** Deletes a template; its generations stay as history and its invoices are untouched. */
export async function deleteTemplate(deps: Deps, companyId: string, templateId: string): Promise<void> {
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.table,
        Key: keys.recurringTemplate(companyId, templateId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw templateNotFound();
    throw e;
  }
}

/**
 * Templates whose next occurrence is on or before `until`, across every company: ONE Query on the
 * sparse gsi2 entry (no Scan). The index is eventually consistent: callers read each template again.
 */
export async function templatesDueBy(deps: Deps, until: string): Promise<RecurringTemplate[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2' satisfies IndexName,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :until',
    ExpressionAttributeValues: {
      ':pk': keys.recurringDuePartition().gsi2pk,
      // '~' sorts after every id character, so the whole `until` day is included.
      ':until': `${until}#~`,
    },
  });
  return items.map((i) => stripKeys(i) as unknown as RecurringTemplate);
}

// --- settings ----------------------------------------------------------------------------------

export async function getSettingsItem(deps: Deps, companyId: string): Promise<RecurringSettings | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.recurringSettings(companyId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as RecurringSettings) : undefined;
}

export async function putSettings(deps: Deps, s: RecurringSettings): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.recurringSettings(s.companyId), entity: 'RecurringSettings', v: SCHEMA_VERSION, ...s },
    }),
  );
}

// --- generations -------------------------------------------------------------------------------

export const generationItem = (g: RecurringGeneration) => ({
  ...keys.recurringGeneration(g.companyId, g.templateId, g.occurrenceDate),
  ...keys.recurringGenerationByDate(g.companyId, g.occurrenceDate, g.templateId),
  entity: 'RecurringGeneration',
  v: SCHEMA_VERSION,
  ...g,
});

/** The schedule state a generation moves the template to. */
export interface TemplateAdvance {
  /** The occurrence being generated: the template's `nextRunDate` as it was read. */
  occurrenceDate: string;
  /** The following occurrence, or null when the sequence ends with this one. */
  nextRunDate: string | null;
}

const advanceUpdate = (deps: Deps, t: RecurringTemplate, a: TemplateAdvance): TransactItem => {
  const due = a.nextRunDate ? keys.recurringDue(a.nextRunDate, t.companyId, t.templateId) : undefined;
  return {
    Update: {
      TableName: deps.table,
      Key: keys.recurringTemplate(t.companyId, t.templateId),
      UpdateExpression: due
        ? 'SET nextRunDate = :next, lastOccurrenceDate = :occ, gsi2pk = :g2pk, gsi2sk = :g2sk ADD generatedCount :one'
        : 'SET nextRunDate = :next, lastOccurrenceDate = :occ ADD generatedCount :one REMOVE gsi2pk, gsi2sk',
      // Conditioned on the occurrence that was read: whoever advances it first wins.
      ConditionExpression: 'nextRunDate = :occ AND isActive = :true',
      ExpressionAttributeValues: {
        ':next': a.nextRunDate,
        ':occ': a.occurrenceDate,
        ':one': 1,
        ':true': true,
        ...(due ? { ':g2pk': due.gsi2pk, ':g2sk': due.gsi2sk } : {}),
      },
    },
  };
};

/**
 * ONE transaction: [generation claim, draft invoice, template advance, the list's counters]. The claim exists only if
 * nobody generated the occurrence (a FAILED attempt may be retried); the template advances only
 * from the occurrence that was read. Returns false when another run got there first (nothing written).
 */
export async function generationWrite(
  deps: Deps,
  template: RecurringTemplate,
  advance: TemplateAdvance,
  draft: Invoice,
  generation: RecurringGeneration,
): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: generationItem(generation),
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'FAILED' },
      },
    },
    {
      Put: {
        TableName: deps.table,
        Item: invoiceItem(draft),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    advanceUpdate(deps, template, advance),
    ...countUpdates(deps.table, draft.companyId, draft.invoiceDate, 1),
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    if (failedAnyCondition(e)) return false;
    if (errorName(e) === 'TransactionConflictException') return false;
    if (cancellationCodes(e).includes('TransactionConflict')) return false;
    throw e;
  }
}

/**
 * Moves a template past an occurrence that already has its invoice (a repair: nothing is created).
 * Conditioned like the generation, so it never skips an occurrence someone is generating.
 */
export async function skipOccurrence(deps: Deps, template: RecurringTemplate, advance: TemplateAdvance) {
  const update = advanceUpdate(deps, template, advance).Update!;
  try {
    await deps.db.send(new UpdateCommand(update));
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

export async function getGeneration(
  deps: Deps,
  companyId: string,
  templateId: string,
  occurrenceDate: string,
): Promise<RecurringGeneration | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.recurringGeneration(companyId, templateId, occurrenceDate),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as RecurringGeneration) : undefined;
}

/**
 * Records a failed attempt, never over a generation that succeeded. Returns true on the first
 * failure of the occurrence (the one worth telling the staff about), false on a repeated one.
 */
export async function recordFailure(deps: Deps, g: RecurringGeneration): Promise<boolean> {
  const byDate = keys.recurringGenerationByDate(g.companyId, g.occurrenceDate, g.templateId);
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.recurringGeneration(g.companyId, g.templateId, g.occurrenceDate),
        UpdateExpression:
          'SET entity = :entity, v = :v, gsi1pk = :g1pk, gsi1sk = :g1sk, companyId = :company, templateId = :tpl, ' +
          'templateName = :name, occurrenceDate = :occ, #status = :failed, #trigger = :trigger, #mode = :mode, ' +
          'invoiceId = :null, invoiceNumber = :null, totalCents = :null, customerName = :customer, reason = :reason, ' +
          'generatedAt = :at ADD attempts :one',
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :failed',
        ExpressionAttributeNames: { '#status': 'status', '#trigger': 'trigger', '#mode': 'mode' },
        ExpressionAttributeValues: {
          ':entity': 'RecurringGeneration',
          ':v': SCHEMA_VERSION,
          ':g1pk': byDate.gsi1pk,
          ':g1sk': byDate.gsi1sk,
          ':company': g.companyId,
          ':tpl': g.templateId,
          ':name': g.templateName,
          ':occ': g.occurrenceDate,
          ':failed': 'FAILED',
          ':trigger': g.trigger,
          ':mode': g.mode,
          ':null': null,
          ':customer': g.customerName,
          ':reason': g.reason,
          ':at': g.generatedAt,
          ':one': 1,
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return !res.Attributes?.attempts;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** The later steps of a generation (confirmed, sent, or why not), on its history entry. */
export async function markGeneration(
  deps: Deps,
  g: Pick<RecurringGeneration, 'companyId' | 'templateId' | 'occurrenceDate'>,
  change: { status: GenerationStatus; invoiceNumber?: string | null; reason?: string | null },
): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.recurringGeneration(g.companyId, g.templateId, g.occurrenceDate),
      UpdateExpression: 'SET #status = :status, invoiceNumber = :number, reason = :reason',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': change.status,
        ':number': change.invoiceNumber ?? null,
        ':reason': change.reason ?? null,
      },
    }),
  );
}

/** A company's generations with an occurrence date in [from, to]: one Query on gsi1 (all templates). */
export async function listGenerationsByDate(
  deps: Deps,
  companyId: string,
  from: string,
  to: string,
): Promise<RecurringGeneration[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.recurringGenerationByDatePartition(companyId).gsi1pk,
      ':from': from,
      ':to': `${to}#~`,
    },
    ScanIndexForward: false,
  });
  return items.map((i) => stripKeys(i) as unknown as RecurringGeneration);
}

/** One template's generations with an occurrence date in [from, to]: one Query on the company partition. */
export async function listTemplateGenerations(
  deps: Deps,
  companyId: string,
  templateId: string,
  from: string,
  to: string,
): Promise<RecurringGeneration[]> {
  const k = keys.recurringGenerationPrefix(companyId, templateId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': k.pk, ':from': `${k.skPrefix}${from}`, ':to': `${k.skPrefix}${to}` },
    ScanIndexForward: false,
  });
  return items.map((i) => stripKeys(i) as unknown as RecurringGeneration);
}
