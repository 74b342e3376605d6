import { describe, expect, it } from 'vitest';
import { daysText, healthReasonText } from './tax-labels';

describe('healthReasonText', () => {
  it('shows a health status code of the analysis as its Spanish label', () => {
    expect(healthReasonText('Regla «Con obligaciones vencidas el estado es como máximo WARNING».')).toBe(
      'Regla «Con obligaciones vencidas el estado es como máximo “Con incidencias”».',
    );
    expect(healthReasonText('De CRITICAL a GOOD')).toBe('De “Crítica” a “Buena”');
  });

  it('leaves a reason without codes as it is', () => {
    const reason = 'Regla «Obligación vencida sin presentar» (−25 cada una): 1 → −25. Modelo 115 · 3T 2026.';
    expect(healthReasonText(reason)).toBe(reason);
  });
});

describe('daysText', () => {
  it('says día or días', () => {
    expect(daysText(1)).toBe('1 día');
    expect(daysText(37)).toBe('37 días');
    expect(daysText(0)).toBe('Hoy');
  });
});
