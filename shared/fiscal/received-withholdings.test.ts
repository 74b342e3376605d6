/**
 * Issue 15 item 1 on the received book: a withholding's kind and key as recorded
 * (received-invoice-totals.ts) and as the aggregates keep them (tax-aggregates.ts, grammar v4).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReceivedInvoice } from '../schemas/received-invoices';
import { parseOpKey, parseWithholdingKey, parseWithholdingOpKey } from './aggregate-keys';
import {
  computeReceivedInvoiceTotals,
  recordedWithholding,
  storedWithholding,
  toReceivedForAggregates,
} from './received-invoice-totals';
import {
  type CounterpartyLine,
  mergeCounterparties,
  mergeLines,
  type ReceivedForAggregates,
  receivedContribution,
  sumLines,
} from './tax-aggregates';
import { isKeyOfKind, WITHHOLDING_KIND_INFO, WITHHOLDING_KINDS } from './withholdings';

const domestic = (baseCents: number) => ({
  kind: 'DOMESTIC' as const,
  vatRateBp: 2100,
  recargoRateBp: 0,
  baseCents,
  vatCents: Math.round(baseCents * 0.21),
  recargoCents: 0,
  deductibleVatCents: Math.round(baseCents * 0.21),
  investmentGoods: false,
});

/** A received invoice of one domestic line, with `rateBp` withheld. */
const received = (baseCents: number, rateBp: number, over: Partial<ReceivedForAggregates> = {}) => {
  const line = domestic(baseCents);
  const irpfCents = Math.round((baseCents * rateBp) / 10_000);
  return {
    date: '2026-04-10',
    supplier: { taxIdKey: 'B12345674', name: 'Inmuebles Retiro SL', country: 'ES' },
    lines: [line],
    irpfCents,
    totalCents: baseCents + line.vatCents - irpfCents,
    ...over,
  } satisfies ReceivedForAggregates;
};

