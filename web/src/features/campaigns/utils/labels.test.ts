import { CampaignPeriod } from '@shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import { buildPeriod, daysLeftText, formatPeriod, parsePeriod, percent, previousQuarter } from './labels';

describe('campaign periods', () => {
  it('builds the periods the schema accepts', () => {
    const built = [
      buildPeriod({ kind: 'quarter', year: 2026, part: 4 }),
      buildPeriod({ kind: 'month', year: 2026, part: 3 }),
      buildPeriod({ kind: 'year', year: 2026, part: 9 }),
    ];
    expect(built).toEqual(['2026-Q4', '2026-03', '2026']);
    for (const period of built) expect(CampaignPeriod.safeParse(period).success).toBe(true);
  });

  it('parses back what it builds and refuses anything else', () => {
    expect(parsePeriod('2026-Q2')).toEqual({ kind: 'quarter', year: 2026, part: 2 });
    expect(parsePeriod('2026-11')).toEqual({ kind: 'month', year: 2026, part: 11 });
    expect(parsePeriod('2025')).toEqual({ kind: 'year', year: 2025, part: 1 });
    expect(parsePeriod('2026-13')).toBeNull();
    expect(parsePeriod('2026-Q5')).toBeNull();
  });

  it('writes periods in Spanish', () => {
    expect(formatPeriod('2026-Q4')).toBe('4.º trimestre de 2026');
    expect(formatPeriod('2026-11')).toBe('noviembre de 2026');
    expect(formatPeriod('2026')).toBe('Año 2026');
    expect(formatPeriod('otra cosa')).toBe('otra cosa');
  });

  it('defaults to the quarter that has just ended', () => {
    expect(previousQuarter('2026-11-27')).toEqual({ kind: 'quarter', year: 2026, part: 3 });
    expect(previousQuarter('2026-02-01')).toEqual({ kind: 'quarter', year: 2025, part: 4 });
  });
});

describe('campaign figures', () => {
  it('says how long is left', () => {
    expect(daysLeftText(0)).toBe('Vence hoy');
    expect(daysLeftText(1)).toBe('Queda 1 día');
    expect(daysLeftText(12)).toBe('Quedan 12 días');
    expect(daysLeftText(-1)).toBe('Vencida hace 1 día');
    expect(daysLeftText(-4)).toBe('Vencida hace 4 días');
  });

  it('rounds progress and survives an empty campaign', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 5)).toBe(100);
  });
});
