/**
 * The `sii-deadlines` schedule on the in-memory table: the backfill first (documents never sent get
 * their entries), then a fiscal alert for every open entry due within four days or overdue, the
 * staff notified once per entry at the urgent and overdue steps, and the alerts of entries no
 * longer due resolved.
 */

import { lambdaContext } from '@functions/platform/testing/api-event';
import { keys } from '@shared/db/keys';
import type { SiiEntry } from '@shared/schemas/sii';
import type { FiscalAlert } from '@shared/schemas/tax';
import { beforeEach, describe, expect, it } from 'vitest';
import { siiAlertPlan } from '../model/deadline-alerts';
import {
  COMPANY,
  companyItems,
  invoiceItemOf,
  issuedInvoice,
  memberItem,
  siiHarness,
  silentLog,
} from '../testing/harness';
import { handler, runDate, runSiiDeadlines } from './run-deadlines';

const h = siiHarness(new Date('2026-03-10T06:15:00.000Z'));
const { table, deps } = h;
const ctx = { log: silentLog, remainingMs: () => Number.POSITIVE_INFINITY };

const alert = (entryId: string) =>
  table.get(keys.taxAlert(COMPANY, `sii:${entryId}`)) as (FiscalAlert & { step: string }) | undefined;
const notifications = () => table.all('Notification') as { userId: string; type: string; message: string }[];

beforeEach(() => {
  h.reset();
  for (const item of companyItems()) table.put(item);
  table.put(memberItem('u-owner', 'OWNER'));
  table.put(memberItem('u-gestor', 'GESTOR'));
  table.put(memberItem('u-cliente', 'CLIENTE'));
  table.put(memberItem('u-gone', 'MEMBER', { isActive: false }));
  // Tuesday 10 March 2026. FE deadlines: four working days after issue.
  table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-12', invoiceDate: '2026-03-09' }))); // 13/03: 3 days
  table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-11', invoiceDate: '2026-03-05' }))); // 11/03: 1 day
  table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-10', invoiceDate: '2026-03-02' }))); // 06/03: overdue
  table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-13', invoiceDate: '2026-03-20' }))); // far ahead
});