describe('receivedContribution: typed withholdings', () => {
  it('keys the withholding by kind and key, with its base, and adds its recipient beside X_IRPF', () => {
    const c = receivedContribution(
      received(100_000, 1900, { withholding: { kind: 'RENT', key: '-', baseCents: 100_000 } }),
      1,
    );
    expect(c.byKey.map((l) => [l.taxKey, l.baseCents, l.irpfCents, l.totalCents, l.count])).toEqual([
      ['DOMESTIC|2100|0|C|0', 100_000, 0, 121_000, 1],
      ['IRPF|RENT|-', 100_000, 19_000, -19_000, 1],
    ]);
    expect(c.byCounterparty).toEqual([
      {
        counterpartyKey: 'B12345674',
        opKey: 'W|RENT|-',
        name: 'Inmuebles Retiro SL',
        country: 'ES',
        baseCents: 100_000,
        vatCents: 0,
        totalCents: 100_000,
        count: 1,
        irpfCents: 19_000,
      },
      {
        counterpartyKey: 'B12345674',
        opKey: 'X_IRPF',
        name: 'Inmuebles Retiro SL',
        country: 'ES',
        baseCents: 100_000,
        vatCents: 21_000,
        totalCents: 121_000,
        count: 1,
      },
    ]);
    // The withholding base repeats the VAT lines' base: the book's sums count it once.
    expect(sumLines(c.byKey)).toMatchObject({ baseCents: 100_000, irpfCents: 19_000, totalCents: 102_000 });
  });

  it('−1 is the exact opposite, and the same recipient with two kinds keeps two lines', () => {
    const rent = received(100_000, 1900, { withholding: { kind: 'RENT', key: '-', baseCents: 100_000 } });
    const fees = received(20_000, 1500, {
      withholding: { kind: 'PROFESSIONAL', key: 'G01', baseCents: 20_000 },
    });
    const minus = receivedContribution(rent, -1);
    expect(minus.byCounterparty.find((l) => l.opKey === 'W|RENT|-')).toMatchObject({
      baseCents: -100_000,
      irpfCents: -19_000,
      count: -1,
    });
    expect(mergeLines(receivedContribution(rent, 1).byKey, minus.byKey)).toEqual([]);
    expect(mergeCounterparties(receivedContribution(rent, 1).byCounterparty, minus.byCounterparty)).toEqual(
      [],
    );

    const both = mergeCounterparties(
      receivedContribution(rent, 1).byCounterparty,
      receivedContribution(fees, 1).byCounterparty,
      receivedContribution(rent, 1).byCounterparty,
    );
    expect(
      both.filter((l) => l.opKey.startsWith('W|')).map((l) => [l.opKey, l.baseCents, l.irpfCents, l.count]),
    ).toEqual([
      ['W|PROFESSIONAL|G01', 20_000, 3_000, 1],
      ['W|RENT|-', 200_000, 38_000, 2],
    ]);
    // Lines without a withholding never gain an irpfCents figure.
    expect(both.find((l) => l.opKey === 'X_IRPF')).not.toHaveProperty('irpfCents');
  });

  it('a caller that does not say the kind (data written before the kinds) gets a professional’s on the lines’ base', () => {
    const c = receivedContribution(received(10_000, 1500), 1);
    expect(c.byKey.map((l) => [l.taxKey, l.baseCents, l.irpfCents])).toEqual([
      ['DOMESTIC|2100|0|C|0', 10_000, 0],
      ['IRPF|PROFESSIONAL|G01', 10_000, 1_500],
    ]);
    expect(c.byCounterparty.map((l) => l.opKey)).toEqual(['W|PROFESSIONAL|G01', 'X_IRPF']);
    expect(receivedContribution({ ...received(10_000, 1500), withholding: null }, 1)).toEqual(c);
  });

  it('without a withholding adds neither key nor recipient, whatever kind it is given', () => {
    const c = receivedContribution(
      received(10_000, 0, { withholding: { kind: 'RENT', key: '-', baseCents: 10_000 } }),
      1,
    );
    expect(c.byKey.map((l) => l.taxKey)).toEqual(['DOMESTIC|2100|0|C|0']);
    expect(c.byCounterparty.map((l) => l.opKey)).toEqual(['347A']);
  });

  it('every kind and key gives keys the grammar parses back, and never the untyped IRPF', () => {
    const kindKey = fc
      .constantFrom(...WITHHOLDING_KINDS)
      .chain((kind) =>
        fc.constantFrom(...WITHHOLDING_KIND_INFO[kind].keys.map((k) => ({ kind, key: k.key }))),
      );
    fc.assert(
      fc.property(
        kindKey,
        // Bases whose 15 % is not rounded away (a negative one: a rectificativa).
        fc.integer({ min: 100, max: 1_000_000 }).chain((n) => fc.constantFrom(n, -n)),
        fc.constantFrom<1 | -1>(1, -1),
        (w, base, sign) => {
          const c = receivedContribution(
            received(base, 1500, { withholding: { ...w, baseCents: base } }),
            sign,
          );
          const keyLines = c.byKey.filter((l) => l.taxKey.startsWith('IRPF'));
          expect(keyLines.map((l) => parseWithholdingKey(l.taxKey))).toEqual([w]);
          const recipients = c.byCounterparty.filter((l) => parseOpKey(l.opKey)?.family === 'W');
          expect(recipients.map((l) => parseWithholdingOpKey(l.opKey))).toEqual([w]);
          expect(recipients[0]!.irpfCents).toBe(keyLines[0]!.irpfCents);
          expect(recipients[0]!.count).toBe(sign);
          expect(c.byCounterparty.some((l) => l.opKey === 'X_IRPF')).toBe(true);
        },
      ),
    );
  });
});

describe('mergeCounterparties: irpfCents', () => {
  const w = (irpfCents: number | undefined): CounterpartyLine => ({
    counterpartyKey: '12345678Z',
    opKey: 'W|PROFESSIONAL|G01',
    name: 'Abogada',
    country: 'ES',
    baseCents: 0,
    vatCents: 0,
    totalCents: 0,
    count: 0,
    ...(irpfCents === undefined ? {} : { irpfCents }),
  });

  it('sums it, keeps a line that holds only it, and drops it once it nets to zero', () => {
    expect(mergeCounterparties([w(100)], [w(50)])).toEqual([w(150)]);
    expect(mergeCounterparties([w(100)], [w(undefined)])).toEqual([w(100)]);
    expect(mergeCounterparties([w(100)], [w(-100)])).toEqual([]);
  });
});

