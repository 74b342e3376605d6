import { describe, expect, it } from 'vitest';
import { formatIssuedKey } from '../aggregate-keys';
import type { AggregateLine } from '../tax-aggregates';
import { computeModel, designFor, modelDefinitions, validPeriodsOf } from './index';
import { OSS_TOTAL_BOX, ossBox } from './model-369';
import { issued, modelInput, periodLines } from './testing';

/** An OSS line of the books: `N2|<rate>|0|EU|<mod>|G|<state>[@<quarter>]`, VAT = base × rate rounded. */
const ossLine = (
  state: string,
  vatRateBp: number,
  base: number,
  o: { vat?: number; corrects?: string; count?: number } = {},
): AggregateLine => {
  const vat = o.vat ?? Math.round((base * vatRateBp) / 10_000);
  return {
    taxKey: formatIssuedKey({
      operation: 'N2',
      vatRateBp,
      recargoRateBp: 0,
      region: 'EU',
      mod: o.corrects ? 'Q' : '0',
      regime: 'G',
      oss: state,
      ...(o.corrects ? { ossCorrects: o.corrects } : {}),
    }),
    baseCents: base,
    vatCents: vat,
    recargoCents: 0,
    irpfCents: 0,
    deductibleVatCents: 0,
    deductibleBaseCents: 0,
    totalCents: base + vat,
    count: o.count ?? (base < 0 ? -1 : 1),
  };
};

const compute = (lines: AggregateLine[], facts = { ossRegistered: true }, period = '1T', year = 2026) =>
  computeModel(modelInput('369', year, period, { lines: periodLines(lines), facts }));

describe('modelo 369 (OSS, régimen de la Unión)', () => {
  it('is quarterly with one design from July 2021', () => {
    expect(validPeriodsOf('369')).toEqual(['1T', '2T', '3T', '4T']);
    expect(designFor('369', 2021, '3T')?.id).toBe('369-2021');
    expect(designFor('369', 2021, '2T')).toBeUndefined();
    expect(modelDefinitions['369'].designs[0]?.fileFormat).toBe('FORM');
    expect(() => compute([], undefined, '01')).toThrow(/no corresponde|trimestral/);
  });

  it('declares per member state and rate the base and VAT; totals per state and the quarter', () => {
    const c = compute([
      ossLine('FR', 2000, 13_338, { vat: 2668 }),
      ossLine('FR', 550, 1000),
      ossLine('DE', 1900, 5000),
      ossLine('DE', 700, 2000),
      // What is not OSS is not the 369's: an S1 sale and a service to a German business.
      issued('S1', 2100, { base: 100_000, vat: 21_000 }),
      issued('N2', 0, { base: 30_000 }, { region: 'EU' }),
    ]);
    expect(c.records.map((r) => [r.kind, r.country, r.vatRateBp, r.key, r.baseCents, r.amountCents])).toEqual(
      [
        ['OPERATOR', 'DE', 1900, 'S', 5000, 950],
        ['OPERATOR', 'DE', 700, 'R', 2000, 140],
        ['OPERATOR', 'FR', 2000, 'S', 13_338, 2668],
        ['OPERATOR', 'FR', 550, 'R', 1000, 55],
      ],
    );
    expect(c.boxes[ossBox.base('FR')]).toBe(14_338);
    expect(c.boxes[ossBox.vat('FR')]).toBe(2723);
    expect(c.boxes[ossBox.total('FR')]).toBe(2723);
    expect(c.boxes[ossBox.base('DE')]).toBe(7000);
    expect(c.boxes[ossBox.total('DE')]).toBe(1090);
    expect(c.boxes[ossBox.total('IT')]).toBe(0);
    expect(c.boxes[OSS_TOTAL_BOX]).toBe(3813);
    expect(c.result).toEqual({ type: 'I', amountCents: 3813 });
    expect(c.allowedResultTypes).toEqual(['I']);
    expect(c.sources[ossBox.vat('FR')]).toEqual(['ISSUED:N2|2000|0|EU|0|G|FR', 'ISSUED:N2|550|0|EU|0|G|FR']);
    expect(c.issues).toEqual([]);
  });

  it('declares rectifications of earlier quarters as corrections of that period, by state', () => {
    const c = compute(
      [ossLine('FR', 2000, 10_000), ossLine('FR', 2000, -4000, { corrects: '2025-Q4' })],
      undefined,
      '1T',
    );
    expect(c.records.find((r) => r.kind === 'RECTIFICATION')).toMatchObject({
      country: 'FR',
      correctedYear: 2025,
      correctedPeriod: '4T',
      baseCents: -4000,
      amountCents: -800,
    });
    expect(c.boxes[ossBox.vat('FR')]).toBe(2000);
    expect(c.boxes[ossBox.corrections('FR')]).toBe(-800);
    expect(c.boxes[ossBox.total('FR')]).toBe(1200);
    expect(c.result).toEqual({ type: 'I', amountCents: 1200 });
  });

  it('a quarter without OSS sales is still filed, without activity (N)', () => {
    const c = compute([issued('S1', 2100, { base: 100, vat: 21 })]);
    expect(c.result).toEqual({ type: 'N', amountCents: 0 });
    expect(c.records).toEqual([]);
    expect(c.issues.map((i) => i.code)).toEqual(['NO_ACTIVITY']);
  });

  it('warns about OSS sales without the registration, a rate the state does not have and a negative total', () => {
    const c = compute([ossLine('FR', 2100, 1000), ossLine('FR', 2000, -10_000, { corrects: '2025-Q3' })], {
      ossRegistered: false,
    });
    expect(c.issues.map((i) => i.code).sort()).toEqual(['NEGATIVE_TOTAL', 'OSS_NOT_REGISTERED', 'OSS_RATE']);
    expect(c.result).toEqual({ type: 'N', amountCents: -1790 });
  });

  it('the 303 declares the same sales in [123] (not subject here), the 390 in [126]', () => {
    const lines = [ossLine('FR', 2000, 13_338, { vat: 2668 }), ossLine('DE', 1900, 5000)];
    const c303 = computeModel(modelInput('303', 2026, '1T', { lines: periodLines(lines) }));
    expect(c303.boxes['123']).toBe(18_338);
    expect(c303.boxes['59']).toBe(0);
    expect(c303.boxes['120']).toBe(0);
    expect(c303.boxes['124']).toBe(0);
    // Nothing of the foreign VAT reaches the Spanish result.
    expect(c303.boxes['27']).toBe(0);
    expect(c303.result.amountCents).toBe(0);
    const quarters = {
      '1T': periodLines(lines),
      '2T': periodLines(),
      '3T': periodLines(),
      '4T': periodLines(),
    };
    const c390 = computeModel(modelInput('390', 2025, '0A', { lines: periodLines(lines), quarters }));
    expect(c390.boxes['126']).toBe(18_338);
    expect(c390.boxes['103']).toBe(0);
  });
});
