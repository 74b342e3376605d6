/**
 * The three work listings of issued invoices (spec part 2 §4), each ONE Query on the company's
 * by-date partition of gsi1 (the same partition `invoices.list` reads) with a FilterExpression:
 *  - pending confirmation: drafts dated today or earlier (the key condition bounds the date);
 *  - drafts pending the user's confirmation: drafts written by automation (origin RECURRING/IMPORT);
 *  - confirmed pending SII: confirmed invoices whose SII state still needs work.
 * Why not a sparse index: gsi2 of a confirmed invoice is already its due-date entry (overdue
 * schedule) and an item has one gsi2 key, and the invoice item is built in one place for every
 * writer (store/invoices.ts). The read cost is that of the list itself: one company's invoices.
 */

import { queryAll } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { Invoice } from '@shared/schemas/invoices';
import { SII_PENDING_STATUSES } from '@shared/schemas/rectificativas';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

async function query(
  deps: Deps,
  companyId: string,
  upTo: string | undefined,
  filter: string,
  values: Record<string, unknown>,
  names: Record<string, string> = {},
): Promise<Invoice[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :to',
    FilterExpression: filter,
    ExpressionAttributeNames: { '#status': 'status', ...names },
    ExpressionAttributeValues: {
      ':pk': keys.invoiceByDatePartition(companyId).gsi1pk,
      // '~' sorts after every id character, so the whole `upTo` day is included.
      ':to': `${upTo ?? '9999-12-31'}#~`,
      ...values,
    },
    ScanIndexForward: false,
  });
  return items.map((i) => stripKeys(i) as unknown as Invoice);
}

/** Drafts dated on or before `today`: ready to be confirmed. */
export const draftsDueBy = (deps: Deps, companyId: string, today: string) =>
  query(deps, companyId, today, '#status = :draft', { ':draft': 'DRAFT' });

/** Drafts written by the recurring schedule or an import, waiting for a person to confirm them. */
export const automaticDrafts = (deps: Deps, companyId: string) =>
  query(
    deps,
    companyId,
    undefined,
    '#status = :draft AND #origin IN (:recurring, :import)',
    {
      ':draft': 'DRAFT',
      ':recurring': 'RECURRING',
      ':import': 'IMPORT',
    },
    { '#origin': 'origin' },
  );

/** Confirmed invoices whose SII state is NOT_SENT, QUEUED, ERROR, REJECTED or PENDING_CORRECTION. */
export function siiPending(deps: Deps, companyId: string): Promise<Invoice[]> {
  const placeholders = SII_PENDING_STATUSES.map((_, i) => `:sii${i}`);
  return query(
    deps,
    companyId,
    undefined,
    `#status = :confirmed AND siiStatus IN (${placeholders.join(', ')})`,
    {
      ':confirmed': 'CONFIRMED',
      ...Object.fromEntries(SII_PENDING_STATUSES.map((s, i) => [`:sii${i}`, s])),
    },
  );
}
