import type { ModelResult } from '@shared/schemas/tax-models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANOMALY_THRESHOLDS,
  type AnomalyInput,
  type CurrentModelFacts,
  changePercent,
  detectAnomalies,
  hasNoIssuedInvoices,
  isSignificantChange,
  trendPrediction,
} from './anomalies';

const r = (amountCents: number, type: ModelResult['type'] = amountCents >= 0 ? 'I' : 'C'): ModelResult => ({
  type,
  amountCents,
});

/** A 303 with sales (box 07 from the ISSUED book) and the given result. */
const current = (amountCents: number, over: Partial<CurrentModelFacts> = {}): CurrentModelFacts => ({
  result: r(amountCents),
  boxes: { '07': 1_000_000, '09': 210_000, '71': amountCents },
  issues: [],
  itemsRead: 6,
  sources: {
    '07': ['ISSUED:S1|2100|0|ES|0|G'],
    '09': ['ISSUED:S1|2100|0|ES|0|G'],
    '28': ['RECEIVED:DOMESTIC|2100|0|C|0'],
  },
  ...over,
});

const input = (over: Partial<AnomalyInput>): AnomalyInput => ({
  modelType: '303',
  current: current(200_000),
  previous: null,
  lastYear: null,
  trend: [],
  ...over,
});

const codes = (i: AnomalyInput) => detectAnomalies(i).map((a) => a.code);

describe('significant change (> 50 % and > 1.000,00 €)', () => {
  it('needs both the share and the amount', () => {
    expect(isSignificantChange(400_000, 200_000)).toBe(true); // +100 %, +2.000 €
    expect(isSignificantChange(290_000, 200_000)).toBe(false); // +45 %
    expect(isSignificantChange(150_000, 50_000)).toBe(false); // +200 % but exactly 1.000 €
    expect(isSignificantChange(150_001, 50_000)).toBe(true);
    expect(isSignificantChange(-300_000, 200_000)).toBe(true); // from paying to compensating
    expect(isSignificantChange(100_001, 0)).toBe(true); // from zero: the amount alone
    expect(isSignificantChange(100_000, 0)).toBe(false);
  });

  it('is symmetric in sign and never fires within the amount threshold (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.integer({ min: -1e10, max: 1e10 }), (a, b) => {
        expect(isSignificantChange(a, b)).toBe(isSignificantChange(-a, -b));
        if (Math.abs(a - b) <= ANOMALY_THRESHOLDS.minChangeCents)
          expect(isSignificantChange(a, b)).toBe(false);
      }),
    );
  });

  it('reports the change in whole percent', () => {
    expect(changePercent(300_000, 200_000)).toBe(50);
    expect(changePercent(-100_000, 200_000)).toBe(-150);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('the trend', () => {
  it('extends the least-squares line one period', () => {
    expect(trendPrediction([100, 200, 300, 400])).toBe(500);
    expect(trendPrediction([400, 400, 400, 400])).toBe(400);
    expect(trendPrediction([0, 0, 0, 1000])).toBe(1000); // slope 300 through a mean of 250 at x = 1,5
  });

  it('predicts exactly a series on a line (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e8, max: 1e8 }), fc.integer({ min: -1e8, max: 1e8 }), (a, b) => {
        expect(trendPrediction([a, a + b, a + 2 * b, a + 3 * b])).toBe(a + 4 * b);
      }),
    );
  });

  it('flags a result far from a steady trend, not one that follows it', () => {
    const steady = [r(300_000), r(320_000), r(340_000), r(360_000)];
    expect(codes(input({ current: current(380_000), trend: steady }))).not.toContain('OFF_TREND');
    const off = detectAnomalies(input({ current: current(900_000), trend: steady }));
    expect(off.map((a) => a.code)).toContain('OFF_TREND');
    expect(off.find((a) => a.code === 'OFF_TREND')!.message).toBe(
      'El resultado (9.000,00 €) se aleja de la tendencia de los últimos 4 periodos, que apuntaba a 3.800,00 €.',
    );
  });

  it('needs three known periods, and keeps the gaps in place', () => {
    expect(
      codes(input({ current: current(900_000), trend: [null, null, r(300_000), r(320_000)] })),
    ).not.toContain('OFF_TREND');
    // 300, –, 340, 360 still lines up: the next is 380.
    expect(
      codes(input({ current: current(380_000), trend: [r(300_000), null, r(340_000), r(360_000)] })),
    ).not.toContain('OFF_TREND');
  });
});

