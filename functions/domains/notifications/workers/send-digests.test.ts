import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newNotificationRecord } from '@functions/lib/notifications';
import { createLogger } from '@functions/platform/logger';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { membershipItem } from '@shared/db/records';
import { defaultNotificationPreferences, type NotificationPreferences } from '@shared/schemas/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { madridInstant } from '../model/dates';
import type { NotificationsDeps } from '../store/deps';
import { claimItem } from '../store/events';
import { notificationItem } from '../store/notifications';
import { putPreferences } from '../store/preferences';
import { runInstant, sendDigests } from './send-digests';

const table = fakeTable();
const deps: Pick<NotificationsDeps, 'db' | 'table' | 'appUrl'> = {
  db: DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  ),
  table: 'cuadra-test',
  appUrl: 'https://app.cuadra.test/',
};
const log = { log: createLogger() };

const RUN_DAY = '2026-03-02';
const RUN_AT = madridInstant(RUN_DAY, 8); // 07:00Z (winter)
let seq = 0;

function notify(
  userId: string,
  companyId: string,
  createdAt: string,
  over: { type?: string; isRead?: boolean; emailSent?: boolean; title?: string } = {},
) {
  const at = new Date(createdAt);
  const id = `${String(at.getTime()).padStart(13, '0')}n${++seq}`;
  const record = newNotificationRecord(
    {
      userId,
      companyId,
      type: over.type ?? 'invoice_created',
      title: over.title ?? `Aviso ${seq}`,
      message: `Mensaje ${seq}`,
      severity: 'info',
      link: `/app/invoices/F-${seq}`,
      ...(over.emailSent ? { emailSent: true } : {}),
    },
    id,
    at,
  );
  const stored = over.isRead ? { ...record, isRead: true, readAt: createdAt } : record;
  table.put(notificationItem(stored));
  return stored;
}

