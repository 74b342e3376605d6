/**
 * Fiscal alerts, the alert run and the tax notifications (issue 13 item 4) through the real
 * pipeline (auth, membership, access policy, zod) on the in-memory table of testing/fake-table.ts,
 * which checks conditions and writes transactions all or nothing: the run on fixed dates, its
 * priorities, the domiciliation countdown, the summary alert, exactly-once notification per alert
 * step, preferences, the acknowledge → resolve workflow and the notifications calls.
 *
 * The company is an SL with the default facts (quarterly 303, 202 instalments, 200, 390, 347) and a
 * profile from 2026, so its 303 of 4T 2026 is due on Monday 1 February 2027 (30 January is a
 * Saturday; ../shared/reference/tax-models.md §4).
 */

import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import type { MailMessage } from '@shared/db/outbox';
import { profileItem } from '@shared/db/records';
import type {
  AlertRunResult,
  AlertStatistics,
  TaxNotificationSent,
  UpcomingObligation,
} from '@shared/schemas/tax';
import type { TaxProfileFacts } from '@shared/schemas/tax-profile';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaxNotificationSummary } from './actions/tax-notifications';
import type { AlertView } from './store/alerts';
import type { TaxNotificationConfigView } from './store/notification-config';
import { company, member, profile, taxHarness } from './testing/tax-harness';

const clock = new Date('2027-01-10T08:00:00Z');
const { table, call } = taxHarness(clock);
/** Runs happen at 09:00 in Madrid of that day. */
const on = (date: string) => clock.setTime(new Date(`${date}T09:00:00+01:00`).getTime());

const CO = 'co-espiga';
const NAME = 'Panadería La Espiga SL';
const GESTOR = { userId: 'u-gestor', groups: ['GESTOR'] };
const CLIENTE = { userId: 'u-client', groups: ['CLIENTE'] };
const STAFF = ['u-gestor', 'u-member', 'u-owner'];
const ALERT = '2026-303-4T';

