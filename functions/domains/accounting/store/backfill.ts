/**
 * The backfill of a company's stored documents (issue 18 item 2): its issued invoices (stage
 * INVOICES) then its received invoices (stage RECEIVED), each with its payments, a page of at most
 * 50 documents per queue message; the next page is queued with the cursor, so no run outlives its
 * Lambda. Each document is posted through the same rules and versions as its events
 * (store/sources.ts -> model/postings.ts -> engine `applyDesiredPosting`): running it twice, or
 * after the events, posts nothing new. At the end the backfill item records the rules version it
 * ran with and the settings' `backfilledAt`.
 */

import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { Invoice } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { PostingSettings } from '../model/postings';
import { type BackfillMessage, categoryDefaultAccounts, ensureSettings, queueBackfill } from './chart';
import type { AccountingDeps } from './deps';
import { companyKeepsBooks, type EventOutcome, postEventMessage } from './engine';
import { type BackfillItem, ENTITY, type SettingsItem } from './items';
import {
  issuedInvoiceMessage,
  issuedInvoicesPage,
  issuedPaymentMessage,
  issuedPayments,
  receivedInvoiceMessage,
  receivedInvoicesPage,
  receivedPaymentMessage,
  receivedPayments,
} from './sources';

/** The rules the backfill posts with: a new version (rules changed) backfills every company again. */
export const BACKFILL_RULES_VERSION = 1;

type Deps = Pick<AccountingDeps, 'db' | 'table' | 'now' | 'sqs' | 'queueUrl'>;

export interface BackfillPageResult {
  companyId: string;
  stage: BackfillMessage['stage'];
  documents: number;
  posted: number;
  skipped: number;
  /** What comes next: another page, the next stage, or nothing (finished). */
  next: Omit<BackfillMessage, 'kind'> | null;
}

async function startBackfill(deps: Deps, companyId: string): Promise<void> {
  const item: BackfillItem = {
    companyId,
    rulesVersion: BACKFILL_RULES_VERSION,
    startedAt: deps.now().toISOString(),
    finishedAt: null,
    posted: 0,
    skipped: 0,
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.accountingBackfill(companyId), entity: ENTITY.backfill, v: SCHEMA_VERSION, ...item },
    }),
  );
}

async function countPage(deps: Deps, companyId: string, posted: number, skipped: number): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.accountingBackfill(companyId),
      UpdateExpression: 'SET entity = :e, v = :v, companyId = :c ADD posted :p, skipped :s',
      ExpressionAttributeValues: {
        ':e': ENTITY.backfill,
        ':v': SCHEMA_VERSION,
        ':c': companyId,
        ':p': posted,
        ':s': skipped,
      },
    }),
  );
}

async function finishBackfill(deps: Deps, companyId: string): Promise<void> {
  const at = deps.now().toISOString();
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.accountingBackfill(companyId),
      UpdateExpression: 'SET finishedAt = :at, rulesVersion = :rv',
      ExpressionAttributeValues: { ':at': at, ':rv': BACKFILL_RULES_VERSION },
    }),
  );
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.accountingSettings(companyId),
      UpdateExpression: 'SET backfilledAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

async function issuedMessages(
  deps: Deps,
  companyId: string,
  inv: Invoice,
): Promise<Record<string, unknown>[]> {
  const payments = await issuedPayments(deps, companyId, inv.invoiceId);
  return [issuedInvoiceMessage(inv), ...payments.map((p) => issuedPaymentMessage(inv, p))];
}

async function receivedMessages(
  deps: Deps,
  companyId: string,
  rec: ReceivedInvoice,
): Promise<Record<string, unknown>[]> {
  const payments = await receivedPayments(deps, companyId, rec.receivedInvoiceId);
  return [receivedInvoiceMessage(rec), ...payments.map((p) => receivedPaymentMessage(rec, p))];
}

/** Posts one page of a company's backfill and queues what follows. */
export async function runBackfillPage(
  deps: Deps,
  message: Omit<BackfillMessage, 'kind'>,
  log: Logger,
): Promise<BackfillPageResult | null> {
  const { companyId, stage, cursor } = message;
  if (!(await companyKeepsBooks(deps, companyId))) {
    log.info('Company keeps no PGC books here; backfill dropped', { companyId });
    return null;
  }
  // The backfill itself must not queue another backfill when it initialises the chart.
  const stored: SettingsItem = await ensureSettings(deps, companyId, { queueBackfill: false });
  if (stage === 'INVOICES' && cursor === null) await startBackfill(deps, companyId);
  // Received invoices post with their categories' own accounts: read once per page.
  const settings: PostingSettings = {
    ...stored,
    categoryDefaultAccounts:
      stage === 'RECEIVED' ? await categoryDefaultAccounts(deps, companyId, stored) : {},
  };

  const page =
    stage === 'INVOICES'
      ? await issuedInvoicesPage(deps, companyId, cursor)
      : await receivedInvoicesPage(deps, companyId, cursor);
  let posted = 0;
  let skipped = 0;
  for (const doc of page.items) {
    const messages =
      stage === 'INVOICES'
        ? await issuedMessages(deps, companyId, doc as Invoice)
        : await receivedMessages(deps, companyId, doc as ReceivedInvoice);
    for (const m of messages) {
      const outcome: EventOutcome = await postEventMessage(deps, companyId, m, settings);
      if (outcome === 'posted') posted++;
      else skipped++;
      if (outcome === 'unbuildable' || outcome === 'ignored')
        log.warn('Backfill document not posted', { companyId, eventId: m.eventId, outcome });
    }
  }
  await countPage(deps, companyId, posted, skipped);

  const next: BackfillPageResult['next'] = page.next
    ? { companyId, stage, cursor: page.next }
    : stage === 'INVOICES'
      ? { companyId, stage: 'RECEIVED', cursor: null }
      : null;
  if (next) await queueBackfill(deps, next);
  else await finishBackfill(deps, companyId);
  log.info('Backfill page posted', {
    companyId,
    stage,
    documents: page.items.length,
    posted,
    skipped,
    done: !next,
  });
  return { companyId, stage, documents: page.items.length, posted, skipped, next };
}
