/**
 * Obligation items (issue 13 item 2): one per AEAT return a company owes, keyed
 * `keys.taxObligation(companyId, year, obligationId)` with the id `<year>-<model>-<period>`, and
 * carrying the sparse gsi1 attributes `keys.taxOpenObligation(companyId, dueDate, obligationId)`
 * ONLY while the stored status is PENDING (so gsi1 lists the open ones by due date). OVERDUE is
 * never stored: it is read off the dates (fiscal-alerts.ts `effectiveStatus`).
 *
 * The year's obligations are materialised from the profile by `ensureYearObligations`: the plan of
 * shared/fiscal/tax-obligations.ts reconciled against what is stored, so the periods already started
 * (before the first day of the current month) and everything the user settled are never rewritten.
 * Every write is conditioned (creates on absence, updates and removals on the status still being
 * PENDING), so a concurrent run or a concurrent settle makes the transaction fail, and the run reads
 * again and decides anew: running it twice writes nothing the second time.
 */

import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { concurrentUpdate, isContention } from '@functions/platform/contention';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import {
  type PlannedObligation,
  planObligations,
  reconcileObligations,
} from '@shared/fiscal/tax-obligations';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import { madridMonthStart } from '../model/dates';
import type { TaxDeps } from './deps';

type Deps = Pick<TaxDeps, 'db' | 'table'>;
type WriteDeps = Pick<TaxDeps, 'db' | 'table' | 'now'>;

/** A stored obligation: the `TaxObligation` plus who marked it filed outside Cuadra, and its reference. */
export interface ObligationRecord extends TaxObligation {
  /** The filing's reference (justificante / CSV), or ASSUMED_FILED_REFERENCE. */
  reference?: string | null;
  /** The user who marked it SUBMITTED by hand. */
  submittedBy?: string | null;
}

/** How obligations already due when the profile is created are recorded (create-profile body). */
export type PastObligations = 'PENDING' | 'ASSUME_FILED';
export const ASSUMED_FILED_REFERENCE = 'Anterior al alta del perfil fiscal';

/** TransactWriteItems takes at most 100 actions. */
export const TRANSACTION_MAX = 100;
/** Attempts of a run that keeps meeting concurrent writers before answering 409 CONCURRENT_UPDATE. */
const MAX_ATTEMPTS = 3;

export function obligationItem(o: ObligationRecord) {
  return {
    ...keys.taxObligation(o.companyId, o.year, o.obligationId),
    ...(o.status === 'PENDING' ? keys.taxOpenObligation(o.companyId, o.dueDate, o.obligationId) : {}),
    entity: 'TaxObligation',
    v: SCHEMA_VERSION,
    ...o,
  };
}

const toRecord = (item: Record<string, unknown>) => stripKeys(item) as unknown as ObligationRecord;

/** The tax year of an id `<year>-<model>-<period>`, undefined when it has no such shape. */
export function yearOfObligationId(obligationId: string): number | undefined {
  const match = /^(\d{4})-\d{3}-\S+$/.exec(obligationId);
  return match ? Number(match[1]) : undefined;
}

// --- reads ----------------------------------------------------------------------------------------

/** Every obligation of a tax year (settled ones too), in id order: one Query on the company's partition. */
export async function listYearObligations(
  deps: Deps,
  companyId: string,
  year: number,
  options: { consistent?: boolean } = {},
): Promise<ObligationRecord[]> {
  const items = await queryPrefix(deps, keys.taxObligationYearPrefix(companyId, year), {
    ConsistentRead: options.consistent ?? false,
  });
  return items.map(toRecord);
}

/**
 * The company's open obligations (stored PENDING, so also the overdue ones) by due date, optionally
 * limited to due dates in [from, to] (both inclusive): one Query on the sparse gsi1. gsi1sk is
 * `<dueDate>#<id>`, so `<to>$` ('$' sorts right after '#') bounds every key of the day `to`.
 */
export async function listOpenObligations(
  deps: Deps,
  companyId: string,
  range: { from?: string; to?: string } = {},
): Promise<ObligationRecord[]> {
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) return [];
  const { gsi1pk } = keys.taxOpenObligationPartition(companyId);
  const values: Record<string, string> = { ':pk': gsi1pk };
  let condition = 'gsi1pk = :pk';
  if (range.from !== undefined) values[':from'] = range.from;
  if (range.to !== undefined) values[':to'] = `${range.to}$`;
  if (range.from !== undefined && range.to !== undefined) condition += ' AND gsi1sk BETWEEN :from AND :to';
  else if (range.from !== undefined) condition += ' AND gsi1sk >= :from';
  else if (range.to !== undefined) condition += ' AND gsi1sk <= :to';
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: condition,
    ExpressionAttributeValues: values,
  });
  return items.map(toRecord);
}

