/**
 * VeriFacTu registration records in DynamoDB (issue 5; RD 1007/2023, Orden HAC/1177/2024;
 * reference/verifactu-sii.md §1.5, §2.5, §8).
 *
 * One chain per issuer (company). A new record is written in ONE TransactWriteItems with
 *   [record Put (attribute_not_exists), submission Put (QUEUED), chain head Put, stats ADD]
 * and the head Put is conditioned on the head read when the record was built (`seq = :prev`, or
 * absent for the first record): two concurrent writers can never both link to the same record, so
 * the chain never forks. The loser re-reads the head, rebuilds its record (new seq, new link, new
 * huella) and tries again, after taking the chain's turn (`ChainTurn`: an advisory lease on the head
 * item, so that under contention writers go one by one instead of flooding the table with
 * transactions bound to fail).
 *
 * The invoice's own transactions (confirm, cancel) carry these items next to the invoice items
 * (`prepareAlta`, `prepareAnulacion`: build, write nothing); the VeriFacTu domain's corrections
 * (subsanación, alta tras rechazo, anulación tras rechazo) use `appendRecord`, which writes and
 * retries by itself. A record is never updated nor deleted; its submission state lives on the
 * separate submission item (the sender moves it by conditional writes). The record's INSERT on the
 * table stream wakes the company's sender (manifest stream consumer `verifactu-records`).
 *
 * A company in NO_VERIFACTU mode still gets its submission item (QUEUED): the sender decides what
 * to do with it (it only sends in VERIFACTU mode), so the chain and its states are the same for
 * every mode and a later change of mode needs no backfill.
 */

import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { sistemaInformatico } from '@functions/lib/verifactu-xml';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import {
  buildAltaFields,
  buildAnulacionFields,
  type ChainLink,
  idFacturaOf,
  isAlta,
  madridTimestamp,
  recordContentHash,
  timestampInstant,
} from '@shared/fiscal/verifactu-record';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  RecordOperation,
  SistemaInformatico,
  VerifactuChainHead,
  VerifactuConfig,
  VerifactuEnvironment,
  VerifactuMode,
  VerifactuRecord,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';

type Db = Pick<DynamoDBDocumentClient, 'send'>;
export interface TableDeps {
  db: Db;
  table: string;
}

// --- items -------------------------------------------------------------------------------------

/** Where each item of `recordWriteItems` sits (callers add their offset to read cancellation reasons). */
export const RECORD_ITEM_INDEX = { record: 0, submission: 1, head: 2, stats: 3 } as const;
export const RECORD_ITEM_COUNT = 4;

export const DEFAULT_MODE: VerifactuMode = 'VERIFACTU';
export const DEFAULT_ENVIRONMENT: VerifactuEnvironment = 'TEST';

/** The submission of a freshly generated record: QUEUED, nothing tried yet. */
export function queuedSubmission(record: VerifactuRecord, at: string): VerifactuSubmission {
  return {
    companyId: record.companyId,
    seq: record.seq,
    recordId: record.recordId,
    kind: record.kind,
    operation: record.operation,
    invoiceId: record.invoiceId,
    invoiceNumber: record.invoiceNumber,
    invoiceDate: record.invoiceDate,
    totalCents: record.totalCents,
    customerName: record.customerName,
    status: 'QUEUED',
    aeatCode: null,
    aeatMessage: null,
    aeatState: null,
    csv: null,
    attemptId: null,
    attempts: 0,
    lastAttemptAt: null,
    sentAt: null,
    resolvedAt: null,
    correctedBySeq: null,
    history: [],
    createdAt: at,
    updatedAt: at,
  };
}

/** The chain head after `record`: what the next record links to. */
export const headAfter = (record: VerifactuRecord, at: string): VerifactuChainHead => ({
  companyId: record.companyId,
  seq: record.seq,
  huella: record.huella,
  idFactura: idFacturaOf(record.fields),
  timestamp: record.fields.FechaHoraHusoGenRegistro,
  contentHash: record.contentHash,
  updatedAt: at,
});

