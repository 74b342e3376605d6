import { describe, expect, it } from 'vitest';
import { yearFrom, yearOptions } from './years';

describe('yearFrom', () => {
  it('reads a whole year within 2000-2100', () => {
    expect(yearFrom('2025', 2026)).toBe(2025);
    expect(yearFrom('2000', 2026)).toBe(2000);
    expect(yearFrom('2100', 2026)).toBe(2100);
  });

  it('falls back on a missing, malformed or out-of-range year', () => {
    expect(yearFrom(null, 2026)).toBe(2026);
    expect(yearFrom(undefined, 2026)).toBe(2026);
    expect(yearFrom('', 2026)).toBe(2026);
    expect(yearFrom('2025.5', 2026)).toBe(2026);
    expect(yearFrom('abc', 2026)).toBe(2026);
    expect(yearFrom('1999', 2026)).toBe(2026);
    expect(yearFrom('2101', 2026)).toBe(2026);
  });
});

describe('yearOptions', () => {
  it('offers next year back to five years ago, newest first', () => {
    expect(yearOptions(2026, 2026).map((o) => o.value)).toEqual([2027, 2026, 2025, 2024, 2023, 2022, 2021]);
    expect(yearOptions(2026, 2026)[0]).toEqual({ value: 2027, label: '2027' });
  });

  it('adds the selected year when it is older, once', () => {
    expect(yearOptions(2026, 2010).map((o) => o.value)).toEqual([
      2027, 2026, 2025, 2024, 2023, 2022, 2021, 2010,
    ]);
    expect(yearOptions(2026, 2024).filter((o) => o.value === 2024)).toHaveLength(1);
  });

  it('goes back as many years as asked, never before 2000', () => {
    expect(yearOptions(2026, 2026, 6).at(-1)?.value).toBe(2020);
    expect(yearOptions(2002, 2002).map((o) => o.value)).toEqual([2003, 2002, 2001, 2000]);
  });
});