describe('withholding as recorded and as stored', () => {
  it('recordedWithholding: none without a rate; the body’s kind; else the remembered one; else a professional’s', () => {
    expect(recordedWithholding({ irpfRateBp: 0, withholdingKind: 'RENT' })).toEqual({
      withholdingKind: null,
      withholdingKey: null,
    });
    expect(
      recordedWithholding({ irpfRateBp: 1900, withholdingKind: 'RENT' }, { withholdingKind: 'CAPITAL' }),
    ).toEqual({ withholdingKind: 'RENT', withholdingKey: '-' });
    expect(
      recordedWithholding({ irpfRateBp: 1900 }, { withholdingKind: 'CAPITAL', withholdingKey: 'A02' }),
    ).toEqual({ withholdingKind: 'CAPITAL', withholdingKey: 'A02' });
    // A supplier remembered with a key from before the 193 list is read with the real one.
    expect(
      recordedWithholding({ irpfRateBp: 1900 }, { withholdingKind: 'CAPITAL', withholdingKey: 'DIV' }),
    ).toEqual({ withholdingKind: 'CAPITAL', withholdingKey: 'A02' });
    // A remembered key that is not of its kind falls back to the kind's default.
    expect(
      recordedWithholding({ irpfRateBp: 1900 }, { withholdingKind: 'CAPITAL', withholdingKey: 'G01' }),
    ).toEqual({
      withholdingKind: 'CAPITAL',
      withholdingKey: 'B03',
    });
    expect(recordedWithholding({ irpfRateBp: 1500 }, null)).toEqual({
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: 'G01',
    });
  });

  const stored = (irpfRateBp: number, over: Partial<ReceivedInvoice> = {}) => {
    const totals = computeReceivedInvoiceTotals({
      lines: [
        {
          quantityMilli: 1000,
          unitPriceCents: 50_000,
          discountBp: 0,
          vatRateBp: 2100,
          kind: 'DOMESTIC',
          deductibleBp: 10_000,
          recargoRateBp: 0,
          investmentGoods: false,
        },
      ],
      irpfRateBp,
    });
    return {
      issueDate: '2026-05-04',
      accountingDate: '2026-05-04',
      supplier: { supplierId: null, name: 'Arrendador', taxId: '12345678Z', country: 'ES' },
      irpfRateBp,
      totals,
      ...over,
    } as unknown as ReceivedInvoice;
  };

  it('storedWithholding migrates on read: its own kind, else a professional’s when it withholds, else none', () => {
    expect(storedWithholding(stored(1900, { withholdingKind: 'RENT', withholdingKey: '-' }))).toEqual({
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });
    expect(storedWithholding(stored(1500))).toEqual({
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: 'G01',
    });
    expect(storedWithholding(stored(0))).toEqual({ withholdingKind: null, withholdingKey: null });
    expect(storedWithholding(stored(1900, { withholdingKind: 'RENT', withholdingKey: 'G01' }))).toEqual({
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });
  });

  it('storedWithholding reads the keys stored before the 193 and 296 lists as the real ones', () => {
    const read = (withholdingKind: 'CAPITAL' | 'NON_RESIDENT', withholdingKey: string) =>
      storedWithholding(stored(1900, { withholdingKind, withholdingKey })).withholdingKey;
    expect(read('CAPITAL', 'DIV')).toBe('A02');
    expect(read('CAPITAL', 'INT')).toBe('B03');
    expect(read('CAPITAL', 'OTH')).toBe('C12');
    expect(read('CAPITAL', 'C04')).toBe('C04');
    expect(read('NON_RESIDENT', '-')).toBe('2501');
    expect(read('NON_RESIDENT', '1901')).toBe('1901');
    // …and so the aggregates rebuilt from them carry the real key.
    expect(
      toReceivedForAggregates(stored(1900, { withholdingKind: 'CAPITAL', withholdingKey: 'DIV' }))
        .withholding,
    ).toEqual({ kind: 'CAPITAL', key: 'A02', baseCents: 50_000 });
  });

  it('toReceivedForAggregates carries kind, key and the invoice base as the withholding base', () => {
    expect(
      toReceivedForAggregates(stored(1900, { withholdingKind: 'RENT', withholdingKey: '-' })).withholding,
    ).toEqual({
      kind: 'RENT',
      key: '-',
      baseCents: 50_000,
    });
    const legacy = toReceivedForAggregates(stored(1500));
    expect(legacy.withholding).toEqual({ kind: 'PROFESSIONAL', key: 'G01', baseCents: 50_000 });
    expect(receivedContribution(legacy, 1).byKey.map((l) => l.taxKey)).toEqual([
      'DOMESTIC|2100|0|C|0',
      'IRPF|PROFESSIONAL|G01',
    ]);
    expect(toReceivedForAggregates(stored(0)).withholding).toBeNull();
  });

  it('every recorded kind and key is one of the kind’s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WITHHOLDING_KINDS),
        fc.option(fc.string({ maxLength: 4 })),
        fc.constantFrom(0, 700, 1500, 1900),
        (kind, key, rate) => {
          const r = recordedWithholding({ irpfRateBp: rate }, { withholdingKind: kind, withholdingKey: key });
          if (rate === 0) expect(r.withholdingKind).toBeNull();
          else expect(isKeyOfKind(r.withholdingKind!, r.withholdingKey!)).toBe(true);
        },
      ),
    );
  });
});
