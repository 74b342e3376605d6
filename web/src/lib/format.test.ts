import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDateTime, formatInteger, formatRelativeTime } from './format';

// Intl puts a narrow no-break space before the euro sign; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatCents', () => {
  it('formats integer céntimos as euros, es-ES style', () => {
    expect(plain(formatCents(123456789))).toBe('1.234.567,89 €');
    expect(plain(formatCents(5))).toBe('0,05 €');
    expect(plain(formatCents(-2550))).toBe('-25,50 €');
  });

  it('groups the thousands of four-digit amounts too (es-ES Intl does not)', () => {
    expect(plain(formatCents(139600))).toBe('1.396,00 €');
    expect(plain(formatCents(-100000))).toBe('-1.000,00 €');
    expect(plain(formatCents(99999))).toBe('999,99 €');
    expect(formatInteger(1396)).toBe('1.396');
    expect(formatInteger(500)).toBe('500');
  });

  it('refuses a fractional amount of céntimos', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('writes DD/MM/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025');
    expect(formatDateTime(new Date(2025, 0, 2, 9, 5))).toBe('02/01/2025 09:05');
  });

  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatRelativeTime (spec part 3 §9)', () => {
  const now = new Date('2025-03-03T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('says Ahora mismo, then minutes, hours and days', () => {
    expect(formatRelativeTime(ago(0.5), now)).toBe('Ahora mismo');
    expect(formatRelativeTime(ago(5), now)).toBe('Hace 5 minutos');
    expect(formatRelativeTime(ago(59), now)).toBe('Hace 59 minutos');
    expect(formatRelativeTime(ago(60), now)).toBe('Hace 1 hora');
    expect(formatRelativeTime(ago(1439), now)).toBe('Hace 23 horas');
    expect(formatRelativeTime(ago(1440), now)).toBe('Hace 1 día');
    expect(formatRelativeTime(ago(4 * 1440), now)).toBe('Hace 4 días');
    expect(formatRelativeTime('', now)).toBe('');
  });
});
