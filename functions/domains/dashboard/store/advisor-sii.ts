/**
 * Rejected SII records of the advisor's SII companies. The SII keeps no per-company counter and its
 * entries are thousands per company, so the advisor reads the SII's open-records index instead
 * (gsi2 `SII#OPEN`, sparse: only entries not final — NOT_SENT, QUEUED, SENT, REJECTED,
 * PENDING_CORRECTION, ERROR — so its size is the platform's backlog, not its history), ONCE per
 * request and only when a company to compute is in the SII, filtered to REJECTED and
 * PENDING_CORRECTION (the SII statistics' "rejected", functions/domains/sii/model/statistics.ts),
 * projected, and kept for the companies asked about.
 */

import { keys } from '@shared/db/keys';
import type { CountingReader } from './advisor-reads';
import type { SiiRejections } from './company-stats';

/** What the SII statistics count as rejected. */
export const SII_REJECTED_STATUSES = ['REJECTED', 'PENDING_CORRECTION'] as const;

export async function readSiiRejections(
  reader: CountingReader,
  companyIds: ReadonlySet<string>,
): Promise<Map<string, SiiRejections>> {
  const { gsi2pk } = keys.siiOpenGlobalPartition();
  const items = await reader.query({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: '#st IN (:rejected, :correction)',
    ProjectionExpression: 'companyId, deadline, #st',
    ExpressionAttributeNames: { '#st': 'status' },
    ExpressionAttributeValues: {
      ':pk': gsi2pk,
      ':rejected': SII_REJECTED_STATUSES[0],
      ':correction': SII_REJECTED_STATUSES[1],
    },
  });
  const out = new Map<string, SiiRejections>();
  for (const it of items) {
    const companyId = String(it.companyId ?? '');
    if (!companyIds.has(companyId)) continue;
    const deadline = typeof it.deadline === 'string' ? it.deadline : null;
    const cur = out.get(companyId) ?? { count: 0, earliestDeadline: null };
    cur.count += 1;
    if (deadline && (cur.earliestDeadline === null || deadline < cur.earliestDeadline))
      cur.earliestDeadline = deadline;
    out.set(companyId, cur);
  }
  return out;
}
