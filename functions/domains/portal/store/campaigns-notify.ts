/**
 * What campaigns tell people, as transaction items written with the change that causes them: the
 * notification and its +1 on the unread counter (@functions/lib/notifications), when the person's
 * preferences allow it in the app (IN_APP channel and the `documents` family). The notifications
 * domain's stream consumer pushes each one over the WebSocket and e-mails it as the preferences say.
 * Types: `document_request` (sent), `document_request_reminder` (reminded), `document_request_overdue`
 * (to the gestor, a company past the deadline).
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { type NotificationSeverity, notificationCategoryOf } from '@shared/schemas/notifications';
import type { PortalDeps } from './deps';

type Deps = Pick<PortalDeps, 'db' | 'table' | 'newId'>;

export type CampaignNotificationType =
  | 'document_request'
  | 'document_request_reminder'
  | 'document_request_overdue';

/** Where a client reads its checklists; where the gestor follows a campaign. */
export const clientRequestsLink = (campaignId: string): string =>
  `/app/document-upload?campaignId=${encodeURIComponent(campaignId)}`;
export const campaignLink = (campaignId: string): string =>
  `/app/document-campaigns?id=${encodeURIComponent(campaignId)}`;

/** The active CLIENTE members of a company (one bounded Query of its MEMBER# items). */
export async function clientMembers(
  deps: Pick<PortalDeps, 'db' | 'table'>,
  companyId: string,
): Promise<string[]> {
  const p = keys.membershipPrefix(companyId);
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': p.pk, ':p': p.skPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const m of res.Items ?? [])
      if (m.companyRole === 'CLIENTE' && m.isActive !== false && typeof m.userId === 'string')
        out.push(m.userId);
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

export interface CampaignNotice {
  userId: string;
  companyId: string;
  type: CampaignNotificationType;
  title: string;
  message: string;
  severity: NotificationSeverity;
  link: string;
}

/** The notice to one person (item + counter), or nothing when its preferences keep it out of the app. */
export async function noticeWrites(deps: Deps, now: Date, n: CampaignNotice): Promise<TransactItem[]> {
  const prefs = await getNotificationPreferences(deps, n.userId);
  if (!prefs.channels.IN_APP || !prefs.types[notificationCategoryOf(n.type)]) return [];
  const record = newNotificationRecord(
    {
      userId: n.userId,
      companyId: n.companyId,
      type: n.type,
      title: n.title,
      message: n.message,
      severity: n.severity,
      link: n.link,
    },
    newNotificationId(now, deps.newId()),
    now,
  );
  return [
    {
      Put: {
        TableName: deps.table,
        Item: notificationItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    notificationCounterUpdate(deps.table, { userId: n.userId, companyId: n.companyId }, 1),
  ];
}

/** The same notice to each of `userIds`. */
export async function noticesTo(
  deps: Deps,
  now: Date,
  userIds: readonly string[],
  n: Omit<CampaignNotice, 'userId'>,
): Promise<TransactItem[]> {
  const out: TransactItem[] = [];
  for (const userId of userIds) out.push(...(await noticeWrites(deps, now, { ...n, userId })));
  return out;
}
