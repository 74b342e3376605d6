import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice, RectifiedInvoiceRef } from '../schemas/invoices';
import { modMarker, parseIssuedKey, parseOpKey, parseReceivedKey } from './aggregate-keys';
import {
  type AggregateContribution,
  type AggregateLine,
  accrualDateOf,
  counterpartyKeyOf,
  deductibleBaseOf,
  type IssuedForAggregates,
  issuedContribution,
  issuedKeyContext,
  issuedTaxKey,
  mergeCounterparties,
  mergeInvoiceTypes,
  mergeLines,
  periodKind,
  periodsOf,
  type ReceivedForAggregates,
  receivedContribution,
  regionOf,
  sumLines,
} from './tax-aggregates';

type Group = Invoice['breakdown'][number];

const OPS = ['S1', 'S2', 'N1', 'N2', 'E1', 'E5', 'E6'] as const;
const cents = fc.integer({ min: -5_000_000, max: 50_000_000 });

const groupArb: fc.Arbitrary<Group> = fc
  .record({
    operation: fc.constantFrom(...OPS),
    vatRateBp: fc.constantFrom(2100, 1000, 400, 0),
    recargo: fc.constantFrom(0, 520, 140, 50, 175),
    baseCents: cents,
    vatCents: cents,
    recargoCents: cents,
  })
  .map((g) =>
    g.operation === 'S1'
      ? {
          operation: g.operation,
          vatRateBp: g.vatRateBp,
          recargoRateBp: g.recargo,
          baseCents: g.baseCents,
          vatCents: g.vatCents,
          recargoCents: g.recargo === 0 ? 0 : g.recargoCents,
        }
      : {
          operation: g.operation,
          vatRateBp: 0,
          recargoRateBp: 0,
          baseCents: g.baseCents,
          vatCents: 0,
          recargoCents: 0,
        },
  );

/** Totals consistent with the breakdown, as computeInvoiceTotals gives them. */
const totalsOf = (breakdown: Group[], irpfCents: number) => {
  const baseCents = breakdown.reduce((s, g) => s + g.baseCents, 0);
  const vatCents = breakdown.reduce((s, g) => s + g.vatCents, 0);
  const recargoCents = breakdown.reduce((s, g) => s + g.recargoCents, 0);
  return {
    baseCents,
    vatCents,
    recargoCents,
    irpfCents,
    totalCents: baseCents + vatCents + recargoCents - irpfCents,
  };
};

const customerArb = fc.oneof(
  fc.constant(null),
  fc.record({
    taxId: fc.constantFrom('B12345678', '12345678Z', null),
    name: fc.string(),
    country: fc.constant('ES'),
  }),
  fc.record({
    taxId: fc.record({
      type: fc.constant('NIF_IVA'),
      value: fc.constantFrom('FR12345678901', 'DE123456789'),
      country: fc.constantFrom('FR', 'DE'),
    }),
    name: fc.string(),
    country: fc.constantFrom('FR', 'DE'),
  }),
  fc.record({
    taxId: fc.constantFrom({ type: 'PASSPORT', value: 'X1', country: 'US' }, null),
    name: fc.string(),
    country: fc.constantFrom('US', 'CH'),
  }),
);

