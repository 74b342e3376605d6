/**
 * The read-state library: when a read notification expires, and which unread notifications a match
 * takes (the owner's sparse unread index, filtered by type and link).
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { describe, expect, it } from 'vitest';
import { newNotificationRecord, notificationItem } from './notifications';
import { readExpiry, unreadNotifications } from './read-state';

const DAY = 86_400;

describe('readExpiry', () => {
  it('read notifications expire 90 days after creation, but never within a week of being read', () => {
    const created = '2026-01-01T00:00:00.000Z';
    const createdS = Date.parse(created) / 1000;

    expect(readExpiry(created, new Date('2026-01-02T00:00:00.000Z'))).toBe(createdS + 90 * DAY);
    const lateRead = new Date('2026-03-30T00:00:00.000Z');
    expect(readExpiry(created, lateRead)).toBe(lateRead.getTime() / 1000 + 7 * DAY);
  });
});

describe('unreadNotifications', () => {
  useEnv({ TABLE_NAME: 'lib-notifications-test', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
  const table = fakeTable(DynamoDBDocumentClient);
  const deps = { db: testDocumentClient(), table: 'lib-notifications-test' };
  const owner = { userId: 'u-1', companyId: 'co-1' };
  const put = (id: string, type: string, link: string, isRead = false, o = owner) => {
    const record = newNotificationRecord(
      { ...o, type, title: 't', message: 'm', severity: 'info', link },
      id,
      new Date('2026-03-10T09:00:00.000Z'),
    );
    table.put(notificationItem({ ...record, isRead }));
  };

  it('answers the unread ones, all or only those of the type and one of the links', async () => {
    table.reset();
    put('0000000000001a', 'message_received', '/app/messages?conversationId=c1');
    put('0000000000002a', 'message_received', '/app/messaging?conversationId=c1');
    put('0000000000003a', 'message_received', '/app/messaging?conversationId=c2');
    put('0000000000004a', 'meeting_confirmed', '/app/messaging?conversationId=c1');
    put('0000000000005a', 'message_received', '/app/messaging?conversationId=c1', true);
    put('0000000000006a', 'message_received', '/app/messaging?conversationId=c1', false, {
      userId: 'u-2',
      companyId: 'co-1',
    });

    const all = await unreadNotifications(deps, owner);
    const matched = await unreadNotifications(deps, owner, {
      type: 'message_received',
      links: ['/app/messages?conversationId=c1', '/app/messaging?conversationId=c1'],
    });

    expect(all.map((n) => n.notificationId).sort()).toEqual([
      '0000000000001a',
      '0000000000002a',
      '0000000000003a',
      '0000000000004a',
    ]);
    expect(matched.map((n) => n.notificationId).sort()).toEqual(['0000000000001a', '0000000000002a']);
    expect(matched[0]).toMatchObject({ createdAt: '2026-03-10T09:00:00.000Z' });
  });
});
