import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeInvoiceTotals,
  type InvoiceTotals,
  InvoiceTotalsError,
  type InvoiceTotalsInput,
} from './invoice-totals';
import { allowedRecargoBps, OPERATION_KINDS, type OperationKind, VAT_RATE_BPS } from './vat';

type Line = InvoiceTotalsInput['lines'][number];
const line = (l: Partial<Line>): Line => ({
  quantityMilli: 1000,
  unitPriceCents: 0,
  discountBp: 0,
  vatRateBp: 2100,
  operation: 'S1',
  recargo: false,
  ...l,
});

/** Independent half-away-from-zero rounding of b·r/10000 for the properties (not the code under test). */
const expectedQuota = (base: number, rateBp: number): number => {
  const n = BigInt(base) * BigInt(rateBp);
  const q = (2n * (n < 0n ? -n : n) + 10_000n) / 20_000n;
  return Number(n < 0n ? -q : q);
};

describe('computeInvoiceTotals: examples computed by hand', () => {
  it('groups by rate and rounds the quota once on the grouped base', () => {
    const totals = computeInvoiceTotals({
      lines: [
        // 3 × 1,234.56 € − 10 % = 3,703.68 × 0.9 = 3,333.312 -> 3,333.31 €
        line({ quantityMilli: 3000, unitPriceCents: 123_456, discountBp: 1000 }),
        // 1.5 × 0.33 € = 0.495 -> 0.50 €
        line({ quantityMilli: 1500, unitPriceCents: 33 }),
        // 2 × 10.05 € = 20.10 € at 10 %
        line({ quantityMilli: 2000, unitPriceCents: 1005, vatRateBp: 1000 }),
      ],
      irpfRateBp: 1500,
    });
    // 21 % group: 3,333.31 + 0.50 = 3,333.81; × 21 % = 700.1001 -> 700.10
    //   (line by line it would be 699.9951 -> 700.00 plus 0.105 -> 0.11 = 700.11: one cent more)
    // 10 % group: 20.10 × 10 % = 2.01
    // base 3,353.91; VAT 702.11; IRPF 3,353.91 × 15 % = 503.0865 -> 503.09
    // total 3,353.91 + 702.11 − 503.09 = 3,552.93
    expect(totals).toMatchObject({
      lineBasesCents: [333_331, 50, 2010],
      baseCents: 335_391,
      vatCents: 70_211,
      recargoCents: 0,
      irpfCents: 50_309,
      totalCents: 355_293,
      legalMentions: [],
    });
    expect(totals.breakdown).toEqual([
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 333_381,
        vatCents: 70_010,
        recargoCents: 0,
      },
      { operation: 'S1', vatRateBp: 1000, recargoRateBp: 0, baseCents: 2010, vatCents: 201, recargoCents: 0 },
    ]);
  });

  it('adds recargo de equivalencia with the rate linked to each VAT rate, and 1.75 % on tobacco', () => {
    const totals = computeInvoiceTotals({
      recargoEquivalencia: true,
      lines: [
        // 10 × 2.50 = 25.00 €; VAT 21 % = 5.25; RE 5.2 % = 1.30
        line({ quantityMilli: 10_000, unitPriceCents: 250, recargo: true }),
        // 4 × 1.99 = 7.96 €; VAT 4 % = 0.3184 -> 0.32; RE 0.5 % = 0.0398 -> 0.04
        line({ quantityMilli: 4000, unitPriceCents: 199, vatRateBp: 400, recargo: true }),
        // tobacco 1 × 5.00 €; VAT 21 % = 1.05; RE 1.75 % = 0.0875 -> 0.09
        line({ quantityMilli: 1000, unitPriceCents: 500, recargo: true, recargoRateBp: 175 }),
        // a service to the same customer: no recargo (line flag off)
        line({ quantityMilli: 1000, unitPriceCents: 1000 }),
      ],
    });
    // base 25.00 + 7.96 + 5.00 + 10.00 = 47.96; VAT 5.25 + 0.32 + 1.05 + 2.10 = 8.72;
    // RE 1.30 + 0.04 + 0.09 = 1.43; total 47.96 + 8.72 + 1.43 = 58.11
    expect(totals).toMatchObject({
      baseCents: 4796,
      vatCents: 872,
      recargoCents: 143,
      irpfCents: 0,
      totalCents: 5811,
    });
    expect(
      totals.breakdown.map((g) => [g.vatRateBp, g.recargoRateBp, g.baseCents, g.vatCents, g.recargoCents]),
    ).toEqual([
      [2100, 520, 2500, 525, 130],
      [2100, 175, 500, 105, 9],
      [2100, 0, 1000, 210, 0],
      [400, 50, 796, 32, 4],
    ]);
    expect(totals.legalMentions).toEqual(['Recargo de equivalencia']);
  });

  it('charges no VAT on reverse charge, not-subject and exempt lines, and derives the legal mentions', () => {
    const totals = computeInvoiceTotals({
      cashAccounting: true,
      lines: [
        line({ unitPriceCents: 10_000, operation: 'E5', vatRateBp: 0 }),
        line({ unitPriceCents: 50_000, operation: 'S2' }), // rate given, but ISP: the customer self-assesses
        line({ unitPriceCents: 20_000, operation: 'E1', vatRateBp: 0 }),
        line({ unitPriceCents: 5_000, operation: 'N1', vatRateBp: 0 }),
        line({ unitPriceCents: 1_000 }), // 10.00 € at 21 % = 2.10
      ],
    });
    expect(totals).toMatchObject({ baseCents: 86_000, vatCents: 210, recargoCents: 0, totalCents: 86_210 });
    expect(totals.breakdown.map((g) => [g.operation, g.vatRateBp, g.baseCents, g.vatCents])).toEqual([
      ['S1', 2100, 1000, 210],
      ['S2', 0, 50_000, 0],
      ['N1', 0, 5000, 0],
      ['E1', 0, 20_000, 0],
      ['E5', 0, 10_000, 0],
    ]);
    expect(totals.legalMentions).toEqual([
      'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992)',
      'Operación no sujeta a IVA',
      'Operación exenta de IVA en virtud del artículo 20 de la Ley 37/1992',
      'Entrega intracomunitaria exenta (art. 25 Ley 37/1992)',
      'Régimen especial del criterio de caja',
    ]);
  });

  it('withholds IRPF only on the lines subject to it', () => {
    const totals = computeInvoiceTotals({
      irpfRateBp: 700,
      lines: [
        line({ unitPriceCents: 100_000 }), // fees 1,000.00 €, 7 % = 70.00
        line({ unitPriceCents: 3_333, irpf: false }), // a supplied expense, 33.33 €
      ],
    });
    // base 1,033.33; VAT 21 % = 216.9993 -> 217.00; IRPF 70.00; total 1,033.33 + 217.00 − 70.00 = 1,180.33
    expect(totals).toMatchObject({
      baseCents: 103_333,
      vatCents: 21_700,
      irpfBaseCents: 100_000,
      irpfCents: 7000,
    });
    expect(totals.totalCents).toBe(118_033);
  });

  it('accepts negative lines on a rectificativa by differences, rounding half away from zero', () => {
    const totals = computeInvoiceTotals({
      rectificationByDifferences: true,
      lines: [line({ quantityMilli: -1500, unitPriceCents: 33 })], // −0.495 -> −0.50; VAT −0.105 -> −0.11
    });
    expect(totals).toMatchObject({ baseCents: -50, vatCents: -11, totalCents: -61 });
  });

  it('gives zero totals for no lines', () => {
    expect(computeInvoiceTotals({ lines: [] })).toMatchObject({ baseCents: 0, totalCents: 0, breakdown: [] });
  });
});