const dateArb = fc
  .record({
    y: fc.integer({ min: 2020, max: 2030 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const issuedArb: fc.Arbitrary<IssuedForAggregates> = fc
  .record({
    invoiceDate: dateArb,
    invoiceType: fc.constantFrom('F1', 'F2', 'F3', 'R1', 'R5'),
    customer: customerArb,
    breakdown: fc.array(groupArb, { minLength: 1, maxLength: 8 }),
    irpfCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })),
    vatRegime: fc.constantFrom('GENERAL', 'CRITERIO_CAJA', 'RECARGO_EQUIVALENCIA', ''),
    triangular: fc.boolean(),
  })
  .map(({ breakdown, irpfCents, vatRegime, ...rest }) => ({
    ...rest,
    breakdown,
    issuer: { vatRegime },
    totals: totalsOf(breakdown, irpfCents),
  }));

const rectifiedArb = (invoiceDate: fc.Arbitrary<string> = dateArb): fc.Arbitrary<RectifiedInvoiceRef> =>
  fc
    .record({
      breakdown: fc.array(groupArb, { minLength: 1, maxLength: 4 }),
      irpfCents: fc.integer({ min: 0, max: 100_000 }),
      invoiceDate,
    })
    .map(({ breakdown, irpfCents, invoiceDate: d }) => ({
      invoiceId: 'inv-old',
      invoiceNumber: 'F-2026-0001',
      invoiceDate: d,
      invoiceType: 'F1',
      breakdown,
      totals: totalsOf(breakdown, irpfCents),
    }));

const KINDS = [
  'DOMESTIC',
  'REVERSE_CHARGE',
  'INTRA_EU_GOODS',
  'INTRA_EU_SERVICES',
  'IMPORT',
  'EXEMPT',
  'NOT_SUBJECT',
] as const;

const receivedArb: fc.Arbitrary<ReceivedForAggregates> = fc.record({
  date: dateArb,
  supplier: fc.oneof(
    fc.record({
      taxIdKey: fc.constantFrom('B12345678', null, 'SIN_IDENTIFICAR'),
      name: fc.string(),
      country: fc.constant('ES'),
    }),
    fc.record({
      taxIdKey: fc.constantFrom('DE:NIF_IVA:DE123456789', 'US:OTHER:1'),
      name: fc.string(),
      country: fc.constantFrom('DE', 'US'),
    }),
  ),
  lines: fc.array(
    fc.record({
      kind: fc.constantFrom(...KINDS),
      vatRateBp: fc.constantFrom(2100, 1000, 400, 0),
      recargoRateBp: fc.constantFrom(0, 520),
      baseCents: cents,
      vatCents: cents,
      recargoCents: cents,
      deductibleVatCents: cents,
      investmentGoods: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  irpfCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
  totalCents: cents,
  rectifiedDates: fc.oneof(fc.constant(undefined), fc.array(dateArb, { maxLength: 3 })),
});

/** contribution(+1) + contribution(−1): every merged figure is zero, so nothing remains. */
const cancelsOut = (a: AggregateContribution, b: AggregateContribution) => {
  expect(mergeLines(a.byKey, b.byKey)).toEqual([]);
  expect(mergeCounterparties(a.byCounterparty, b.byCounterparty)).toEqual([]);
  expect(mergeInvoiceTypes(a.byInvoiceType ?? [], b.byInvoiceType ?? [])).toEqual([]);
};

const sumCounterparties = (c: AggregateContribution) => ({
  baseCents: c.byCounterparty.reduce((s, l) => s + l.baseCents, 0),
  vatCents: c.byCounterparty.reduce((s, l) => s + l.vatCents, 0),
  totalCents: c.byCounterparty.reduce((s, l) => s + l.totalCents, 0),
});

const NO_RECEIVED = { deductibleVatCents: 0, deductibleBaseCents: 0 };

describe('issuedContribution', () => {
  it('+1 and −1 cancel out to zero', () => {
    fc.assert(
      fc.property(issuedArb, (inv) => cancelsOut(issuedContribution(inv, 1), issuedContribution(inv, -1))),
    );
  });

  it('the sum of its lines is the invoice totals, and −1 is the exact opposite', () => {
    fc.assert(
      fc.property(issuedArb, (inv) => {
        const totals = { ...inv.totals, ...NO_RECEIVED };
        expect(sumLines(issuedContribution(inv, 1).byKey)).toEqual(totals);
        const neg = sumLines(issuedContribution(inv, -1).byKey);
        for (const [k, v] of Object.entries(totals))
          expect(neg[k as keyof typeof neg]).toBe(v === 0 ? 0 : -v);
      }),
    );
  });

  it('gives each key the sum of the breakdown groups with that key, under the invoice region, marker and regime', () => {
    fc.assert(
      fc.property(issuedArb, (inv) => {
        const ctx = issuedKeyContext(inv);
        const lines = issuedContribution(inv, 1).byKey.filter((l) => l.taxKey !== 'IRPF');
        const expected = new Map<string, { base: number; vat: number; rec: number }>();
        for (const g of inv.breakdown) {
          const k = issuedTaxKey(g, ctx);
          const cur = expected.get(k) ?? { base: 0, vat: 0, rec: 0 };
          expected.set(k, {
            base: cur.base + g.baseCents,
            vat: cur.vat + g.vatCents,
            rec: cur.rec + g.recargoCents,
          });
        }
        for (const l of lines) {
          const e = expected.get(l.taxKey)!;
          expect([l.baseCents, l.vatCents, l.recargoCents, l.count]).toEqual([e.base, e.vat, e.rec, 1]);
          const parts = parseIssuedKey(l.taxKey)!;
          expect(parts.region).toBe(regionOf(inv.customer?.country));
          expect(parts.mod).toBe('0');
          expect(parts.regime).toBe(inv.issuer?.vatRegime === 'CRITERIO_CAJA' ? 'C' : 'G');
        }
        // Keys only missing when all their figures net to zero.
        for (const [k, e] of expected)
          if (!lines.some((l) => l.taxKey === k)) expect([e.base, e.vat, e.rec]).toEqual([0, 0, 0]);
      }),
    );
  });

  it('does not depend on the order of the breakdown', () => {
    fc.assert(
      fc.property(issuedArb, fc.integer(), (inv, seed) => {
        const shuffled = [...inv.breakdown]
          .sort((a, b) => ((a.baseCents ^ seed) & 7) - ((b.baseCents ^ seed) & 7))
          .reverse();
        expect(issuedContribution({ ...inv, breakdown: shuffled }, 1)).toEqual(issuedContribution(inv, 1));
      }),
    );
  });

  it('splits the customer by operation key, with lines summing to its total plus IRPF', () => {
    fc.assert(
      fc.property(issuedArb, (inv) => {
        const c = issuedContribution(inv, 1);
        expect(sumCounterparties(c)).toEqual({
          baseCents: inv.totals.baseCents,
          vatCents: inv.totals.vatCents + inv.totals.recargoCents,
          totalCents: inv.totals.totalCents + inv.totals.irpfCents,
        });
        const region = regionOf(inv.customer?.country);
        const identified = counterpartyKeyOf(inv.customer?.taxId, 'ES') !== 'SIN_IDENTIFICAR';
        const ops = new Set(inv.breakdown.map((g) => g.operation));
        const expected = new Set(
          [...ops].map((op) =>
            !identified
              ? 'X_UNIDENTIFIED'
              : region === 'ES'
                ? '347B'
                : region === 'EU' && op === 'E5'
                  ? inv.triangular
                    ? '349T'
                    : '349E'
                  : region === 'EU' && op === 'N2'
                    ? '349S'
                    : 'X_FOREIGN',
          ),
        );
        expect(new Set(c.byCounterparty.map((l) => l.opKey))).toEqual(expected);
        for (const l of c.byCounterparty) {
          expect(parseOpKey(l.opKey)).toBeDefined();
          expect(l.count).toBe(1);
          // Each line has the bases of its groups.
          if (c.byCounterparty.length > 1 && l !== c.byCounterparty[0]) {
            const groups = inv.breakdown.filter(
              (g) => issuedContribution({ ...inv, breakdown: [g] }, 1).byCounterparty[0]!.opKey === l.opKey,
            );
            expect(l.baseCents).toBe(groups.reduce((s, g) => s + g.baseCents, 0));
          }
        }
      }),
    );
  });

  it('a substitution rectificativa is its amounts minus those of the invoices it rectifies', () => {
    fc.assert(
      fc.property(issuedArb, fc.array(rectifiedArb(), { minLength: 1, maxLength: 3 }), (inv, rectified) => {
        const rect: IssuedForAggregates = {
          ...inv,
          invoiceType: 'R1',
          rectification: { method: 'SUBSTITUTION', reason: 'x', rectified },
        };
        const r = issuedContribution(rect, 1);
        const expected = { ...inv.totals, ...NO_RECEIVED };
        for (const old of rectified) {
          expected.baseCents -= old.totals.baseCents;
          expected.vatCents -= old.totals.vatCents;
          expected.recargoCents -= old.totals.recargoCents;
          expected.irpfCents -= old.totals.irpfCents;
          expected.totalCents -= old.totals.totalCents;
        }
        const sums = sumLines(r.byKey);
        for (const [k, v] of Object.entries(expected)) expect(sums[k as keyof typeof sums]).toBe(v);
        expect(sumCounterparties(r).totalCents).toBe(expected.totalCents + expected.irpfCents);
        expect(sumCounterparties(r).baseCents).toBe(expected.baseCents);
        // Every key and 349 line carries the rectificativa's own marker.
        const mod = modMarker(
          inv.invoiceDate,
          rectified.map((x) => x.invoiceDate),
        );
        for (const l of r.byKey) if (l.taxKey !== 'IRPF') expect(parseIssuedKey(l.taxKey)!.mod).toBe(mod);
        const earliest = rectified
          .map((x) => x.invoiceDate)
          .sort()[0]!
          .slice(0, 7);
        for (const l of r.byCounterparty) {
          const op = parseOpKey(l.opKey)!;
          if (op.family === '349') expect(op.of).toBe(mod === '0' ? undefined : earliest);
        }
        expect(r.byInvoiceType).toEqual([
          {
            invoiceType: 'R1',
            baseCents: expected.baseCents,
            totalCents: expected.totalCents,
            count: 1,
          },
        ]);
        // Re-issuing the same figures by substitution changes nothing but the count.
        const same = issuedContribution(
          {
            ...rect,
            rectification: {
              method: 'SUBSTITUTION',
              reason: 'x',
              rectified: [{ ...rectified[0]!, breakdown: inv.breakdown, totals: inv.totals }],
            },
          },
          1,
        );
        expect(sumLines(same.byKey)).toEqual({
          baseCents: 0,
          vatCents: 0,
          recargoCents: 0,
          irpfCents: 0,
          deductibleVatCents: 0,
          deductibleBaseCents: 0,
          totalCents: 0,
        });
      }),
    );
  });

  it('puts a rectificativa of an earlier quarter only in Q keys and of an earlier month of the quarter only in M keys', () => {
    const monthOf = (d: string) => Number(d.slice(5, 7));
    const caseArb = fc
      .record({
        inv: issuedArb,
        method: fc.constantFrom('SUBSTITUTION', 'DIFFERENCES') as fc.Arbitrary<
          'SUBSTITUTION' | 'DIFFERENCES'
        >,
        rectifiedDates: fc.array(dateArb, { minLength: 1, maxLength: 3 }),
      })
      .chain(({ inv, method, rectifiedDates }) =>
        fc
          .tuple(...rectifiedDates.map((d) => rectifiedArb(fc.constant(d))))
          .map((rectified) => ({ inv, method, rectified })),
      );
    fc.assert(
      fc.property(caseArb, ({ inv, method, rectified }) => {
        const c = issuedContribution(
          { ...inv, invoiceType: 'R1', rectification: { method, reason: 'x', rectified } },
          1,
        );
        const earliest = rectified.map((r) => r.invoiceDate).sort()[0]!;
        const d = inv.invoiceDate;
        const expected =
          earliest.slice(0, 7) >= d.slice(0, 7)
            ? '0'
            : earliest.slice(0, 4) === d.slice(0, 4) &&
                Math.ceil(monthOf(earliest) / 3) === Math.ceil(monthOf(d) / 3)
              ? 'M'
              : 'Q';
        const mods = new Set(
          c.byKey.filter((l) => l.taxKey !== 'IRPF').map((l) => parseIssuedKey(l.taxKey)!.mod),
        );
        if (mods.size > 0) expect([...mods]).toEqual([expected]);
      }),
    );
    // Worked cases: February rectifying January (M), April rectifying March (Q), same month (0).
    const base = {
      invoiceType: 'R1',
      customer: { taxId: 'B12345678', name: 'C', country: 'ES' },
      breakdown: [
        {
          operation: 'S1',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: -100,
          vatCents: -21,
          recargoCents: 0,
        },
      ],
      totals: totalsOf(
        [
          {
            operation: 'S1',
            vatRateBp: 2100,
            recargoRateBp: 0,
            baseCents: -100,
            vatCents: -21,
            recargoCents: 0,
          },
        ],
        0,
      ),
    };
    const ref = (invoiceDate: string) =>
      ({
        invoiceId: 'a',
        invoiceNumber: 'F1',
        invoiceDate,
        invoiceType: 'F1',
        breakdown: [],
        totals: base.totals,
      }) as RectifiedInvoiceRef;
    const keyOf = (invoiceDate: string, rectifiedDate: string) =>
      issuedContribution(
        {
          ...base,
          invoiceDate,
          rectification: { method: 'DIFFERENCES', reason: 'x', rectified: [ref(rectifiedDate)] },
        },
        1,
      ).byKey[0]!.taxKey;
    expect(keyOf('2026-02-10', '2026-01-31')).toBe('S1|2100|0|ES|M|G');
    expect(keyOf('2026-04-01', '2026-03-31')).toBe('S1|2100|0|ES|Q|G');
    expect(keyOf('2026-04-20', '2026-04-01')).toBe('S1|2100|0|ES|0|G');
  });

  it('a rectificativa by differences contributes its own (negative) amounts', () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: -10_000,
        vatCents: -2_100,
        recargoCents: 0,
      },
    ];
    const c = issuedContribution(
      {
        invoiceDate: '2026-04-02',
        invoiceType: 'R4',
        customer: { taxId: 'B12345678', name: 'Cliente', country: 'ES' },
        breakdown,
        totals: totalsOf(breakdown, 0),
        rectification: { method: 'DIFFERENCES', reason: 'Descuento', rectified: [] },
      },
      1,
    );
    expect(c.date).toBe('2026-04-02');
    expect(c.byKey).toEqual([
      {
        taxKey: 'S1|2100|0|ES|0|G',
        baseCents: -10_000,
        vatCents: -2_100,
        recargoCents: 0,
        irpfCents: 0,
        deductibleVatCents: 0,
        deductibleBaseCents: 0,
        totalCents: -12_100,
        count: 1,
      },
    ]);
    expect(c.byCounterparty).toEqual([
      {
        counterpartyKey: 'B12345678',
        opKey: '347B',
        name: 'Cliente',
        country: 'ES',
        baseCents: -10_000,
        vatCents: -2_100,
        totalCents: -12_100,
        count: 1,
      },
    ]);
  });

  it('keys an invoice by operation, rate, recargo, region, marker and regime, with IRPF apart and a simplified invoice without customer unidentified', () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 520,
        baseCents: 10_000,
        vatCents: 2_100,
        recargoCents: 520,
      },
      {
        operation: 'S1',
        vatRateBp: 1000,
        recargoRateBp: 0,
        baseCents: 5_000,
        vatCents: 500,
        recargoCents: 0,
      },
      { operation: 'E1', vatRateBp: 0, recargoRateBp: 0, baseCents: 3_000, vatCents: 0, recargoCents: 0 },
    ];
    const c = issuedContribution(
      {
        invoiceDate: '2026-03-31',
        invoiceType: 'F2',
        customer: null,
        breakdown,
        totals: totalsOf(breakdown, 1_500),
        issuer: { vatRegime: 'CRITERIO_CAJA' },
      },
      1,
    );
    expect(c.byKey.map((l) => [l.taxKey, l.totalCents, l.count])).toEqual([
      ['E1|0|0|ES|0|C', 3_000, 1],
      ['IRPF', -1_500, 1],
      ['S1|1000|0|ES|0|C', 5_500, 1],
      ['S1|2100|520|ES|0|C', 12_620, 1],
    ]);
    expect(c.byCounterparty).toEqual([
      {
        counterpartyKey: 'SIN_IDENTIFICAR',
        opKey: 'X_UNIDENTIFIED',
        name: '',
        country: 'ES',
        baseCents: 18_000,
        vatCents: 3_120,
        totalCents: 21_120,
        count: 1,
      },
    ]);
    expect(c.byInvoiceType).toEqual([{ invoiceType: 'F2', baseCents: 18_000, totalCents: 19_620, count: 1 }]);
  });

  it('declares intra-EU deliveries and services in the 349 and the rest of a foreign invoice apart', () => {
    const breakdown = [
      { operation: 'E5', vatRateBp: 0, recargoRateBp: 0, baseCents: 50_000, vatCents: 0, recargoCents: 0 },
      { operation: 'N2', vatRateBp: 0, recargoRateBp: 0, baseCents: 20_000, vatCents: 0, recargoCents: 0 },
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 1_000,
        vatCents: 210,
        recargoCents: 0,
      },
    ];
    const inv: IssuedForAggregates = {
      invoiceDate: '2026-05-05',
      invoiceType: 'F1',
      customer: {
        taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
        name: 'Client SARL',
        country: 'FR',
      },
      breakdown,
      totals: totalsOf(breakdown, 0),
    };
    const c = issuedContribution(inv, 1);
    expect(c.byKey.map((l) => l.taxKey)).toEqual(['E5|0|0|EU|0|G', 'N2|0|0|EU|0|G', 'S1|2100|0|EU|0|G']);
    expect(c.byCounterparty.map((l) => [l.opKey, l.baseCents, l.totalCents])).toEqual([
      ['349E', 50_000, 50_000],
      ['349S', 20_000, 20_000],
      ['X_FOREIGN', 1_000, 1_210],
    ]);
    expect(issuedContribution({ ...inv, triangular: true }, 1).byCounterparty.map((l) => l.opKey)).toEqual([
      '349S',
      '349T',
      'X_FOREIGN',
    ]);
    // Rectified in the next quarter: the 349 lines name the rectified month.
    const rect = issuedContribution(
      {
        ...inv,
        invoiceDate: '2026-07-01',
        invoiceType: 'R1',
        rectification: {
          method: 'SUBSTITUTION',
          reason: 'Precio',
          rectified: [
            {
              invoiceId: 'a',
              invoiceNumber: 'F-1',
              invoiceDate: '2026-05-05',
              invoiceType: 'F1',
              breakdown: [breakdown[0]!],
              totals: totalsOf([breakdown[0]!], 0),
            },
          ],
        },
      },
      1,
    );
    // The delivery re-issued unchanged nets to zero (its key stays for the count).
    expect(rect.byKey.map((l) => [l.taxKey, l.baseCents])).toEqual([
      ['E5|0|0|EU|Q|G', 0],
      ['N2|0|0|EU|Q|G', 20_000],
      ['S1|2100|0|EU|Q|G', 1_000],
    ]);
    expect(rect.byCounterparty.map((l) => [l.opKey, l.baseCents, l.count])).toEqual([
      ['349E@2026-05', 0, 1],
      ['349S@2026-05', 20_000, 1],
      ['X_FOREIGN', 1_000, 1],
    ]);
    // Outside the EU everything is X_FOREIGN.
    expect(
      issuedContribution(
        {
          ...inv,
          customer: { taxId: { type: 'OTHER', value: '1', country: 'US' }, name: 'Inc', country: 'US' },
        },
        1,
      ).byCounterparty.map((l) => l.opKey),
    ).toEqual(['X_FOREIGN']);
  });
});

