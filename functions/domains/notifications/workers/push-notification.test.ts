import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { newNotificationRecord } from '@functions/lib/notifications';
import { keys } from '@shared/db/keys';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationItem } from '../store/notifications';
import { handler } from './push-notification';

const ddbMock = mockClient(DynamoDBDocumentClient);
const wsMock = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2026-03-01T10:00:00.000Z');
const inOneHour = NOW.getTime() / 1000 + 3600;

const connection = (connectionId: string, companyId?: string) => ({
  ...keys.wsConnection(connectionId),
  ...keys.wsConnectionByUser('user-1', connectionId),
  entity: 'WsConnection',
  connectionId,
  userId: 'user-1',
  ...(companyId ? { companyId } : {}),
  connectedAt: NOW.toISOString(),
  ttl: inOneHour,
});

const item = notificationItem(
  newNotificationRecord(
    {
      userId: 'user-1',
      companyId: 'co-1',
      type: 'invoice_created',
      title: 'Factura creada',
      message: 'Se ha creado la factura F-1.',
      severity: 'success',
      link: '/app/notifications',
    },
    '1772359200000abc',
    NOW,
  ),
);

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
const image = (v: Record<string, unknown>) => marshall(v, { removeUndefinedValues: true }) as Image;
const record = (
  seq: string,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  newImage?: Record<string, unknown>,
  oldImage?: Record<string, unknown>,
) =>
  ({
    eventID: `ev-${seq}`,
    eventName,
    dynamodb: {
      SequenceNumber: seq,
      ...(newImage ? { NewImage: image(newImage) } : {}),
      ...(oldImage ? { OldImage: image(oldImage) } : {}),
    },
  }) as DynamoDBRecord;

const posts = () => wsMock.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input);

beforeEach(() => {
  ddbMock.reset();
  wsMock.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('WS_MANAGEMENT_ENDPOINT', 'https://ws.example.test/prod');
  vi.stubEnv('LOG_LEVEL', 'silent');
  wsMock.on(PostToConnectionCommand).resolves({});
  ddbMock.on(QueryCommand).resolves({
    Items: [connection('same-co', 'co-1'), connection('other-co', 'co-2'), connection('no-co')],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('push-notification', () => {
  it("pushes an inserted notification to the owner's sockets of that company and to those without one", async () => {
    const res = await handler({ Records: [record('1', 'INSERT', item)] });

    expect(res.batchItemFailures).toEqual([]);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':pk': 'USER#user-1',
    });
    expect(
      posts()
        .map((p) => p.ConnectionId)
        .sort(),
    ).toEqual(['no-co', 'same-co']);
    const sent = JSON.parse(String(posts()[0]!.Data));
    expect(sent).toEqual({
      type: 'notification',
      notification: {
        notificationId: '1772359200000abc',
        type: 'invoice_created',
        title: 'Factura creada',
        message: 'Se ha creado la factura F-1.',
        isRead: false,
        readAt: null,
        createdAt: NOW.toISOString(),
        companyId: 'co-1',
        link: '/app/notifications',
        severity: 'success',
      },
    });
  });

  it('skips read-state changes (MODIFY) and deletions (REMOVE)', async () => {
    const read = { ...item, isRead: true, readAt: NOW.toISOString() };

    const res = await handler({
      Records: [record('1', 'MODIFY', read, item), record('2', 'REMOVE', undefined, read)],
    });

    expect(res.batchItemFailures).toEqual([]);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
    expect(posts()).toHaveLength(0);
  });

  it('ignores other entities (the counter item, connections)', async () => {
    await handler({
      Records: [
        record('1', 'INSERT', {
          ...keys.notificationCounter('user-1', 'co-1'),
          entity: 'NotificationCounter',
        }),
      ],
    });

    expect(posts()).toHaveLength(0);
  });

  it('reports the record when the connections cannot be read, so the batch retries from it', async () => {
    ddbMock.on(QueryCommand).rejects(new Error('DynamoDB unavailable'));

    const res = await handler({ Records: [record('7', 'INSERT', item)] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '7' }]);
  });
});
