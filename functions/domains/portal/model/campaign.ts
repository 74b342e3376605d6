/**
 * Document-request campaigns (issue 21 item 5; shapes in shared/schemas/campaigns.ts): the stored
 * records, the progress they answer, the period arithmetic and the item changes a gestor makes by
 * hand. Pure: the store (store/campaigns*.ts) writes what these functions compute.
 *
 * A campaign's META carries the progress counters (companies, completeCompanies, itemsDone,
 * itemsTotal); each change of a target's items comes with the deltas `progressDelta` gives, added
 * to META in the same transaction, so the counters always equal the sum over the targets.
 */

import {
  type Campaign,
  type CampaignItem,
  type CampaignItemInput,
  type CampaignStatus,
  type CampaignTarget,
  type ClientDocumentRequest,
  requestKindLabels,
} from '@shared/schemas/campaigns';

/** The campaign as stored (META). */
export type CampaignRecord = Campaign;

/** One company's checklist as stored (TARGET#<companyId>), with copies of what its readers need. */
export interface TargetRecord {
  campaignId: string;
  companyId: string;
  companyName: string;
  items: CampaignItem[];
  /** The escalation level reached by the scheduled reminders (0: none). */
  remindersSent: number;
  lastReminderAt: string | null;
  /** Madrid day of the last overdue (level 4) reminder: the next comes 3 days later. */
  lastOverdueDay: string | null;
  lastUploadAt: string | null;
  /** Optimistic revision: every write is conditioned on the one read. */
  rev: number;
  // Copies of the campaign (the client's checklist and the upload consumer read only the target).
  status: CampaignStatus;
  ownerUserId: string;
  name: string;
  period: string;
  dueDate: string;
  message: string | null;
  createdAt: string;
  /** When the company's clients were told (send); null before. */
  sentAt: string | null;
}

export const MAX_ITEMS = 20;

/** Items RECEIVED or CLOSED_MANUALLY. */
export const isDone = (i: Pick<CampaignItem, 'status'>): boolean => i.status !== 'MISSING';

export function targetProgress(items: readonly CampaignItem[]): {
  done: number;
  total: number;
  complete: boolean;
} {
  const done = items.filter(isDone).length;
  return { done, total: items.length, complete: done === items.length };
}

/** What META's counters gain when a target goes from `before` to `after`. */
export function progressDelta(
  before: readonly CampaignItem[],
  after: readonly CampaignItem[],
): { itemsDone: number; completeCompanies: number } {
  const b = targetProgress(before);
  const a = targetProgress(after);
  return { itemsDone: a.done - b.done, completeCompanies: Number(a.complete) - Number(b.complete) };
}

/** The items of a new target: ids `i1`..`iN` in the order given, everything MISSING. */
export function newItems(inputs: readonly CampaignItemInput[]): CampaignItem[] {
  return inputs.map((input, n) => ({
    itemId: `i${n + 1}`,
    kind: input.kind,
    label: input.label ?? requestKindLabels[input.kind],
    description: input.description ?? null,
    minDocuments: input.minDocuments,
    status: 'MISSING',
    documentIds: [],
    receivedAt: null,
    closedBy: null,
    note: null,
  }));
}

/**
 * The gestor closes an item by hand (CLOSED_MANUALLY, with its note) or reopens it (MISSING; the
 * documents that ticked it stay listed, and it is RECEIVED again only by a new upload). Returns
 * null when nothing changes (closing a closed item with the same note, reopening a MISSING one).
 */
export function setItemStatus(
  item: CampaignItem,
  change: { status: 'CLOSED_MANUALLY' | 'MISSING'; note?: string | undefined },
  by: string,
): CampaignItem | null {
  if (change.status === 'CLOSED_MANUALLY') {
    const note = change.note ?? null;
    if (item.status === 'CLOSED_MANUALLY' && item.note === note) return null;
    return { ...item, status: 'CLOSED_MANUALLY', closedBy: by, note };
  }
  if (item.status === 'MISSING') return null;
  return {
    ...item,
    status: 'MISSING',
    receivedAt: null,
    closedBy: null,
    note: change.note ?? null,
  };
}

export function toTarget(t: TargetRecord): CampaignTarget {
  return {
    campaignId: t.campaignId,
    companyId: t.companyId,
    companyName: t.companyName,
    items: t.items,
    ...targetProgress(t.items),
    remindersSent: t.remindersSent,
    lastReminderAt: t.lastReminderAt,
    lastUploadAt: t.lastUploadAt,
  };
}

export function toCampaign(c: CampaignRecord): Campaign {
  return {
    campaignId: c.campaignId,
    ownerUserId: c.ownerUserId,
    name: c.name,
    period: c.period,
    dueDate: c.dueDate,
    message: c.message,
    status: c.status,
    createdAt: c.createdAt,
    sentAt: c.sentAt,
    closedAt: c.closedAt,
    companies: c.companies,
    completeCompanies: c.completeCompanies,
    itemsDone: c.itemsDone,
    itemsTotal: c.itemsTotal,
  };
}

/** Calendar days from `today` to `date` (both yyyy-mm-dd): negative once passed. */
export function daysFrom(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export function toClientRequest(t: TargetRecord, today: string): ClientDocumentRequest {
  const p = targetProgress(t.items);
  return {
    campaignId: t.campaignId,
    name: t.name,
    period: t.period,
    dueDate: t.dueDate,
    message: t.message,
    daysLeft: daysFrom(today, t.dueDate),
    items: t.items,
    done: p.done,
    total: p.total,
  };
}

// --- periods ---------------------------------------------------------------------------------------

export interface PeriodSpan {
  /** First day (yyyy-mm-dd). */
  start: string;
  /** Months it covers: 1, 3 or 12. */
  months: number;
  /** Spanish, for messages: 'el 4.º trimestre de 2026', 'noviembre de 2026', 'el año 2026'. */
  label: string;
}

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A campaign period (`2026-Q4`, `2026-11`, `2026`; validated by the schema) as dates and words. */
export function periodSpan(period: string): PeriodSpan {
  const year = period.slice(0, 4);
  const quarter = /^\d{4}-Q([1-4])$/.exec(period);
  if (quarter) {
    const q = Number(quarter[1]);
    return {
      start: `${year}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`,
      months: 3,
      label: `el ${q}.º trimestre de ${year}`,
    };
  }
  const month = /^\d{4}-(\d{2})$/.exec(period);
  if (month) {
    const m = Number(month[1]);
    return { start: `${year}-${month[1]}-01`, months: 1, label: `${MONTHS_ES[m - 1]} de ${year}` };
  }
  return { start: `${year}-01-01`, months: 12, label: `el año ${year}` };
}

/** The quarter a Madrid day belongs to, as a campaign period (`2026-Q4`). */
export const quarterOf = (day: string): string =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