describe('receivedContribution', () => {
  it('+1 and −1 cancel out, and the lines sum to the received lines', () => {
    fc.assert(
      fc.property(receivedArb, (rec) => {
        cancelsOut(receivedContribution(rec, 1), receivedContribution(rec, -1));
        const sums = sumLines(receivedContribution(rec, 1).byKey);
        const sum = (f: 'baseCents' | 'vatCents' | 'recargoCents' | 'deductibleVatCents') =>
          rec.lines.reduce((s, l) => s + l[f], 0);
        expect(sums.baseCents).toBe(sum('baseCents'));
        expect(sums.vatCents).toBe(sum('vatCents'));
        expect(sums.recargoCents).toBe(sum('recargoCents'));
        expect(sums.deductibleVatCents).toBe(sum('deductibleVatCents'));
        expect(sums.deductibleBaseCents).toBe(rec.lines.reduce((s, l) => s + deductibleBaseOf(l), 0));
        expect(sums.irpfCents).toBe(rec.irpfCents);
        expect(sums.totalCents).toBe(
          sum('baseCents') + sum('vatCents') + sum('recargoCents') - rec.irpfCents,
        );
        const c = receivedContribution(rec, 1);
        // The withholding recipient's line (`W|…`) repeats the withholding base: outside the sum.
        const shares = { ...c, byCounterparty: c.byCounterparty.filter((l) => !l.opKey.startsWith('W|')) };
        expect(sumCounterparties(shares).totalCents).toBe(rec.totalCents + rec.irpfCents);
        expect(sumCounterparties(shares).baseCents).toBe(sum('baseCents'));
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(receivedArb, (rec) => {
        expect(receivedContribution({ ...rec, lines: [...rec.lines].reverse() }, 1)).toEqual(
          receivedContribution(rec, 1),
        );
      }),
    );
  });

  it('marks every key with the rectified period and classifies every line by operation key', () => {
    fc.assert(
      fc.property(receivedArb, (rec) => {
        const c = receivedContribution(rec, 1);
        const mod = modMarker(rec.date, rec.rectifiedDates ?? []);
        for (const l of c.byKey)
          if (!l.taxKey.startsWith('IRPF|')) expect(parseReceivedKey(l.taxKey)!.mod).toBe(mod);
        const identified = rec.supplier.taxIdKey !== null && rec.supplier.taxIdKey !== 'SIN_IDENTIFICAR';
        const ops = new Set(c.byCounterparty.map((l) => l.opKey.replace(/@.*/, '')));
        if (rec.irpfCents !== 0) expect([...ops]).toEqual(['W|PROFESSIONAL|G01', 'X_IRPF']);
        for (const l of rec.lines) {
          if (rec.irpfCents !== 0) break;
          const want =
            l.kind === 'IMPORT'
              ? 'X_IMPORT'
              : !identified
                ? 'X_UNIDENTIFIED'
                : l.kind === 'INTRA_EU_GOODS' || l.kind === 'INTRA_EU_SERVICES'
                  ? rec.supplier.country === 'DE'
                    ? l.kind === 'INTRA_EU_GOODS'
                      ? '349A'
                      : '349I'
                    : 'X_FOREIGN'
                  : rec.supplier.country === 'ES'
                    ? '347A'
                    : 'X_FOREIGN';
          expect(ops.has(want)).toBe(true);
        }
      }),
    );
  });

  it('gives the deductible base: its share of the VAT deducted, the whole base without VAT, none when exempt', () => {
    const l = (
      kind: (typeof KINDS)[number],
      baseCents: number,
      vatCents: number,
      deductibleVatCents: number,
    ) => ({
      kind,
      baseCents,
      vatCents,
      deductibleVatCents,
    });
    expect(deductibleBaseOf(l('DOMESTIC', 10_000, 2_100, 2_100))).toBe(10_000);
    expect(deductibleBaseOf(l('DOMESTIC', 10_000, 2_100, 1_050))).toBe(5_000);
    expect(deductibleBaseOf(l('DOMESTIC', 333, 70, 35))).toBe(167); // 166.5 → 167
    expect(deductibleBaseOf(l('DOMESTIC', -333, -70, -35))).toBe(-167);
    expect(deductibleBaseOf(l('DOMESTIC', 5_000, 0, 0))).toBe(5_000);
    expect(deductibleBaseOf(l('EXEMPT', 5_000, 0, 0))).toBe(0);
    expect(deductibleBaseOf(l('NOT_SUBJECT', 5_000, 0, 0))).toBe(0);
    expect(deductibleBaseOf(l('INTRA_EU_GOODS', 10_000, 2_100, 0))).toBe(0);
  });

  it('keeps investment goods apart and counts the supplier with the gross total', () => {
    const c = receivedContribution(
      {
        date: '2026-02-01',
        supplier: { taxIdKey: 'B12345678', name: 'Proveedor', country: 'ES' },
        lines: [
          {
            kind: 'DOMESTIC',
            vatRateBp: 2100,
            recargoRateBp: 0,
            baseCents: 1_000,
            vatCents: 210,
            recargoCents: 0,
            deductibleVatCents: 210,
            investmentGoods: false,
          },
          {
            kind: 'DOMESTIC',
            vatRateBp: 2100,
            recargoRateBp: 0,
            baseCents: 9_000,
            vatCents: 1_890,
            recargoCents: 0,
            deductibleVatCents: 945,
            investmentGoods: true,
          },
        ],
        irpfCents: 0,
        totalCents: 12_100,
      },
      1,
    );
    expect(c.byKey.map((l) => [l.taxKey, l.deductibleVatCents, l.deductibleBaseCents])).toEqual([
      ['DOMESTIC|2100|0|C|0', 210, 1_000],
      ['DOMESTIC|2100|0|I|0', 945, 4_500],
    ]);
    expect(c.byCounterparty).toEqual([
      {
        counterpartyKey: 'B12345678',
        opKey: '347A',
        name: 'Proveedor',
        country: 'ES',
        baseCents: 10_000,
        vatCents: 2_100,
        totalCents: 12_100,
        count: 1,
      },
    ]);
  });

  it('keeps a supplier with withholding out of the 347 and splits an EU supplier by 349 key', () => {
    const line = (kind: (typeof KINDS)[number], baseCents: number, vatCents: number) => ({
      kind,
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents,
      vatCents,
      recargoCents: 0,
      deductibleVatCents: vatCents,
      investmentGoods: false,
    });
    const irpf = receivedContribution(
      {
        date: '2026-02-01',
        supplier: { taxIdKey: '12345678Z', name: 'Abogado', country: 'ES' },
        lines: [line('DOMESTIC', 10_000, 2_100)],
        irpfCents: 1_500,
        totalCents: 10_600,
      },
      1,
    );
    expect(irpf.byCounterparty.map((l) => [l.opKey, l.totalCents])).toEqual([
      ['W|PROFESSIONAL|G01', 10_000],
      ['X_IRPF', 12_100],
    ]);
    const eu = receivedContribution(
      {
        date: '2026-05-01',
        supplier: { taxIdKey: 'DE:NIF_IVA:DE123456789', name: 'GmbH', country: 'DE' },
        lines: [
          line('INTRA_EU_GOODS', 40_000, 8_400),
          line('INTRA_EU_SERVICES', 5_000, 1_050),
          line('IMPORT', 1_000, 210),
        ],
        irpfCents: 0,
        totalCents: 46_000,
        rectifiedDates: ['2026-03-15'],
      },
      1,
    );
    expect(eu.byKey.map((l) => l.taxKey)).toEqual([
      'IMPORT|2100|0|C|Q',
      'INTRA_EU_GOODS|2100|0|C|Q',
      'INTRA_EU_SERVICES|2100|0|C|Q',
    ]);
    expect(eu.byCounterparty.map((l) => [l.opKey, l.baseCents, l.totalCents])).toEqual([
      ['349A@2026-03', 40_000, 40_000],
      ['349I@2026-03', 5_000, 5_000],
      ['X_IMPORT', 1_000, 1_000],
    ]);
  });
});

describe('periods and keys', () => {
  it('gives month and quarter of a date', () => {
    expect(periodsOf('2026-03-31')).toEqual({ month: '2026-03', quarter: '2026-Q1' });
    expect(periodsOf('2026-04-01')).toEqual({ month: '2026-04', quarter: '2026-Q2' });
    expect(periodsOf('2026-12-01')).toEqual({ month: '2026-12', quarter: '2026-Q4' });
    expect(() => periodsOf('2026-13-01')).toThrow();
    fc.assert(
      fc.property(dateArb, (d) => {
        const { month, quarter } = periodsOf(d);
        expect(periodKind(month)).toBe('MONTH');
        expect(periodKind(quarter)).toBe('QUARTER');
        expect(Math.ceil(Number(month.slice(5)) / 3)).toBe(Number(quarter.slice(6)));
      }),
    );
    expect(periodKind('2026')).toBe('YEAR');
    expect(periodKind('2026-Q5')).toBeUndefined();
  });

  it('keys counterparties by NIF or foreign id, and regions by country', () => {
    expect(counterpartyKeyOf('B12345678', 'ES')).toBe('B12345678');
    expect(counterpartyKeyOf({ type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' }, 'ES')).toBe(
      'FR:NIF_IVA:FR12345678901',
    );
    expect(counterpartyKeyOf({ type: 'PASSPORT', value: 'X1' }, 'US')).toBe('US:PASSPORT:X1');
    expect(counterpartyKeyOf(null, 'ES')).toBe('SIN_IDENTIFICAR');
    expect([regionOf('ES'), regionOf(undefined), regionOf('FR'), regionOf('GR'), regionOf('US')]).toEqual([
      'ES',
      'ES',
      'EU',
      'EU',
      'XX',
    ]);
  });

  it('merges counterparty lines by counterparty and operation key', () => {
    const l = (opKey: string, totalCents: number) => ({
      counterpartyKey: 'B1',
      opKey,
      name: 'X',
      country: 'ES',
      baseCents: totalCents,
      vatCents: 0,
      totalCents,
      count: 1,
    });
    expect(mergeCounterparties([l('347B', 10), l('CASH@2026', 5)], [l('347B', 20)])).toEqual([
      { ...l('347B', 30), count: 2 },
      l('CASH@2026', 5),
    ]);
    const line: AggregateLine = {
      taxKey: 'DOMESTIC|2100|0|C|0',
      baseCents: 1,
      vatCents: 0,
      recargoCents: 0,
      irpfCents: 0,
      deductibleVatCents: 0,
      deductibleBaseCents: 1,
      totalCents: 1,
      count: 1,
    };
    expect(mergeLines([line], [line])).toEqual([
      { ...line, baseCents: 2, deductibleBaseCents: 2, totalCents: 2, count: 2 },
    ]);
  });
});

describe('accrualDateOf (art. 75 LIVA)', () => {
  const g = (operation: string) => ({
    operation,
    vatRateBp: 0,
    recargoRateBp: 0,
    baseCents: 100,
    vatCents: 0,
    recargoCents: 0,
  });
  const inv = (over: Partial<Parameters<typeof accrualDateOf>[0]>) =>
    ({
      invoiceDate: '2026-07-03',
      operationDate: null,
      breakdown: [g('S1')],
      rectification: null,
      ...over,
    }) as Parameters<typeof accrualDateOf>[0];

  it('accrues on the operation date when the invoice comes after it', () => {
    expect(accrualDateOf(inv({ operationDate: '2026-06-29' }))).toBe('2026-06-29');
    expect(accrualDateOf(inv({}))).toBe('2026-07-03');
    // An invoice issued before the operation (an advance) keeps its own date.
    expect(accrualDateOf(inv({ operationDate: '2026-07-20' }))).toBe('2026-07-03');
  });

  it('accrues an intra-EU delivery on the 15th of the next month, or the earlier invoice date', () => {
    expect(accrualDateOf(inv({ operationDate: '2026-05-20', breakdown: [g('E5')] }))).toBe('2026-06-15');
    expect(accrualDateOf(inv({ operationDate: '2026-06-29', breakdown: [g('E5')] }))).toBe('2026-07-03');
    expect(
      accrualDateOf(inv({ invoiceDate: '2027-02-01', operationDate: '2026-12-10', breakdown: [g('E5')] })),
    ).toBe('2027-01-15');
  });

  it('declares a rectificativa when it is issued', () => {
    expect(
      accrualDateOf(
        inv({
          operationDate: '2026-06-29',
          rectification: { method: 'DIFFERENCES', reason: 'x', rectified: [] },
        }),
      ),
    ).toBe('2026-07-03');
  });
});
