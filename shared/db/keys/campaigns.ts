/**
 * Key builders of Document-request campaigns (issue 21 item 5), spread into `keys` by `shared/db/keys.ts`.
 *
 * Partitions:
 *  - `CAMPAIGN#<campaignId>`: the campaign (`META`: the `Campaign` record with its progress counters
 *    companies / completeCompanies / itemsDone / itemsTotal, kept by ADD in the same transaction as
 *    every item change); one target per company (`TARGET#<companyId>`: the company's checklist, its
 *    items embedded, ≤ 20, optimistic `rev`); the reminder claims (`REMIND#<companyId>#<claim>`,
 *    attribute_not_exists, TTL 400 days): one per escalation level (`L1`..`L3`, `L4#<date>` for each
 *    overdue reminder) and one per Madrid day for a reminder the gestor sends by hand (`M#<date>`);
 *  - gsi1 `USER#<ownerUserId>#CAMPAIGNS` (on META): the owner's campaigns, `<createdAt>#<campaignId>`,
 *    read newest first;
 *  - gsi1 `COMPANY#<companyId>#CAMPAIGNS` (sparse, on targets while their campaign is ACTIVE):
 *    `<dueDate>#<campaignId>`, the client's checklists and the upload tick consumer's lookup;
 *  - gsi2 `CAMPAIGNS#ACTIVE` (sparse, on META while ACTIVE): `<dueDate>#<campaignId>`, for the
 *    `campaign-reminders` schedule.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const campaign = (campaignId: string) => `CAMPAIGN#${enc(campaignId)}`;

export const campaignKeys = {
  campaign: (campaignId: string): Key => ({ pk: campaign(campaignId), sk: 'META' }),
  campaignTarget: (campaignId: string, companyId: string): Key => ({
    pk: campaign(campaignId),
    sk: `TARGET#${enc(companyId)}`,
  }),
  campaignTargetPrefix: (campaignId: string) => ({ pk: campaign(campaignId), skPrefix: 'TARGET#' }),
  /** The claim of a scheduled reminder: levels 1-3 once (`L<n>`), overdue (4) once per day (`L4#<day>`). */
  campaignReminderClaim: (campaignId: string, companyId: string, level: number, day: string | null): Key => ({
    pk: campaign(campaignId),
    sk: `REMIND#${enc(companyId)}#L${level}${level === 4 && day ? `#${day}` : ''}`,
  }),
  /** The claim of the gestor's reminder by hand of one Madrid day (`M#<day>`). */
  campaignManualReminderClaim: (campaignId: string, companyId: string, day: string): Key => ({
    pk: campaign(campaignId),
    sk: `REMIND#${enc(companyId)}#M#${day}`,
  }),
  /** gsi1 (on META): the owner's campaigns, newest first. */
  campaignByOwner: (ownerUserId: string, createdAt: string, campaignId: string) => ({
    gsi1pk: `USER#${enc(ownerUserId)}#CAMPAIGNS`,
    gsi1sk: `${createdAt}#${enc(campaignId)}`,
  }),
  campaignByOwnerPk: (ownerUserId: string) => `USER#${enc(ownerUserId)}#CAMPAIGNS`,
  /** gsi1 (sparse, on a target while ACTIVE): a company's open checklists by due date. */
  campaignActiveTarget: (companyId: string, dueDate: string, campaignId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#CAMPAIGNS`,
    gsi1sk: `${dueDate}#${enc(campaignId)}`,
  }),
  campaignActiveTargetPk: (companyId: string) => `COMPANY#${enc(companyId)}#CAMPAIGNS`,
  /** gsi2 (sparse, on META while ACTIVE): every active campaign by due date. */
  campaignActive: (dueDate: string, campaignId: string) => ({
    gsi2pk: 'CAMPAIGNS#ACTIVE',
    gsi2sk: `${dueDate}#${enc(campaignId)}`,
  }),
  campaignActivePk: 'CAMPAIGNS#ACTIVE',
};
