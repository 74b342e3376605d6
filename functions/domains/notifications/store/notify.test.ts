import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationsDeps } from './deps';
import { notifyUser } from './notify';

const db = mockClient(DynamoDBDocumentClient);
const deps: NotificationsDeps = {
  db: DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  ),
  table: 'cuadra-test',
  now: () => new Date('2026-03-02T10:00:00.000Z'),
  newId: () => 'r1',
  appUrl: 'https://app.cuadra.test',
};
const input = {
  userId: 'user-1',
  companyId: 'co-1',
  type: 'ocr_completed',
  title: 'Documento procesado',
  message: 'El OCR ha terminado de leer «a.pdf».',
  severity: 'success' as const,
};
const storedPreferences = (preferences: unknown) =>
  db.on(GetCommand, { Key: keys.notificationPreferences('user-1') }).resolves({ Item: { preferences } });

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
});

describe('notifyUser', () => {
  it('creates the notification with the default preferences', async () => {
    const created = await notifyUser(deps, input);

    expect(created?.title).toBe('Documento procesado');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it.each([
    ['in-app notifications are off', { channels: { IN_APP: false, EMAIL: true } }],
    ['its family is off', { types: { ocr: false } }],
  ])('creates nothing when %s', async (_case, preferences) => {
    storedPreferences(preferences);

    expect(await notifyUser(deps, input)).toBeUndefined();
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('another family switched off does not matter', async () => {
    storedPreferences({ types: { payroll: false } });

    expect(await notifyUser(deps, input)).toBeDefined();
  });
});