function person(
  userId: string,
  email: string,
  companies: string[],
  update: Partial<NotificationPreferences> = {},
) {
  table.put({
    ...keys.userProfile(userId),
    entity: 'UserProfile',
    userId,
    email,
    firstName: 'Ana',
    isActive: true,
  });
  for (const companyId of companies)
    table.put(
      membershipItem({
        companyId,
        userId,
        companyRole: 'GESTOR',
        permissions: [],
        isActive: true,
        email,
        firstName: 'Ana',
        lastName: 'Ruiz',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    );
  return putPreferences(
    deps,
    userId,
    { ...defaultNotificationPreferences(), ...update },
    new Date('2026-02-01T00:00:00Z'),
  );
}

const digests = () => table.all('Outbox').filter((o) => String(o.outboxId).startsWith('digest-'));
const mailOf = (o: Record<string, unknown>) => o.payload as { to: string[]; subject: string; text: string };
const emailedOn = (companyId: string, day: string) =>
  table.get(keys.notificationStatsDay(companyId, day, 'EMAIL', 'invoice_created'))?.emailed;

beforeEach(() => {
  vi.stubEnv('LOG_LEVEL', 'silent');
  table.reset();
  seq = 0;
  for (const [companyId, name] of [
    ['co-1', 'Panadería Espiga SL'],
    ['co-2', 'Fontanería Romero'],
  ])
    table.put({ ...keys.company(companyId!), entity: 'Company', companyId, name });
});

describe('notifications-digest', () => {
  it('runs as of the scheduled event time (the local page runs it as if it were another day)', () => {
    const fallback = new Date('2026-05-05T10:00:00Z');
    expect(runInstant({ time: '2026-03-02T07:00:00Z' }, fallback).toISOString()).toBe(
      '2026-03-02T07:00:00.000Z',
    );
    expect(runInstant({}, fallback)).toBe(fallback);
  });

  it('mails each daily person once a day the unread notifications of the last 24 h, grouped by company, with links', async () => {
    await person('user-1', 'ana@example.test', ['co-1', 'co-2'], {
      types: { ...defaultNotificationPreferences().types, ocr: false },
    });
    const a = notify('user-1', 'co-1', '2026-03-01T10:00:00Z', { title: 'Factura emitida' });
    const b = notify('user-1', 'co-2', '2026-03-01T20:00:00Z', { title: 'Factura recibida' });
    notify('user-1', 'co-1', '2026-03-01T11:00:00Z', { isRead: true }); // read
    notify('user-1', 'co-1', '2026-02-28T10:00:00Z'); // before the window
    notify('user-1', 'co-1', '2026-03-01T12:00:00Z', { emailSent: true }); // its producer mailed it
    notify('user-1', 'co-1', '2026-03-01T13:00:00Z', { type: 'ocr_completed' }); // family off
    const mailedBefore = notify('user-1', 'co-1', '2026-03-01T14:00:00Z'); // e-mailed at once earlier
    table.put(claimItem(deps.table, mailedBefore, 'emailed', new Date('2026-03-01T14:00:00Z')).Put!.Item!);
    notify('user-1', 'co-1', '2026-03-02T07:30:00Z'); // after the run instant

    const first = await sendDigests(deps, log, RUN_AT);
    const retry = await sendDigests(deps, log, RUN_AT);

    expect(first).toMatchObject({ day: RUN_DAY, people: 1, sent: 1, failed: 0 });
    expect(retry).toMatchObject({ sent: 0, already: 1 });
    expect(digests()).toHaveLength(1);
    const mail = mailOf(digests()[0]!);
    expect(digests()[0]!.outboxId).toBe('digest-user-1-2026-03-02');
    expect(mail.to).toEqual(['ana@example.test']);
    expect(mail.subject).toBe('Resumen diario de Cuadra: 2 notificaciones sin leer');
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('Fontanería Romero (1)');
    expect(mail.text).toContain('Panadería Espiga SL (1)');
    expect(mail.text.indexOf('Fontanería Romero')).toBeLessThan(mail.text.indexOf('Panadería Espiga SL'));
    expect(mail.text).toContain(`- ${a.title} (01/03/2026, 11:00)`);
    expect(mail.text).toContain(`https://app.cuadra.test${a.link}`);
    expect(mail.text).toContain(`- ${b.title}`);
    expect(mail.text).toContain('Ver todas: https://app.cuadra.test/app/notifications');
    expect(mail.text.match(/^- /gm)).toHaveLength(2);
    // Counted once each, even though the run was retried.
    expect(emailedOn('co-1', '2026-03-01')).toBe(1);
    expect(emailedOn('co-2', '2026-03-01')).toBe(1);
  });

  it('the next day lists only what came after the previous digest', async () => {
    await person('user-1', 'ana@example.test', ['co-1']);
    notify('user-1', 'co-1', '2026-03-01T10:00:00Z', { title: 'Antiguo' });
    await sendDigests(deps, log, RUN_AT);
    notify('user-1', 'co-1', '2026-03-02T12:00:00Z', { title: 'Nuevo' });

    const next = await sendDigests(deps, log, madridInstant('2026-03-03', 8));

    expect(next.sent).toBe(1);
    const mail = mailOf(digests().find((o) => o.outboxId === 'digest-user-1-2026-03-03')!);
    expect(mail.subject).toBe('Resumen diario de Cuadra: 1 notificación sin leer');
    expect(mail.text).toContain('- Nuevo');
    expect(mail.text).not.toContain('Antiguo');
  });

  it('sends nothing to people without unread news, with the EMAIL channel off, or no longer on the daily digest', async () => {
    await person('quiet', 'q@example.test', ['co-1']);
    notify('quiet', 'co-1', '2026-03-01T10:00:00Z', { isRead: true });
    await person('no-email', 'n@example.test', ['co-1'], { channels: { IN_APP: true, EMAIL: false } });
    notify('no-email', 'co-1', '2026-03-01T10:00:00Z');
    await person('immediate', 'i@example.test', ['co-1']);
    // The index entry of someone who then switched to immediate e-mails (written by hand: a PUT would drop it).
    table.put({
      ...table.get(keys.notificationPreferences('immediate')),
      preferences: { ...defaultNotificationPreferences(), emailDigest: 'never' },
    });
    notify('immediate', 'co-1', '2026-03-01T10:00:00Z');

    const result = await sendDigests(deps, log, RUN_AT);

    expect(result).toMatchObject({ people: 3, sent: 0, nothing: 1, off: 2 });
    expect(digests()).toHaveLength(0);
  });

  it('a PUT of immediate e-mails takes the person off the digest index', async () => {
    await person('user-1', 'ana@example.test', ['co-1']);
    expect(table.get(keys.notificationPreferences('user-1'))).toMatchObject(keys.dailyDigestIndex('user-1'));

    await putPreferences(
      deps,
      'user-1',
      { ...defaultNotificationPreferences(), emailDigest: 'never' },
      new Date(),
    );

    expect(table.get(keys.notificationPreferences('user-1'))!.gsi2pk).toBeUndefined();
  });
});