/** yyyy-mm of the record's generation in Madrid (its FechaHoraHusoGenRegistro is Madrid local time). */
export const usagePeriodOf = (record: VerifactuRecord): string =>
  record.fields.FechaHoraHusoGenRegistro.slice(0, 7);

/**
 * The four items that add `record` to its company's chain (see RECORD_ITEM_INDEX). The head Put is
 * the optimistic lock: absent for the first record, else still at the previous seq.
 */
export function recordWriteItems(
  table: string,
  input: {
    record: VerifactuRecord;
    at: string;
    /** The state of the submission this record corrects (marked corrected by the caller's extra item). */
    correctedStatus?: string;
  },
): TransactItem[] {
  const { record, at, correctedStatus } = input;
  // A correction also counts the error it settles, so the dashboard's '{n} envíos con errores' only
  // counts errors nobody has corrected yet (corrected_<STATUS> beside status_<STATUS>).
  const corrected = correctedStatus ? ', #corrected :one' : '';
  const { companyId, seq } = record;
  const head = headAfter(record, at);
  return [
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.verifactuRecord(companyId, seq),
          ...keys.verifactuRecordByInvoice(companyId, record.invoiceId, seq),
          entity: 'VerifactuRecord',
          v: SCHEMA_VERSION,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.verifactuSubmission(companyId, seq),
          ...keys.verifactuPending(companyId, seq),
          ...keys.verifactuPendingGlobal(companyId, seq),
          entity: 'VerifactuSubmission',
          v: SCHEMA_VERSION,
          ...queuedSubmission(record, at),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.verifactuChainHead(companyId),
          entity: 'VerifactuChainHead',
          v: SCHEMA_VERSION,
          ...head,
        },
        // The item may exist before the first record, holding only a turn (see ChainTurn).
        ...(seq === 1
          ? { ConditionExpression: 'attribute_not_exists(#seq)', ExpressionAttributeNames: { '#seq': 'seq' } }
          : {
              ConditionExpression: '#seq = :prev',
              ExpressionAttributeNames: { '#seq': 'seq' },
              ExpressionAttributeValues: { ':prev': seq - 1 },
            }),
      },
    },
    {
      Update: {
        TableName: table,
        Key: keys.verifactuStats(companyId),
        UpdateExpression: `SET entity = :entity, v = :v, companyId = :companyId ADD #queued :one, #usage :one${corrected}`,
        ExpressionAttributeNames: {
          '#queued': 'status_QUEUED',
          '#usage': `usage_${usagePeriodOf(record)}`,
          ...(correctedStatus ? { '#corrected': `corrected_${correctedStatus}` } : {}),
        },
        ExpressionAttributeValues: {
          ':entity': 'VerifactuStats',
          ':v': SCHEMA_VERSION,
          ':companyId': companyId,
          ':one': 1,
        },
      },
    },
  ];
}

// --- reads -------------------------------------------------------------------------------------

interface HeadItem {
  head: VerifactuChainHead | null;
  /** The writer holding the chain's turn, and until when (ms since the epoch). */
  lease: { holder: string; until: number } | null;
}

async function readHeadItem(db: Db, table: string, companyId: string): Promise<HeadItem> {
  const res = await db.send(
    new GetCommand({ TableName: table, Key: keys.verifactuChainHead(companyId), ConsistentRead: true }),
  );
  const item = res.Item;
  if (!item) return { head: null, lease: null };
  const { leaseHolder, leaseUntil, ...rest } = stripKeys(item);
  return {
    // Before the first record the item may hold only a turn: no head yet.
    head: typeof rest.seq === 'number' ? (rest as unknown as VerifactuChainHead) : null,
    lease: typeof leaseHolder === 'string' ? { holder: leaseHolder, until: Number(leaseUntil ?? 0) } : null,
  };
}

