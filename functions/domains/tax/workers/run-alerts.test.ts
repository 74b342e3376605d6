/**
 * The `tax-alerts` schedule's handler on the in-memory table: the run's date is the Madrid date of
 * the event's `time`, every profiled company is run, one that fails does not stop the others (and
 * makes the invocation fail, so it is retried), and the run stops before the Lambda timeout.
 */

import type { Logger } from '@functions/platform/logger';
import { lambdaContext } from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { company, member, profile, taxHarness } from '../testing/tax-harness';
import { handler, runAlerts, runDate } from './run-alerts';

const clock = new Date('2027-01-01T08:00:00Z');
const { table, deps } = taxHarness(clock);
useEnv({ APP_URL: 'https://app.cuadra.test' });

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const ALERT = '2026-303-4T';

/** The event EventBridge Scheduler sends (infra/local/engines/scheduler.ts builds the same). */
const scheduledEvent = (time: string) => ({
  version: '0',
  id: 'e1',
  'detail-type': 'Scheduled Event',
  source: 'aws.scheduler',
  account: '000000000000',
  time,
  region: 'eu-west-1',
  resources: ['arn:aws:scheduler:eu-west-1:000000000000:schedule/default/tax-alerts'],
  detail: {},
});

beforeEach(() => {
  table.reset();
  for (const [id, name] of [
    ['co-a', 'Panadería La Espiga SL'],
    ['co-b', 'Transportes Levante SA'],
  ] as const) {
    table.put(company(id, name));
    table.put(profile(id, 'SL', {}, 2026));
    table.put(member(id, 'u-gestor', 'GESTOR'));
  }
});

describe('runDate', () => {
  it('is the Madrid date of the event time, else of the fallback', () => {
    const fallback = new Date('2027-05-05T12:00:00Z');
    expect(runDate(scheduledEvent('2027-01-28T23:30:00Z'), fallback)).toBe('2027-01-29');
    // Summer time (UTC+2) from 28 March 2027 01:00 UTC.
    expect(runDate(scheduledEvent('2027-06-30T22:30:00Z'), fallback)).toBe('2027-07-01');
    expect(runDate(scheduledEvent('2027-12-31T22:59:59Z'), fallback)).toBe('2027-12-31');
    expect(runDate({}, fallback)).toBe('2027-05-05');
    expect(runDate(scheduledEvent('not a date'), fallback)).toBe('2027-05-05');
    expect(runDate(undefined, fallback)).toBe('2027-05-05');
  });
});

describe('the tax-alerts handler', () => {
  it('runs every profiled company on the date of the event', async () => {
    // 23:30 UTC on 28 January is 00:30 on the 29th in Madrid: 3 days before the 303's 1 February.
    await handler(scheduledEvent('2027-01-28T23:30:00Z'), lambdaContext());

    for (const companyId of ['co-a', 'co-b']) {
      expect(table.get(keys.taxAlert(companyId, ALERT))).toMatchObject({
        priority: 'critical',
        daysRemaining: 3,
        status: 'ACTIVE',
      });
      expect(table.get(keys.taxAlertSent(companyId, ALERT, 'critical'))).toBeDefined();
    }
  });

  it('a failing company is logged; the others run; the invocation then fails to be retried', async () => {
    const broken = keys.company('co-a');
    table.failWhen((command, input) => {
      const key = (input as { Key?: { pk?: string; sk?: string } }).Key;
      return command === 'Get' && key?.pk === broken.pk && key.sk === broken.sk
        ? Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' })
        : undefined;
    });

    const out = await runAlerts(
      deps,
      { log: silent, remainingMs: () => Number.POSITIVE_INFINITY },
      '2027-01-29',
    );

    expect(out).toMatchObject({ companies: 2, processed: 1, failed: 1, skipped: 0 });
    expect(out.created).toBeGreaterThan(0);
    expect(table.get(keys.taxAlert('co-a', ALERT))).toBeUndefined();
    expect(table.get(keys.taxAlert('co-b', ALERT))).toMatchObject({ priority: 'critical' });
    await expect(handler(scheduledEvent('2027-01-28T23:30:00Z'), lambdaContext())).rejects.toThrow(
      "1 companies' tax alerts failed",
    );
  });

  it('stops before the timeout and says how many companies were left', async () => {
    const left = [60_000, 1_000];

    const out = await runAlerts(deps, { log: silent, remainingMs: () => left.shift() ?? 0 }, '2027-01-29');

    expect(out).toMatchObject({ companies: 2, processed: 1, skipped: 1, failed: 0 });
    // The directory lists co-a first: only its alerts exist.
    expect(new Set(table.all('TaxAlert').map((a) => a.companyId))).toEqual(new Set(['co-a']));
  });

  it('a second run the same day notifies nothing', async () => {
    const first = await runAlerts(
      deps,
      { log: silent, remainingMs: () => Number.POSITIVE_INFINITY },
      '2027-01-29',
    );
    const second = await runAlerts(
      deps,
      { log: silent, remainingMs: () => Number.POSITIVE_INFINITY },
      '2027-01-29',
    );

    expect(first.notified).toBeGreaterThan(0);
    expect(second).toMatchObject({
      processed: 2,
      created: 0,
      updated: 0,
      notified: 0,
      obligationsCreated: 0,
    });
  });
});