function user(userId: string) {
  return profileItem({
    userId,
    email: `${userId}@cuadra.test`,
    firstName: userId,
    lastName: 'Test',
    role: userId === 'u-client' ? 'CLIENTE' : 'GESTOR',
    isAutonomous: false,
    emailVerified: true,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
}

function seed(facts: Partial<TaxProfileFacts> = {}, taxYear = 2026) {
  table.reset();
  table.put(company(CO, NAME));
  table.put(profile(CO, 'SL', facts, taxYear));
  table.put(member(CO, 'u-owner', 'OWNER'));
  table.put(member(CO, 'u-gestor', 'GESTOR'));
  table.put(member(CO, 'u-member', 'MEMBER'));
  table.put(member(CO, 'u-client', 'CLIENTE', { permissions: ['VIEW_TAX_DOCUMENTS'] }));
  for (const u of [...STAFF, 'u-client']) table.put(user(u));
}

const generate = () =>
  call<AlertRunResult>(GESTOR, { routeId: 'taxAlerts.generate', params: { companyId: CO } });
const listAlerts = async (query: Record<string, string> = {}) =>
  (
    await call<Page<AlertView>>(GESTOR, {
      routeId: 'taxAlerts.list',
      params: { companyId: CO },
      query: { size: '100', ...query },
    })
  ).envelope.data!;
const stored = (alertId: string) => table.get(keys.taxAlert(CO, alertId));
const notifications = () => table.all('Notification');
const mails = () => table.all('Outbox').map((o) => o.payload as MailMessage);
const claims = () => table.all('TaxAlertSent') as unknown as TaxNotificationSent[];
const workflow = (action: 'acknowledge' | 'resolve', alertId: string, user = GESTOR, body?: unknown) =>
  call<AlertView>(user, {
    routeId: action === 'acknowledge' ? 'taxAlerts.acknowledge' : 'taxAlerts.resolve',
    params: { companyId: CO, alertId },
    body,
  });
const setPreferences = (userId: string, preferences: unknown) =>
  table.put({
    ...keys.notificationPreferences(userId),
    entity: 'NotificationPreferences',
    userId,
    preferences,
  });

beforeEach(() => seed());

describe('the alert run on fixed dates', () => {
  it.each([
    ['2027-01-10', 'deadline', 'medium', 22],
    ['2027-01-24', 'deadline', 'medium', 8],
    ['2027-01-25', 'deadline', 'high', 7],
    ['2027-01-28', 'deadline', 'high', 4],
    ['2027-01-29', 'deadline', 'critical', 3],
    ['2027-02-01', 'deadline', 'critical', 0],
    ['2027-02-02', 'overdue', 'critical', -1],
  ])(
    'on %s the 303 of 4T 2026 (due 01/02/2027) is a %s alert, %s, %i days',
    async (date, type, priority, days) => {
      on(date);

      const res = await generate();

      expect(res.status).toBe(200);
      const alert = (await listAlerts()).content.find((a) => a.id === ALERT);
      expect(alert).toMatchObject({
        companyId: CO,
        type,
        priority,
        daysRemaining: days,
        dueDate: '2027-02-01',
        status: 'ACTIVE',
        obligationId: ALERT,
        modelType: '303',
        step: type === 'overdue' ? 'overdue' : priority,
      });
      expect(alert?.title).toContain('Modelo 303 · 4T 2026');
    },
  );

  it('creates the obligations, the alerts of those due within 30 days or overdue, sorted by priority', async () => {
    on('2027-01-10');

    const run = (await generate()).envelope.data!;

    // 2026 (the profile's first year) and 2027; nothing for 2028 before December.
    expect(run.obligationsCreated).toBe(table.all('TaxObligation').length);
    expect(table.all('TaxObligation').some((o) => o.year === 2027)).toBe(true);
    const page = await listAlerts();
    const ids = page.content.map((a) => a.id);
    // 1T-3T 303 and the three 202 instalments of 2026 are overdue; 4T 303 and 390 are 22 days away;
    // 347 (1 March) is outside the window.
    expect(ids).toEqual(
      expect.arrayContaining(['2026-303-1T', '2026-202-3P', '2026-303-4T', '2026-390-0A', 'summary']),
    );
    expect(ids).not.toContain('2026-347-0A');
    expect(run.created).toBe(page.totalElements);
    const rank = { critical: 0, high: 1, medium: 2, low: 3 };
    const ranks = page.content.map((a) => rank[a.priority]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Critical first, then the earliest date: the 1T 303 and the 202 1P, both due 20 April 2026.
    expect(page.content[0]).toMatchObject({ type: 'overdue', priority: 'critical', dueDate: '2026-04-20' });
  });

  it('counts down to the debit deadline for a model paid by domiciliación, then to the filing deadline', async () => {
    seed({ domiciliation: { '303': true } });

    on('2027-01-24');
    await generate();
    const debit = table.get(keys.taxObligation(CO, 2026, ALERT))!;
    expect(debit.paidByDomiciliation).toBe(true);
    expect(debit.alertDate).toBe(debit.domiciliationDueDate);
    expect(debit.alertDate).toBe('2027-01-27');
    // 3 days to the debit deadline (8 to the filing one): critical.
    expect(stored(ALERT)).toMatchObject({ priority: 'critical', daysRemaining: 3, dueDate: '2027-01-27' });
    expect(String(stored(ALERT)?.title)).toContain('domiciliación');

    on('2027-01-28');
    await generate();
    // The debit window closed: 4 days to the filing deadline, high, and ACTIVE on its new step.
    expect(stored(ALERT)).toMatchObject({
      priority: 'high',
      daysRemaining: 4,
      dueDate: '2027-02-01',
      step: 'high',
      status: 'ACTIVE',
    });
  });

  it.each([
    [{}, 5, 'medium'],
    [{ paysNonResidents: true }, 6, 'high'],
  ])('the summary alert with %o: %i pending → %s', async (extra, pending, priority) => {
    // From 2027 only: on 1 April 2027 the 1T returns (303, 111, 115, 123, 216) and the 202 1P
    // instalment, all due 20 April, are the ones within 30 days.
    seed({ hasEmployees: true, rentsPremises: true, paysDividendsOrInterest: true, ...extra }, 2027);
    on('2027-04-01');

    await generate();

    expect(stored('summary')).toMatchObject({
      type: 'deadline',
      priority,
      step: `summary-${priority}`,
      title: `Tienes ${pending} obligaciones fiscales pendientes`,
      obligationId: null,
      dueDate: null,
    });
  });

  it('answers 400 TAX_021 without a tax profile (the config still reads)', async () => {
    table.reset();
    table.put(company(CO, NAME));
    table.put(member(CO, 'u-gestor', 'GESTOR'));

    const res = await generate();
    const list = await call(GESTOR, { routeId: 'taxAlerts.list', params: { companyId: CO } });
    const config = await call<TaxNotificationConfigView>(GESTOR, {
      routeId: 'taxNotifications.getConfig',
      params: { companyId: CO },
    });

    expect([res.status, res.envelope.error?.code]).toEqual([400, 'TAX_021']);
    expect(list.envelope.error?.code).toBe('TAX_021');
    expect(config.envelope.data).toMatchObject({
      enabled: true,
      email: true,
      recipients: ['OWNER', 'GESTOR', 'MEMBER'],
    });
    expect(table.all('TaxAlert')).toEqual([]);
  });
});

describe('notifications: once per alert and step', () => {
  it('running twice the same day tells everyone once and writes nothing the second time', async () => {
    on('2027-01-25');
    const first = (await generate()).envelope.data!;
    const writes = table.writes.length;
    const sent = notifications().length;

    const second = (await generate()).envelope.data!;

    expect(first.notified).toBeGreaterThan(0);
    expect(first.notified).toBe(claims().length);
    expect(second).toMatchObject({ created: 0, updated: 0, notified: 0, obligationsCreated: 0 });
    expect(table.writes.length).toBe(writes);
    expect(notifications().length).toBe(sent);
    // Every staff member, never the CLIENTE, once per alert step; the unread counters agree.
    expect(sent).toBe(first.notified * STAFF.length);
    expect(new Set(notifications().map((n) => n.userId))).toEqual(new Set(STAFF));
    const counter = table.get(keys.notificationCounter('u-gestor', CO));
    expect(counter?.unread).toBe(first.notified);
  });

  it('the claim alone stops a second notification (a run that stopped before the alert knew it)', async () => {
    on('2027-01-25');
    await generate();
    const sent = notifications().length;
    const mailed = mails().length;
    // As if the run had stopped after the notification and before the alert item recorded it.
    for (const alert of table.all('TaxAlert')) {
      const { notifiedStep: _told, ...rest } = alert;
      table.put(rest);
    }

    const again = (await generate()).envelope.data!;

    expect(again.notified).toBe(0);
    expect([notifications().length, mails().length]).toEqual([sent, mailed]);
    expect(stored(ALERT)?.notifiedStep).toBe('high');
  });

  it('tells each new step: medium, high, critical, overdue', async () => {
    let last: AlertRunResult | null = null;
    for (const date of ['2027-01-10', '2027-01-12', '2027-01-25', '2027-01-26', '2027-01-29', '2027-02-02']) {
      on(date);
      last = (await generate()).envelope.data;
    }

    // On 2 February the 4T 303 and the 390 (both due 1 February) became overdue.
    expect(last?.markedOverdue).toBe(2);

    const steps = claims()
      .filter((c) => c.alertId === ALERT)
      .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
      .map((c) => c.step);
    expect(steps).toEqual(['medium', 'high', 'critical', 'overdue']);
    const types = notifications()
      .filter((n) => n.userId === 'u-owner' && String(n.title).includes('303 · 4T 2026'))
      .map((n) => [n.type, n.severity]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['tax_deadline', 'info'],
        ['tax_deadline', 'warning'],
        ['tax_deadline', 'error'],
        ['tax_overdue', 'error'],
      ]),
    );
  });

  it('follows each recipient’s preferences: family off → nothing; e-mail off → only the bell', async () => {
    setPreferences('u-owner', { types: { tax_deadlines: false } });
    setPreferences('u-member', { channels: { EMAIL: false } });
    on('2027-01-25');

    await generate();

    const alertClaim = claims().find((c) => c.alertId === ALERT)!;
    expect(alertClaim.recipients).toEqual([
      { userId: 'u-gestor', inApp: true, email: true },
      { userId: 'u-member', inApp: true, email: false },
      { userId: 'u-owner', inApp: false, email: false },
    ]);
    expect(new Set(notifications().map((n) => n.userId))).toEqual(new Set(['u-gestor', 'u-member']));
    expect(new Set(mails().flatMap((m) => m.to))).toEqual(new Set(['u-gestor@cuadra.test']));
  });

  it('sends a Spanish e-mail with the company, model, period, due date and link', async () => {
    on('2027-01-25');

    await generate();

    const mail = mails().find((m) => m.subject.includes('303 · 4T 2026'))!;
    expect(mail).toMatchObject({ template: 'tax-alert', companyId: CO });
    expect(mail.subject).toContain(NAME);
    expect(mail.text).toContain('Modelo: 303');
    expect(mail.text).toContain('Periodo: 4T 2026');
    expect(mail.text).toContain('Fecha límite de presentación: 01/02/2027');
    expect(mail.text).toContain('https://app.cuadra.test/app/tax/calendar?filter=pending');
  });

  it('the company config: e-mail off sends only in-app; disabled tells nobody but keeps the alerts', async () => {
    const off = await call<TaxNotificationConfigView>(GESTOR, {
      routeId: 'taxNotifications.updateConfig',
      params: { companyId: CO },
      body: { email: false },
    });
    expect(off.envelope.data).toMatchObject({ enabled: true, email: false, updatedBy: 'u-gestor' });
    on('2027-01-25');
    await generate();
    expect(notifications().length).toBeGreaterThan(0);
    expect(mails()).toEqual([]);

    seed();
    await call(GESTOR, {
      routeId: 'taxNotifications.updateConfig',
      params: { companyId: CO },
      body: { enabled: false },
    });
    const run = (await generate()).envelope.data!;
    expect(run.created).toBeGreaterThan(0);
    expect(run.notified).toBe(0);
    expect([notifications(), mails(), claims()]).toEqual([[], [], []]);
  });

  it('only the roles the config names are told', async () => {
    await call(GESTOR, {
      routeId: 'taxNotifications.updateConfig',
      params: { companyId: CO },
      body: { recipients: ['GESTOR'] },
    });
    on('2027-01-25');

    await generate();

    expect(new Set(notifications().map((n) => n.userId))).toEqual(new Set(['u-gestor']));
  });

  it('caps the recipients at 30, so the transaction stays under 100 items', async () => {
    for (let i = 0; i < 32; i++) {
      const id = `u-extra-${String(i).padStart(2, '0')}`;
      table.put(member(CO, id, 'MEMBER'));
      table.put(user(id));
    }
    on('2027-01-25');

    const run = (await generate()).envelope.data!;

    expect(run.notified).toBeGreaterThan(0);
    expect(claims().every((c) => c.recipients.length === 30)).toBe(true);
  });
});

describe('the workflow: acknowledge, then resolve', () => {
  it('acknowledges once, resolves once, and refuses the wrong transitions', async () => {
    on('2027-01-10');
    await generate();

    const ack = await workflow('acknowledge', ALERT, GESTOR, { note: 'Lo preparo esta semana' });
    expect(ack.status).toBe(200);
    expect(ack.envelope.data).toMatchObject({
      status: 'ACKNOWLEDGED',
      acknowledgedBy: 'u-gestor',
      acknowledgeNote: 'Lo preparo esta semana',
    });
    const again = await workflow('acknowledge', ALERT);
    expect([again.status, again.envelope.error?.code, again.envelope.error?.message]).toEqual([
      400,
      'CORE_004',
      'La alerta ya está reconocida.',
    ]);

    // The same step the next day: it stays acknowledged.
    on('2027-01-11');
    await generate();
    expect(stored(ALERT)).toMatchObject({ status: 'ACKNOWLEDGED', step: 'medium', daysRemaining: 21 });

    const resolved = await workflow('resolve', ALERT);
    expect(resolved.envelope.data).toMatchObject({ status: 'RESOLVED', resolvedBy: 'u-gestor' });
    const item = stored(ALERT)!;
    expect(item.ttl).toBe(Math.floor(Date.parse(String(item.resolvedAt)) / 1000) + 180 * 24 * 3600);

    const twice = await workflow('resolve', ALERT);
    expect([twice.status, twice.envelope.error?.code, twice.envelope.error?.message]).toEqual([
      400,
      'CORE_004',
      'La alerta ya está resuelta.',
    ]);
    const ackResolved = await workflow('acknowledge', ALERT);
    expect(ackResolved.envelope.error?.message).toBe('La alerta ya está resuelta.');
    const unknown = await workflow('resolve', '2026-303-9T');
    expect([unknown.status, unknown.envelope.error?.code]).toEqual([404, 'CORE_006']);
  });

  it('a new step makes an acknowledged or resolved alert ACTIVE again', async () => {
    on('2027-01-10');
    await generate();
    await workflow('resolve', ALERT);

    on('2027-01-25');
    const run = (await generate()).envelope.data!;

    expect(run.updated).toBeGreaterThan(0);
    const item = stored(ALERT)!;
    expect(item).toMatchObject({
      status: 'ACTIVE',
      priority: 'high',
      step: 'high',
      resolvedAt: null,
      resolvedBy: null,
      acknowledgedAt: null,
    });
    expect(item.ttl).toBeUndefined();
  });

  it('a CLIENTE with VIEW_TAX_DOCUMENTS reads the alerts but cannot act on them', async () => {
    on('2027-01-10');
    await generate();

    const read = await call<Page<AlertView>>(CLIENTE, {
      routeId: 'taxAlerts.list',
      params: { companyId: CO },
    });
    const act = await workflow('acknowledge', ALERT, CLIENTE);

    expect(read.status).toBe(200);
    expect(read.envelope.data!.totalElements).toBeGreaterThan(0);
    expect([act.status, act.envelope.error?.code]).toEqual([403, 'CORE_002']);
  });

  it('resolves the alert of a settled obligation by itself and tells its submission', async () => {
    on('2027-01-25');
    await generate();
    const obligation = table.get(keys.taxObligation(CO, 2026, ALERT))!;
    const { gsi1pk: _pk, gsi1sk: _sk, ...settled } = obligation;
    table.put({ ...settled, status: 'SUBMITTED', submittedAt: '2027-01-26T10:00:00.000Z' });

    on('2027-01-27');
    await generate();

    expect(stored(ALERT)).toMatchObject({ status: 'RESOLVED', resolvedBy: 'system' });
    expect(stored(`${ALERT}#submitted`)).toMatchObject({
      type: 'submitted',
      priority: 'low',
      status: 'ACTIVE',
    });
    expect(
      notifications()
        .filter((n) => n.type === 'tax_submitted')
        .map((n) => n.userId)
        .sort(),
    ).toEqual(STAFF);
  });
});

describe('the alert and notification reads', () => {
  beforeEach(async () => {
    on('2027-01-29');
    await generate();
  });

  it('critical alerts: the open ones, critical first, at most `limit`', async () => {
    const res = await call<AlertView[]>(GESTOR, {
      routeId: 'taxAlerts.critical',
      params: { companyId: CO },
      query: { limit: '5' },
    });
    const all = await call<AlertView[]>(GESTOR, { routeId: 'taxAlerts.critical', params: { companyId: CO } });

    expect(res.envelope.data).toHaveLength(5);
    expect(res.envelope.data!.every((a) => a.priority === 'critical')).toBe(true);
    expect(all.envelope.data).toHaveLength(5);
  });

  it('statistics by status, and the open ones by priority and type', async () => {
    await workflow('resolve', ALERT);
    const res = await call<AlertStatistics>(GESTOR, {
      routeId: 'taxAlerts.statistics',
      params: { companyId: CO },
    });
    const stats = res.envelope.data!;
    const total = (await listAlerts()).totalElements;

    expect(stats.total).toBe(total);
    expect(stats.resolved).toBe(1);
    expect(stats.active + stats.acknowledged + stats.resolved).toBe(total);
    expect(Object.values(stats.byPriority).reduce((a, b) => a + b, 0)).toBe(total - 1);
    expect(stats.byType.overdue).toBeGreaterThan(0);
  });

  it('lists by status and priority, paged', async () => {
    await workflow('acknowledge', ALERT);
    const acknowledged = await listAlerts({ status: 'ACKNOWLEDGED' });
    const page = await listAlerts({ size: '2', page: '1', priority: 'critical' });

    expect(acknowledged.content.map((a) => a.id)).toEqual([ALERT]);
    expect(page).toMatchObject({ page: 1, size: 2 });
    expect(page.content).toHaveLength(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
  });

  it('upcoming (daysAhead 7) and overdue obligations with the step already told', async () => {
    const upcoming = await call<{
      daysAhead: number;
      obligations: (UpcomingObligation & { lastNotification: unknown })[];
    }>(GESTOR, { routeId: 'taxNotifications.upcoming', params: { companyId: CO } });
    const overdue = await call<{
      obligations: { id: string; daysOverdue: number; lastNotification: unknown }[];
    }>(GESTOR, { routeId: 'taxNotifications.overdue', params: { companyId: CO } });

    expect(upcoming.envelope.data!.daysAhead).toBe(7);
    expect(upcoming.envelope.data!.obligations.map((o) => o.id)).toEqual(['2026-303-4T', '2026-390-0A']);
    expect(upcoming.envelope.data!.obligations[0]).toMatchObject({
      companyName: NAME,
      daysRemaining: 3,
      lastNotification: { step: 'critical', sentAt: clock.toISOString() },
    });
    const late = overdue.envelope.data!.obligations.find((o) => o.id === '2026-303-3T');
    expect(late).toMatchObject({ daysOverdue: 101, lastNotification: { step: 'overdue' } });
  });

  it('stats, summary and history of what was sent', async () => {
    const stats = await call<{
      sent: number;
      inApp: number;
      emails: number;
      byPriority: Record<string, number>;
    }>(GESTOR, { routeId: 'taxNotifications.stats', params: { companyId: CO } });
    const summary = await call<TaxNotificationSummary>(GESTOR, {
      routeId: 'taxNotifications.summary',
      params: { companyId: CO },
    });
    const history = await call<Page<TaxNotificationSent>>(GESTOR, {
      routeId: 'taxNotifications.history',
      params: { companyId: CO },
      query: { size: '3' },
    });

    const sent = claims().length;
    expect(stats.envelope.data).toMatchObject({ sent, inApp: sent * 3, emails: sent * 3 });
    expect(summary.envelope.data).toMatchObject({
      pending: 2,
      nextDueDate: '2027-02-01',
      sentLast30Days: sent,
      config: { enabled: true },
    });
    expect(summary.envelope.data!.overdue).toBeGreaterThanOrEqual(6);
    expect(history.envelope.data).toMatchObject({ page: 0, size: 3, totalElements: sent });
    expect(history.envelope.data!.content).toHaveLength(3);
  });
});