/** The last record of the company's chain (what the next one links to); null before the first. */
export async function readChainHead(
  db: Db,
  table: string,
  companyId: string,
): Promise<VerifactuChainHead | null> {
  return (await readHeadItem(db, table, companyId)).head;
}

/** The company's VeriFacTu configuration (`VF#CONFIG`), null when it was never configured. */
export async function readVerifactuConfig(
  db: Db,
  table: string,
  companyId: string,
): Promise<VerifactuConfig | null> {
  const res = await db.send(
    new GetCommand({ TableName: table, Key: keys.verifactuConfig(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as VerifactuConfig) : null;
}

export async function getRecord(
  db: Db,
  table: string,
  companyId: string,
  seq: number,
): Promise<VerifactuRecord | null> {
  const res = await db.send(
    new GetCommand({ TableName: table, Key: keys.verifactuRecord(companyId, seq), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as VerifactuRecord) : null;
}

export async function getSubmission(
  db: Db,
  table: string,
  companyId: string,
  seq: number,
): Promise<VerifactuSubmission | null> {
  const res = await db.send(
    new GetCommand({ TableName: table, Key: keys.verifactuSubmission(companyId, seq), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as VerifactuSubmission) : null;
}

/** Every record of one invoice (alta, corrections, anulación), in chain order: one Query on gsi1. */
export async function recordsOfInvoice(
  db: Db,
  table: string,
  companyId: string,
  invoiceId: string,
): Promise<VerifactuRecord[]> {
  const items = await queryAll(
    { db: db as DynamoDBDocumentClient, table },
    {
      TableName: table,
      IndexName: 'gsi1' satisfies IndexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.verifactuRecordByInvoicePartition(companyId, invoiceId).gsi1pk,
      },
      ScanIndexForward: true,
    },
  );
  return items.map((i) => stripKeys(i) as unknown as VerifactuRecord);
}

export interface ChainPage {
  records: VerifactuRecord[];
  /** Pass as `afterSeq` for the next page; null when the chain has no more records. */
  nextAfterSeq: number | null;
}

/** Up to `limit` records of the company's chain after `afterSeq` (0 = from the first), in seq order. */
export async function listChainPage(
  db: Db,
  table: string,
  companyId: string,
  afterSeq: number,
  limit: number,
): Promise<ChainPage> {
  const k = keys.verifactuRecordPrefix(companyId);
  const res = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': k.pk,
        ':from': keys.verifactuRecord(companyId, afterSeq + 1).sk,
        // '~' sorts after every digit: the rest of the prefix.
        ':to': `${k.skPrefix}~`,
      },
      ScanIndexForward: true,
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  const records = (res.Items ?? []).map((i) => stripKeys(i) as unknown as VerifactuRecord);
  const last = records.at(-1);
  return { records, nextAfterSeq: res.LastEvaluatedKey && last ? last.seq : null };
}

// --- building the next record ------------------------------------------------------------------

/** What a record is built against: the head it links to and the settings in force. */
export interface ChainContext {
  head: VerifactuChainHead | null;
  /** Who holds the chain's turn (ChainTurn), as read with the head. */
  lease: HeadItem['lease'];
  link: ChainLink | null;
  /** FechaHoraHusoGenRegistro of the new record: never earlier than the head's. */
  timestamp: string;
  config: VerifactuConfig | null;
  system: SistemaInformatico;
  seq: number;
}

/** Reads the head and the configuration and fixes seq, link and timestamp of the next record. */
export async function chainContext(deps: TableDeps, companyId: string, at: Date): Promise<ChainContext> {
  const [{ head, lease }, config] = await Promise.all([
    readHeadItem(deps.db, deps.table, companyId),
    readVerifactuConfig(deps.db, deps.table, companyId),
  ]);
  // The chain's timestamps never go backwards, even if this clock is behind the last writer's.
  const instant = Math.max(at.getTime(), head ? timestampInstant(head.timestamp) : 0);
  return {
    head,
    lease,
    link: head ? { idFactura: head.idFactura, huella: head.huella } : null,
    timestamp: madridTimestamp(new Date(instant)),
    config,
    system: sistemaInformatico(companyId),
    seq: (head?.seq ?? 0) + 1,
  };
}

/** The parts of a record the chain fixes; a builder supplies the rest. */
type ChainParts =
  | 'companyId'
  | 'seq'
  | 'recordId'
  | 'huella'
  | 'contentHash'
  | 'previousHuella'
  | 'previousSeq'
  | 'mode'
  | 'environment'
  | 'createdAt';
export type RecordBody = Omit<VerifactuRecord, ChainParts>;

export const recordIdOf = (companyId: string, seq: number): string => `${companyId}-${seq}`;

/** Completes a record body with its place in the chain. */
export function chainRecord(
  companyId: string,
  ctx: ChainContext,
  body: RecordBody,
  at: Date,
): VerifactuRecord {
  return {
    companyId,
    seq: ctx.seq,
    recordId: recordIdOf(companyId, ctx.seq),
    ...body,
    huella: body.fields.Huella,
    contentHash: recordContentHash(body.fields, ctx.head?.contentHash ?? null),
    previousHuella: ctx.head?.huella ?? null,
    previousSeq: ctx.head?.seq ?? null,
    mode: ctx.config?.mode ?? DEFAULT_MODE,
    environment: ctx.config?.environment ?? DEFAULT_ENVIRONMENT,
    createdAt: at.toISOString(),
  };
}

/** An invoice as the record builders read it (a cancelled invoice keeps everything but its status). */
type InvoiceLike = Omit<Invoice, 'status'>;

/**
 * RD 1007/2023 art. 3: SII filers are outside the SIF regulation. An invoice confirmed by a company
 * in the SII carries an SII state (`siiStatus` set at confirmation), one that is not carries null.
 */
export const outsideVerifactu = (invoice: Pick<Invoice, 'siiStatus'>): boolean => invoice.siiStatus != null;

export interface PreparedRecord {
  record: VerifactuRecord;
  /** `recordWriteItems` of the record: put them in the caller's transaction (RECORD_ITEM_INDEX). */
  items: TransactItem[];
}

/**
 * The registro de alta of a just-confirmed invoice, chained to the current head, and its items;
 * nothing is written. Null for a company in the SII. The caller retries with a fresh call when its
 * transaction loses the head (see `isChainConflict`).
 */
export async function prepareAlta(
  deps: TableDeps,
  input: { invoice: InvoiceLike; at: Date; createdBy: string | null },
): Promise<PreparedRecord | null> {
  if (outsideVerifactu(input.invoice)) return null;
  const ctx = await chainContext(deps, input.invoice.companyId, input.at);
  return buildAlta(deps.table, { ...input, ctx });
}

/** `prepareAlta` on a chain context read beforehand (callers that read it alongside other items). */
export function buildAlta(
  table: string,
  input: { invoice: InvoiceLike; ctx: ChainContext; at: Date; createdBy: string | null },
): PreparedRecord {
  const { invoice, ctx, at } = input;
  const fields = buildAltaFields({
    invoice: invoice as Invoice,
    link: ctx.link,
    timestamp: ctx.timestamp,
    system: ctx.system,
    operation: 'ALTA',
  });
  const record = chainRecord(
    invoice.companyId,
    ctx,
    {
      ...invoiceFacts(invoice),
      kind: 'ALTA',
      operation: 'ALTA',
      totalCents: invoice.totals.totalCents,
      fields,
      reason: null,
      correctsSeq: null,
      createdBy: input.createdBy,
    },
    at,
  );
  return { record, items: recordWriteItems(table, { record, at: at.toISOString() }) };
}

const invoiceFacts = (invoice: InvoiceLike) => ({
  invoiceId: invoice.invoiceId,
  invoiceNumber: invoice.invoiceNumber ?? '',
  invoiceDate: invoice.invoiceDate,
  invoiceType: invoice.invoiceType,
  customerName: invoice.customer?.name ?? null,
});

/**
 * Which anulación a cancelled invoice gets, from the records it already has (reference §1.5):
 * - no alta (confirmed before VeriFacTu existed in Cuadra): none;
 * - its latest record is an anulación not rejected: none (already annulled);
 * - its latest record is a rejected anulación: ANULACION_TRAS_RECHAZO;
 * - its latest alta was rejected (never registered at the AEAT): ANULACION_SIN_REGISTRO_PREVIO;
 * - otherwise ANULACION. The target is the IDFactura its latest alta recorded.
 */
export interface AnulacionPlan {
  /** The latest alta of the invoice: its IDFactura is the one annulled. */
  target: VerifactuRecord;
  operation: Extract<
    RecordOperation,
    'ANULACION' | 'ANULACION_TRAS_RECHAZO' | 'ANULACION_SIN_REGISTRO_PREVIO'
  >;
  /** The rejected anulación an ANULACION_TRAS_RECHAZO corrects. */
  correctsSeq: number | null;
}

export async function anulacionPlan(
  deps: TableDeps,
  companyId: string,
  invoiceId: string,
): Promise<AnulacionPlan | null> {
  const records = await recordsOfInvoice(deps.db, deps.table, companyId, invoiceId);
  const alta = records.filter((r) => r.kind === 'ALTA').at(-1);
  const latest = records.at(-1);
  if (!alta || !latest) return null;
  const latestStatus = (await getSubmission(deps.db, deps.table, companyId, latest.seq))?.status;
  if (latest.kind === 'ANULACION') {
    return latestStatus === 'ERROR'
      ? { target: alta, operation: 'ANULACION_TRAS_RECHAZO', correctsSeq: latest.seq }
      : null;
  }
  return {
    target: alta,
    operation: latestStatus === 'ERROR' ? 'ANULACION_SIN_REGISTRO_PREVIO' : 'ANULACION',
    correctsSeq: null,
  };
}

/**
 * The registro de anulación of an invoice cancelled because it should never have existed, chained
 * to the current head, and its items; nothing is written. Null for a company in the SII and for an
 * invoice without an alta record (see `anulacionPlan`).
 */
export async function prepareAnulacion(
  deps: TableDeps,
  input: { invoice: InvoiceLike; at: Date; createdBy: string | null; reason: string | null },
): Promise<PreparedRecord | null> {
  const { invoice, at } = input;
  if (outsideVerifactu(invoice)) return null;
  const plan = await anulacionPlan(deps, invoice.companyId, invoice.invoiceId);
  if (!plan) return null;
  const ctx = await chainContext(deps, invoice.companyId, at);
  return buildAnulacion(deps.table, { ...input, plan, ctx });
}

/** `prepareAnulacion` on a plan and a chain context read beforehand; null when the target is no alta. */
export function buildAnulacion(
  table: string,
  input: {
    invoice: InvoiceLike;
    plan: AnulacionPlan;
    ctx: ChainContext;
    at: Date;
    createdBy: string | null;
    reason: string | null;
  },
): PreparedRecord | null {
  const { invoice, plan, ctx, at } = input;
  if (!isAlta(plan.target.fields)) return null;
  const fields = buildAnulacionFields({
    target: plan.target.fields.IDFactura,
    link: ctx.link,
    timestamp: ctx.timestamp,
    system: ctx.system,
    operation: plan.operation,
  });
  const record = chainRecord(
    invoice.companyId,
    ctx,
    {
      ...invoiceFacts(invoice),
      invoiceNumber: plan.target.invoiceNumber,
      kind: 'ANULACION',
      operation: plan.operation,
      totalCents: 0,
      fields,
      reason: input.reason,
      correctsSeq: plan.correctsSeq,
      createdBy: input.createdBy,
    },
    at,
  );
  return { record, items: recordWriteItems(table, { record, at: at.toISOString() }) };
}