describe('detectAnomalies', () => {
  it('flags the change against the previous period and the same period last year, with Spanish texts', () => {
    const found = detectAnomalies(
      input({ current: current(500_000), previous: r(200_000), lastYear: r(150_000) }),
    );
    expect(found).toEqual([
      {
        code: 'CHANGE_VS_PREVIOUS_PERIOD',
        message: 'El resultado cambia un +150 % (2.000,00 € → 5.000,00 €) respecto al periodo anterior.',
      },
      {
        code: 'CHANGE_VS_LAST_YEAR',
        message:
          'El resultado cambia un +233 % (1.500,00 € → 5.000,00 €) respecto al mismo periodo del año anterior.',
      },
    ]);
  });

  it('a normal quarter has no anomaly', () => {
    expect(
      detectAnomalies(
        input({
          previous: r(180_000),
          lastYear: r(210_000),
          trend: [r(190_000), r(200_000), r(210_000), r(180_000)],
        }),
      ),
    ).toEqual([]);
  });

  it('NO_INVOICES: nothing read, or no box with a value from the issued book', () => {
    expect(hasNoIssuedInvoices(current(0, { itemsRead: 0, sources: {}, boxes: {} }))).toBe(true);
    // Only purchases: the deductible VAT comes from the RECEIVED book.
    const onlyPurchases = current(-21_000, {
      boxes: { '28': 100_000, '29': 21_000, '07': 0 },
      sources: {
        '07': ['ISSUED:S1|2100|0|ES|0|G'],
        '28': ['RECEIVED:DOMESTIC|2100|0|C|0'],
        '29': ['RECEIVED:DOMESTIC|2100|0|C|0'],
      },
    });
    expect(hasNoIssuedInvoices(onlyPurchases)).toBe(true);
    expect(codes(input({ current: onlyPurchases }))).toContain('NO_INVOICES');
    expect(hasNoIssuedInvoices(current(200_000))).toBe(false);
  });

  it('COMPENSATION_NOT_APPLIED: the previous 303 was C and [110] carries less', () => {
    const previous = r(-80_000, 'C');
    expect(codes(input({ previous, current: current(200_000, { boxes: { '07': 1, '110': 0 } }) }))).toContain(
      'COMPENSATION_NOT_APPLIED',
    );
    expect(
      detectAnomalies(
        input({ previous, current: current(200_000, { boxes: { '07': 1, '110': 30_000 } }) }),
      ).find((a) => a.code === 'COMPENSATION_NOT_APPLIED')?.message,
    ).toBe('El periodo anterior quedó a compensar (800,00 €) y la casilla [110] recoge 300,00 €.');
    expect(
      codes(input({ previous, current: current(200_000, { boxes: { '07': 1, '110': 80_000 } }) })),
    ).not.toContain('COMPENSATION_NOT_APPLIED');
    // Only the 303 carries compensations; a previous result I never asks for one.
    expect(
      codes(input({ previous: r(80_000, 'I'), current: current(200_000, { boxes: { '07': 1 } }) })),
    ).not.toContain('COMPENSATION_NOT_APPLIED');
    expect(
      codes(input({ modelType: '349', previous, current: current(200_000, { boxes: { '07': 1 } }) })),
    ).not.toContain('COMPENSATION_NOT_APPLIED');
  });

  it('VALIDATION_ERRORS counts the errors, not the warnings', () => {
    const issues = [
      { code: 'IBAN_REQUIRED', message: 'Falta el IBAN', severity: 'ERROR' as const },
      { code: 'X', message: 'aviso', severity: 'WARNING' as const },
      { code: 'NEGATIVE_BOX', message: '[110] negativo', severity: 'ERROR' as const },
    ];
    expect(detectAnomalies(input({ current: current(200_000, { issues }) }))).toContainEqual({
      code: 'VALIDATION_ERRORS',
      message: 'El modelo tiene 2 errores de validación.',
    });
    expect(codes(input({ current: current(200_000, { issues: [issues[1]!] }) }))).not.toContain(
      'VALIDATION_ERRORS',
    );
  });
});