/** One obligation by id (its year is the id's first part); undefined when unknown. */
export async function getObligation(
  deps: Deps,
  companyId: string,
  obligationId: string,
  options: { consistent?: boolean } = {},
): Promise<ObligationRecord | undefined> {
  const year = yearOfObligationId(obligationId);
  if (year === undefined) return undefined;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxObligation(companyId, year, obligationId),
      ConsistentRead: options.consistent ?? false,
    }),
  );
  return res.Item ? toRecord(res.Item) : undefined;
}

// --- the year's plan ------------------------------------------------------------------------------

export interface EnsureYearInput {
  profile: Pick<TaxProfile, 'companyId' | 'companyType' | 'versions'>;
  /**
   * The company's name, as the callers (profile writes, the alert run) pass it. The obligation items
   * do not hold it (a company can be renamed), so the store does not read it.
   */
  companyName?: string;
  year: number;
  /** The Madrid date (model/dates.ts). */
  today: string;
  /** Default PENDING: obligations already due are created open (they read OVERDUE). */
  pastObligations?: PastObligations;
}

export interface EnsureYearResult {
  created: number;
  updated: number;
  removed: number;
  /** The year's obligations as stored after the run, in id order. */
  obligations: ObligationRecord[];
}

/** A new obligation of the plan: PENDING, or SUBMITTED (with no date) when assumed filed before the profile. */
function newObligation(
  companyId: string,
  p: PlannedObligation,
  now: string,
  assumedFiled: boolean,
): ObligationRecord {
  return {
    ...p,
    companyId,
    status: assumedFiled ? 'SUBMITTED' : 'PENDING',
    modelId: null,
    submittedAt: null,
    reference: assumedFiled ? ASSUMED_FILED_REFERENCE : null,
    submittedBy: null,
    createdAt: now,
    updatedAt: now,
  };
}

const pendingCondition = {
  ConditionExpression: '#status = :pending',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':pending': 'PENDING' },
};

/**
 * Materialises the obligations of tax year `year` from the profile: plans them
 * (`planObligations`, each period judged by the profile version in force on its first day),
 * reconciles them with the stored ones (`reconcileObligations`, protecting every period that
 * started before the first day of today's month) and writes the creates, date updates and
 * removals in transactions of at most 100 items. Census declarations (036, event-driven) are not
 * part of the plan and never touched here. Idempotent: a second call finds nothing to do.
 *
 * Obligations already due (dueDate before today) are created SUBMITTED with the reference
 * ASSUMED_FILED_REFERENCE only when `pastObligations` is 'ASSUME_FILED' and they are created now;
 * existing ones keep their status.
 */
