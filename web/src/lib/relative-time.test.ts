import { describe, expect, it } from 'vitest';
import { appointmentTime, relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it('says Ahora mismo under a minute, then minutes, hours and days', () => {
    expect(relativeTime(ago(59_999), now)).toBe('Ahora mismo');
    expect(relativeTime(ago(MIN), now)).toBe('Hace 1 minuto');
    expect(relativeTime(ago(59 * MIN), now)).toBe('Hace 59 minutos');
    expect(relativeTime(ago(60 * MIN), now)).toBe('Hace 1 hora');
    expect(relativeTime(ago(1439 * MIN), now)).toBe('Hace 23 horas');
    expect(relativeTime(ago(1440 * MIN), now)).toBe('Hace 1 día');
    expect(relativeTime(ago(3 * 1440 * MIN + 5), now)).toBe('Hace 3 días');
  });

  it('reads a future instant as Ahora mismo and an invalid one as empty', () => {
    expect(relativeTime(ago(-5 * MIN), now)).toBe('Ahora mismo');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('appointmentTime', () => {
  it('is minutes under an hour, hours and minutes under a day, else days and hours', () => {
    expect(appointmentTime(0)).toBe('Ahora');
    expect(appointmentTime(1)).toBe('1 minuto');
    expect(appointmentTime(45)).toBe('45 minutos');
    expect(appointmentTime(60)).toBe('1 h');
    expect(appointmentTime(135)).toBe('2 h 15 min');
    expect(appointmentTime(1439)).toBe('23 h 59 min');
    expect(appointmentTime(1440)).toBe('1 día');
    expect(appointmentTime(3 * 1440 + 4 * 60 + 30)).toBe('3 días 4 h');
  });
});