describe('computeInvoiceTotals: refusals', () => {
  const refuses = (input: InvoiceTotalsInput, reason: string, field?: string) => {
    let error: unknown;
    try {
      computeInvoiceTotals(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvoiceTotalsError);
    expect(error).toMatchObject({ reason, code: 'CORE_004', ...(field ? { field } : {}) });
  };

  it.each<[string, InvoiceTotalsInput, string, string | undefined]>([
    [
      'a negative quantity',
      { lines: [line({ quantityMilli: -1000 })] },
      'NEGATIVE_AMOUNT',
      'lines.0.quantityMilli',
    ],
    [
      'a negative price',
      { lines: [line({}), line({ unitPriceCents: -1 })] },
      'NEGATIVE_AMOUNT',
      'lines.1.unitPriceCents',
    ],
    [
      'a discount over 100 %',
      { lines: [line({ discountBp: 10_001 })] },
      'DISCOUNT_OUT_OF_RANGE',
      'lines.0.discountBp',
    ],
    [
      'a negative discount',
      { lines: [line({ discountBp: -1 })] },
      'DISCOUNT_OUT_OF_RANGE',
      'lines.0.discountBp',
    ],
    ['an unknown VAT rate', { lines: [line({ vatRateBp: 1600 })] }, 'UNKNOWN_VAT_RATE', 'lines.0.vatRateBp'],
    [
      'recargo for a customer not in the regime',
      { lines: [line({ recargo: true })] },
      'RECARGO_WITHOUT_REGIME',
      'lines.0.recargo',
    ],
    [
      'the tobacco recargo on a 10 % line',
      { recargoEquivalencia: true, lines: [line({ vatRateBp: 1000, recargo: true, recargoRateBp: 175 })] },
      'UNKNOWN_RECARGO_RATE',
      'lines.0.recargoRateBp',
    ],
    [
      'a fractional quantity',
      { lines: [line({ quantityMilli: 1.5 })] },
      'INVALID_INPUT',
      'lines.0.quantityMilli',
    ],
    [
      'an unknown operation',
      { lines: [line({ operation: 'E9' as OperationKind })] },
      'INVALID_INPUT',
      'lines.0.operation',
    ],
    ['an IRPF rate over 100 %', { irpfRateBp: 10_001, lines: [] }, 'IRPF_OUT_OF_RANGE', 'irpfRateBp'],
    [
      'a line too large to be exact',
      { lines: [line({ quantityMilli: 2 ** 40, unitPriceCents: 2 ** 40 })] },
      'AMOUNT_TOO_LARGE',
      'lines.0',
    ],
  ])('refuses %s', (_, input, reason, field) => refuses(input, reason, field));
});

describe('computeInvoiceTotals: properties', () => {
  const lineArb = fc.record({
    quantityMilli: fc.integer({ min: 0, max: 1_000_000 }),
    unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
    discountBp: fc.integer({ min: 0, max: 10_000 }),
    // biased towards S1 at 21 % / 10 % so that groups with several lines, where rounding matters, are common
    vatRateBp: fc.oneof(
      { arbitrary: fc.constantFrom(2100, 1000), weight: 3 },
      { arbitrary: fc.constantFrom(...VAT_RATE_BPS), weight: 1 },
    ),
    operation: fc.oneof(
      { arbitrary: fc.constant<OperationKind>('S1'), weight: 3 },
      { arbitrary: fc.constantFrom(...OPERATION_KINDS), weight: 1 },
    ),
    recargo: fc.boolean(),
    irpf: fc.boolean(),
  });
  const inputArb = fc
    .record({
      lines: fc.array(lineArb, { maxLength: 25, size: 'medium' }),
      irpfRateBp: fc.constantFrom(0, 100, 700, 1500, 1900),
      recargoEquivalencia: fc.boolean(),
    })
    .map((i) => ({
      ...i,
      lines: i.lines.map((l) => ({ ...l, recargo: l.recargo && i.recargoEquivalencia })),
    }));

  const integersOnly = (value: unknown): boolean =>
    typeof value === 'number'
      ? Number.isInteger(value)
      : Array.isArray(value)
        ? value.every(integersOnly)
        : typeof value === 'object' && value !== null
          ? Object.values(value).every(integersOnly)
          : true;

  it('lines add up: the line bases and the groups both sum to baseCents', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeInvoiceTotals(input);
        expect(t.lineBasesCents.reduce((a, b) => a + b, 0)).toBe(t.baseCents);
        expect(t.breakdown.reduce((a, g) => a + g.baseCents, 0)).toBe(t.baseCents);
        expect(t.breakdown.reduce((a, g) => a + g.vatCents, 0)).toBe(t.vatCents);
        expect(t.breakdown.reduce((a, g) => a + g.recargoCents, 0)).toBe(t.recargoCents);
      }),
    );
  });

  it('rounding rule: each quota is rounded once on its grouped base, off the per-line sum only by rounding', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeInvoiceTotals(input);
        for (const g of t.breakdown) {
          expect(g.vatCents).toBe(expectedQuota(g.baseCents, g.vatRateBp));
          expect(g.recargoCents).toBe(expectedQuota(g.baseCents, g.recargoRateBp));
          if (g.operation !== 'S1') expect([g.vatRateBp, g.vatCents, g.recargoCents]).toEqual([0, 0, 0]);

          const members = input.lines
            .map((l, i) => ({ l, base: t.lineBasesCents[i]! }))
            .filter(
              ({ l }) => l.operation === g.operation && (g.operation !== 'S1' || l.vatRateBp === g.vatRateBp),
            )
            .filter(({ l }) => {
              const recargoBp = l.recargo && l.operation === 'S1' ? allowedRecargoBps(l.vatRateBp)[0] : 0;
              return recargoBp === g.recargoRateBp;
            });
          const perLine = members.reduce((a, m) => a + expectedQuota(m.base, g.vatRateBp), 0);
          // each of the n per-line roundings and the grouped one is off by at most half a cent
          expect(2 * Math.abs(perLine - g.vatCents)).toBeLessThanOrEqual(members.length + 1);
        }
        const keys = t.breakdown.map((g) => `${g.operation}|${g.vatRateBp}|${g.recargoRateBp}`);
        expect(new Set(keys).size).toBe(keys.length);
        const irpfBase = input.lines.reduce((a, l, i) => a + (l.irpf ? t.lineBasesCents[i]! : 0), 0);
        expect(t.irpfCents).toBe(expectedQuota(irpfBase, input.irpfRateBp));
      }),
    );
  });

  it('totals identity and no floats anywhere', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeInvoiceTotals(input);
        expect(t.totalCents).toBe(t.baseCents + t.vatCents + t.recargoCents - t.irpfCents);
        expect(integersOnly(t)).toBe(true);
      }),
    );
  });

  it('the order of the lines does not change the totals, the breakdown or the mentions', () => {
    const withPermutation = inputArb.chain((input) =>
      fc
        .shuffledSubarray(input.lines, { minLength: input.lines.length, maxLength: input.lines.length })
        .map((lines) => [input, { ...input, lines }] as const),
    );
    fc.assert(
      fc.property(withPermutation, ([a, b]) => {
        const strip = ({ lineBasesCents, ...rest }: InvoiceTotals) => rest;
        const [ta, tb] = [computeInvoiceTotals(a), computeInvoiceTotals(b)];
        expect(strip(tb)).toEqual(strip(ta));
        expect([...tb.lineBasesCents].sort()).toEqual([...ta.lineBasesCents].sort());
      }),
    );
  });

  it('a 100 % discount gives a zero invoice', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeInvoiceTotals({
          ...input,
          lines: input.lines.map((l) => ({ ...l, discountBp: 10_000 })),
        });
        expect([t.baseCents, t.vatCents, t.recargoCents, t.irpfCents, t.totalCents]).toEqual([0, 0, 0, 0, 0]);
      }),
    );
  });

  it('a rectificativa by differences that negates every quantity negates every amount exactly', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeInvoiceTotals(input);
        const negated = computeInvoiceTotals({
          ...input,
          rectificationByDifferences: true,
          lines: input.lines.map((l) => ({ ...l, quantityMilli: -l.quantityMilli })),
        });
        for (const k of ['baseCents', 'vatCents', 'recargoCents', 'irpfCents', 'totalCents'] as const) {
          expect(negated[k]).toBe(-t[k] || 0);
        }
      }),
    );
  });
});
