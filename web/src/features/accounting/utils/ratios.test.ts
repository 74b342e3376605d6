import { describe, expect, it } from 'vitest';
import { formatRatioDecimal, formatRatioPercent } from './ratios';

describe('financial ratios written es-ES', () => {
  it('writes a ratio as a percentage with two decimals and a comma', () => {
    expect(formatRatioPercent(0.5475)).toBe('54,75\u00a0%');
    expect(formatRatioPercent(12.3456)).toBe('1.234,56\u00a0%');
    expect(formatRatioPercent(-0.12345)).toBe('-12,35\u00a0%');
    expect(formatRatioPercent(0)).toBe('0,00\u00a0%');
  });

  it('writes a ratio as a decimal with two places', () => {
    expect(formatRatioDecimal(1.5234)).toBe('1,52');
    expect(formatRatioDecimal(1234.5)).toBe('1.234,50');
    expect(formatRatioDecimal(-0.005)).toBe('-0,01');
  });

  it("shows '—' for a ratio without a value", () => {
    expect(formatRatioPercent(null)).toBe('—');
    expect(formatRatioDecimal(null)).toBe('—');
    expect(formatRatioDecimal(Number.NaN)).toBe('—');
  });
});