export async function ensureYearObligations(
  deps: WriteDeps,
  input: EnsureYearInput,
): Promise<EnsureYearResult> {
  const { profile, year, today } = input;
  const companyId = profile.companyId;
  const protectFrom = madridMonthStart(today);
  const planned = planObligations(profile.companyType, profile.versions, year);
  const assumeFiled = input.pastObligations === 'ASSUME_FILED';
  const totals = { created: 0, updated: 0, removed: 0 };

  for (let attempt = 1; ; attempt++) {
    const stored = await listYearObligations(deps, companyId, year, { consistent: true });
    const byId = new Map(stored.map((o) => [o.obligationId, o]));
    const { create, update, remove } = reconcileObligations(
      stored.filter((o) => o.periodicity !== 'EVENT'),
      planned,
      protectFrom,
    );
    if (create.length + update.length + remove.length === 0) return { ...totals, obligations: stored };

    const now = deps.now().toISOString();
    const writes: { item: TransactItem; kind: keyof typeof totals }[] = [
      ...create.map((p) => ({
        kind: 'created' as const,
        item: {
          Put: {
            TableName: deps.table,
            Item: obligationItem(newObligation(companyId, p, now, assumeFiled && p.dueDate < today)),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      })),
      ...update.map((p) => {
        // Only PENDING ones are updated (reconcileObligations): the plan's dates and facts, the rest kept.
        const current = byId.get(p.obligationId)!;
        return {
          kind: 'updated' as const,
          item: {
            Put: {
              TableName: deps.table,
              Item: obligationItem({ ...current, ...p, updatedAt: now }),
              ...pendingCondition,
            },
          },
        };
      }),
      ...remove.map((obligationId) => ({
        kind: 'removed' as const,
        item: {
          Delete: {
            TableName: deps.table,
            Key: keys.taxObligation(companyId, year, obligationId),
            ...pendingCondition,
          },
        },
      })),
    ];

    try {
      for (let i = 0; i < writes.length; i += TRANSACTION_MAX) {
        const batch = writes.slice(i, i + TRANSACTION_MAX);
        await deps.db.send(new TransactWriteCommand({ TransactItems: batch.map((w) => w.item) }));
        for (const w of batch) totals[w.kind]++;
      }
    } catch (e) {
      // Another run created them, or the user settled one meanwhile: read again and decide anew.
      if (!isContention(e)) throw e;
      if (attempt >= MAX_ATTEMPTS) throw concurrentUpdate(e);
      continue;
    }
    return { ...totals, obligations: await listYearObligations(deps, companyId, year, { consistent: true }) };
  }
}

/**
 * Stores the census declaration (modelo 036) of a profile change, PENDING. Idempotent on its id
 * (`<year>-036-<date of the change>`): several changes on one day are declared in one 036, so a
 * second call for the same day writes nothing. Returns whether it was created now.
 */
export async function putCensusObligation(
  deps: WriteDeps,
  companyId: string,
  planned: PlannedObligation,
): Promise<boolean> {
  const now = deps.now().toISOString();
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: obligationItem(newObligation(companyId, planned, now, false)),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

// --- filing by hand -------------------------------------------------------------------------------

export interface ObligationStatusChange {
  status: 'PENDING' | 'SUBMITTED';
  /** When it was filed (SUBMITTED; ignored for PENDING). */
  submittedAt: string | null;
  reference: string | null;
  userId: string;
}

export const obligationNotFound = () => new AppError('CORE_006', 'La obligación no existe.');

/**
 * Marks an obligation filed outside Cuadra (SUBMITTED) or back to PENDING, removing or adding its
 * gsi1 attributes with the status. An obligation whose model was generated in Cuadra
 * (MODEL_GENERATED / OBLIGATION_GENERATED) changes only through its model. Conditioned on the
 * status read; a concurrent change makes it read again.
 */
export async function setObligationStatus(
  deps: WriteDeps,
  companyId: string,
  obligationId: string,
  change: ObligationStatusChange,
): Promise<ObligationRecord> {
  for (let attempt = 1; ; attempt++) {
    const current = await getObligation(deps, companyId, obligationId, { consistent: true });
    if (!current) throw obligationNotFound();
    if (current.status === 'MODEL_GENERATED' || current.status === 'OBLIGATION_GENERATED') {
      throw new AppError('CORE_004', 'La obligación ya tiene un modelo generado; cámbiala desde el modelo.', {
        field: 'status',
      });
    }
    if (change.status === 'PENDING' && current.status === 'PENDING') return current;

    const now = deps.now().toISOString();
    const submitted = change.status === 'SUBMITTED';
    const open = keys.taxOpenObligation(companyId, current.dueDate, obligationId);
    const values: Record<string, unknown> = {
      ':status': change.status,
      ':seen': current.status,
      ':submittedAt': submitted ? (change.submittedAt ?? now) : null,
      ':reference': submitted ? change.reference : null,
      ':submittedBy': submitted ? change.userId : null,
      ':now': now,
    };
    let update =
      'SET #status = :status, submittedAt = :submittedAt, #reference = :reference, submittedBy = :submittedBy, updatedAt = :now';
    if (submitted) update += ' REMOVE gsi1pk, gsi1sk';
    else {
      update += ', gsi1pk = :gsi1pk, gsi1sk = :gsi1sk';
      values[':gsi1pk'] = open.gsi1pk;
      values[':gsi1sk'] = open.gsi1sk;
    }
    try {
      const res = await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: keys.taxObligation(companyId, current.year, obligationId),
          UpdateExpression: update,
          ConditionExpression: 'attribute_exists(pk) AND #status = :seen',
          ExpressionAttributeNames: { '#status': 'status', '#reference': 'reference' },
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(res.Attributes ?? {});
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      if (attempt >= MAX_ATTEMPTS) throw concurrentUpdate(e);
    }
  }
}
