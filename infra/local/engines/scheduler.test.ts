import type { EntryPoint } from '@infra/manifest';
import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../util/log';
import { isIsoDay, madridMorning, type RunningScheduler, scheduledEvent, startScheduler } from './scheduler';

const target = { entry: 'test/job.ts', export: 'handler' };
let scheduler: RunningScheduler | undefined;

afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
});

describe('scheduler', () => {
  it('builds an EventBridge Scheduled Event', () => {
    const event = scheduledEvent('nightly', new Date('2026-11-20T06:00:00.123Z'));
    expect(event).toMatchObject({
      version: '0',
      'detail-type': 'Scheduled Event',
      source: 'aws.scheduler',
      account: '123456789012',
      time: '2026-11-20T06:00:00Z',
      region: 'eu-west-1',
      resources: ['arn:aws:scheduler:eu-west-1:123456789012:schedule/default/nightly'],
      detail: {},
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs a schedule now, and tells when it runs next', async () => {
    const calls: { entry: EntryPoint; event: ScheduledEvent }[] = [];
    scheduler = startScheduler({
      schedules: { sweep: { expression: 'rate(5 minutes)', timezone: 'Europe/Madrid', target } },
      invoke: async (entry, event) => {
        calls.push({ entry, event: event as ScheduledEvent });
      },
      logger: silentLogger,
    });
    expect(scheduler.names()).toEqual(['sweep']);
    expect(scheduler.nextRun('sweep')!.getUTCMinutes() % 5).toBe(0);

    await scheduler.runNow('sweep');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.entry).toBe(target);
    expect(calls[0]!.event.resources[0]).toMatch(/schedule\/default\/sweep$/);
    await expect(scheduler.runNow('nope')).rejects.toThrow(/Unknown schedule/);
  });

  it('runs a schedule now as if it were another instant: the event carries that time', async () => {
    const events: ScheduledEvent[] = [];
    scheduler = startScheduler({
      schedules: { alerts: { expression: 'cron(0 7 * * ? *)', timezone: 'Europe/Madrid', target } },
      invoke: async (_entry, event) => {
        events.push(event as ScheduledEvent);
      },
      logger: silentLogger,
    });

    await scheduler.runNow('alerts', madridMorning('2027-04-17'));
    await scheduler.runNow('alerts');

    expect(events[0]!.time).toBe('2027-04-17T05:00:00Z');
    // Without an instant, now.
    expect(Math.abs(Date.parse(events[1]!.time) - Date.now())).toBeLessThan(5_000);
  });

  it('places 07:00 Madrid on the right UTC hour in winter, in summer and on the days the clocks change', () => {
    expect(madridMorning('2027-01-15').toISOString()).toBe('2027-01-15T06:00:00.000Z');
    expect(madridMorning('2027-07-15').toISOString()).toBe('2027-07-15T05:00:00.000Z');
    // Last Sunday of March 2027: 02:00 -> 03:00, so 07:00 is already summer time.
    expect(madridMorning('2027-03-28').toISOString()).toBe('2027-03-28T05:00:00.000Z');
    expect(madridMorning('2027-03-27').toISOString()).toBe('2027-03-27T06:00:00.000Z');
    // Last Sunday of October 2027: 03:00 -> 02:00, so 07:00 is already winter time.
    expect(madridMorning('2027-10-31').toISOString()).toBe('2027-10-31T06:00:00.000Z');
    expect(madridMorning('2027-10-30').toISOString()).toBe('2027-10-30T05:00:00.000Z');
    expect(madridMorning('2028-02-29').toISOString()).toBe('2028-02-29T06:00:00.000Z');
    expect(() => madridMorning('2027-02-29')).toThrow(/ISO day/);
  });

  it('accepts only calendar days written YYYY-MM-DD', () => {
    expect(isIsoDay('2027-12-31')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    for (const bad of [
      '2027-02-29',
      '2027-13-01',
      '2027-04-31',
      '2027-4-1',
      '17/04/2027',
      '',
      '2027-04-17T07:00',
    ]) {
      expect(isIsoDay(bad), bad).toBe(false);
    }
  });

  it('fires on its own at the scheduled time, in the schedule time zone', async () => {
    const at = new Date(Date.now() + 1500);
    const events: ScheduledEvent[] = [];
    scheduler = startScheduler({
      schedules: { once: { expression: `at(${at.toISOString().slice(0, 19)})`, timezone: 'UTC', target } },
      invoke: async (_entry, event) => {
        events.push(event as ScheduledEvent);
      },
      logger: silentLogger,
    });
    await new Promise((r) => setTimeout(r, 2200));
    expect(events).toHaveLength(1);
    expect(events[0]!.resources[0]).toMatch(/schedule\/default\/once$/);
  });

  it('rejects an invalid expression at start, as deploying it would', () => {
    expect(() =>
      startScheduler({
        schedules: { bad: { expression: 'cron(0 8 * * MON *)', timezone: 'UTC', target } },
        invoke: async () => {},
        logger: silentLogger,
      }),
    ).toThrow(/'\?'/);
  });
});