describe('runSiiDeadlines', () => {
  it('backfills, alerts every entry due within the window and notifies the urgent and overdue ones once', async () => {
    const r = await runSiiDeadlines(deps, ctx, '2026-03-10');

    expect(r).toMatchObject({
      companies: 1,
      failed: 0,
      found: 4,
      created: 4,
      due: 3,
      alertsWritten: 3,
      notified: 2,
    });
    expect(alert('FE:inv-12')).toMatchObject({
      type: 'deadline',
      priority: 'high',
      step: 'upcoming',
      status: 'ACTIVE',
      dueDate: '2026-03-13',
      daysRemaining: 3,
      obligationId: null,
      actionUrl: '/app/tax/sii',
      message: 'Factura F-2026-0012 pendiente de envío al SII: vence el 13/03/2026.',
    });
    expect(alert('FE:inv-11')).toMatchObject({ type: 'deadline', priority: 'critical', step: 'urgent' });
    expect(alert('FE:inv-10')).toMatchObject({
      type: 'overdue',
      priority: 'critical',
      step: 'overdue',
      message: 'Factura F-2026-0010 pendiente de envío al SII: venció el 06/03/2026.',
    });
    expect(alert('FE:inv-13')).toBeUndefined();
    // Owner and gestor, for the urgent and the overdue entry; never a CLIENTE or an inactive member.
    expect(
      notifications()
        .map((n) => `${n.userId}:${n.type}`)
        .sort(),
    ).toEqual([
      'u-gestor:sii_deadline',
      'u-gestor:sii_overdue',
      'u-owner:sii_deadline',
      'u-owner:sii_overdue',
    ]);
    expect(table.get(keys.notificationCounter('u-owner', COMPANY))).toMatchObject({ unread: 2 });
    expect(table.get(keys.siiDeadlineAlert(COMPANY, 'FE:inv-11', 'urgent'))).toBeDefined();

    // The same day again: nothing new.
    const again = await runSiiDeadlines(deps, ctx, '2026-03-10');
    expect(again).toMatchObject({ created: 0, alertsWritten: 0, notified: 0 });
    expect(notifications()).toHaveLength(4);
  });

  it('the next steps are told once each; the alerts of entries accepted meanwhile are resolved', async () => {
    await runSiiDeadlines(deps, ctx, '2026-03-10');
    // The sender accepts inv-11 (final: out of the open index).
    const e = table.get(keys.siiEntry(COMPANY, 'FE', 'inv-11'))!;
    const { gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = e;
    table.put({ ...rest, status: 'ACCEPTED', registered: true, pendingOperation: null });

    h.setNow('2026-03-12T06:15:00.000Z');
    const r = await runSiiDeadlines(deps, ctx, '2026-03-12');

    // inv-12 (13/03) is urgent now; inv-10 stays overdue (told already).
    expect(alert('FE:inv-12')).toMatchObject({ step: 'urgent', priority: 'critical', daysRemaining: 1 });
    expect(alert('FE:inv-11')).toMatchObject({ status: 'RESOLVED', resolvedBy: 'system' });
    expect(r).toMatchObject({ notified: 1, resolved: 1 });
    expect(notifications().filter((n) => n.type === 'sii_deadline')).toHaveLength(4);
    expect(notifications().filter((n) => n.type === 'sii_overdue')).toHaveLength(2);
  });

  it('an alert a user resolved at its step stays resolved and is not told again', async () => {
    await runSiiDeadlines(deps, ctx, '2026-03-10');
    const a = table.get(keys.taxAlert(COMPANY, 'sii:FE:inv-12'))!;
    table.put({
      ...a,
      status: 'RESOLVED',
      resolvedBy: 'u-owner',
      resolvedAt: '2026-03-10T08:00:00.000Z',
      revision: 2,
    });
    await runSiiDeadlines(deps, ctx, '2026-03-10');
    expect(alert('FE:inv-12')).toMatchObject({ status: 'RESOLVED', resolvedBy: 'u-owner' });
  });

  it('stops starting companies before the timeout', async () => {
    const r = await runSiiDeadlines(deps, { log: silentLog, remainingMs: () => 1_000 }, '2026-03-10');
    expect(r).toMatchObject({ companies: 1, skipped: 1, created: 0, alertsWritten: 0 });
  });
});

describe('the schedule handler', () => {
  it('runs on the Madrid date of the event time', async () => {
    expect(runDate({ time: '2026-03-09T23:30:00Z' }, new Date('2026-01-01T00:00:00Z'))).toBe('2026-03-10');
    expect(runDate({}, new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    await handler(
      { time: '2026-03-10T06:15:00Z' },
      lambdaContext({ getRemainingTimeInMillis: () => 900_000 }),
    );
    expect(alert('FE:inv-11')).toMatchObject({ step: 'urgent' });
  });
});

describe('siiAlertPlan', () => {
  const entry = (over: Partial<SiiEntry>) =>
    ({
      entryId: 'FR:ri-1',
      book: 'FR',
      documentNumber: 'GT-2026-881',
      source: { type: 'RECEIVED_INVOICE', id: 'ri-1', invoiceId: 'ri-1' },
      deadline: '2026-03-13',
      status: 'QUEUED',
      pendingOperation: 'A0',
      ...over,
    }) as SiiEntry;

  it('names what is pending, by book and state', () => {
    expect(siiAlertPlan(entry({}), '2026-03-10')?.message).toBe(
      'Factura recibida GT-2026-881 pendiente de envío al SII: vence el 13/03/2026.',
    );
    expect(siiAlertPlan(entry({ status: 'REJECTED' }), '2026-03-13')).toMatchObject({
      step: 'urgent',
      daysRemaining: 0,
      message:
        'Factura recibida GT-2026-881 rechazada por la AEAT: corrígela y reenvíala al SII: vence el 13/03/2026.',
    });
    expect(
      siiAlertPlan(
        entry({
          book: 'RECC',
          source: { type: 'INVOICE_PAYMENT', id: 'p', invoiceId: 'i' },
          pendingOperation: 'BAJA',
        }),
        '2026-03-14',
      )?.message,
    ).toBe('Cobro de la factura GT-2026-881 pendiente de comunicar su baja al SII: venció el 13/03/2026.');
    expect(siiAlertPlan(entry({ deadline: '2026-03-20' }), '2026-03-10')).toBeNull();
  });
});
