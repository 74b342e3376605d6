import type { CounterpartyLine } from '@shared/fiscal/tax-aggregates';
import { thresholdStatistics, type YearAggregates } from '@shared/fiscal/thresholds';
import type { ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { LARGE_COMPANY_WARNING_BP, thresholdAlerts } from './threshold-alerts';

const empty = () => ({
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
});

const line = (taxKey: string, baseCents: number) => ({
  taxKey,
  baseCents,
  vatCents: 0,
  recargoCents: 0,
  irpfCents: 0,
  deductibleVatCents: 0,
  totalCents: baseCents,
  count: 1,
});

/** A counterparty line of aggregate grammar v2: Spanish customers in the 347 (347B), EU ones in the 349. */
const counterparty = (
  key: string,
  country: string,
  cents: number,
  opKey = country === 'ES' ? '347B' : '349E',
): CounterpartyLine => ({
  counterpartyKey: key,
  opKey,
  name: key,
  country,
  baseCents: cents,
  vatCents: 0,
  totalCents: cents,
  count: 1,
});

/** The figures of a year from a few aggregate lines, through the same rules the app uses. */
function stats(o: {
  turnoverCents?: number;
  customers?: CounterpartyLine[];
  intraByQuarter?: Record<string, number>;
  intraReceivedCents?: number;
}): ThresholdStatisticsView {
  const quarters: YearAggregates['quarters'] = {};
  const yearCustomers = [...(o.customers ?? [])];
  for (const q of ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']) {
    const p = empty();
    const intra = o.intraByQuarter?.[q] ?? 0;
    if (intra > 0) {
      const c = counterparty('FR:NIF_IVA:FR12345678901', 'FR', intra);
      (p.byCounterparty.ISSUED as CounterpartyLine[]).push(c);
      yearCustomers.push(c);
    }
    quarters[q] = p;
  }
  const year = { ...empty(), itemsRead: 1 };
  if (o.turnoverCents) (year.byKey.ISSUED as unknown[]).push(line('S1|2100|0|ES|0|G', o.turnoverCents));
  if (o.intraReceivedCents)
    (year.byCounterparty.RECEIVED as CounterpartyLine[]).push(
      counterparty('DE:NIF_IVA:DE123456789', 'DE', o.intraReceivedCents, '349A'),
    );
  (year.byCounterparty.ISSUED as CounterpartyLine[]).push(...yearCustomers);
  return thresholdStatistics('2026', { year, quarters } as YearAggregates);
}

const facts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...over,
});

const codes = (s: ThresholdStatisticsView, f: TaxProfileFacts) => thresholdAlerts(s, f).map((a) => a.code);

describe('threshold alerts', () => {
  it('gives none for small, domestic figures', () => {
    expect(thresholdAlerts(stats({ turnoverCents: 10_000_000 }), facts())).toEqual([]);
  });

  it('warns a company above 6.010.121,04 € that is not a large company yet (critical, model 303)', () => {
    const alerts = thresholdAlerts(stats({ turnoverCents: 601_012_105 }), facts());
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      code: 'LARGE_COMPANY_EXCEEDED',
      priority: 'critical',
      model: '303',
      thresholdCents: 601_012_104,
      valueCents: 601_012_105,
    });
    expect(alerts[0]!.message).toContain('1 de enero de 2027');
    expect(alerts[0]!.message).toContain('6.010.121,05 €');
    // Exactly the threshold is not above it: only the approaching alert.
    expect(codes(stats({ turnoverCents: 601_012_104 }), facts())).toEqual(['LARGE_COMPANY_APPROACHING']);
  });

  it('says nothing of the threshold to a company already flagged as large', () => {
    expect(
      codes(stats({ turnoverCents: 900_000_000 }), facts({ largeCompany: true, siiEnabled: true })),
    ).toEqual([]);
  });

  it('warns from 80 % of the threshold (medium), not at it', () => {
    const eighty = (601_012_104 * LARGE_COMPANY_WARNING_BP) / 10_000; // 480.809.683,2 céntimos
    expect(codes(stats({ turnoverCents: Math.floor(eighty) }), facts())).toEqual([]);
    const a = thresholdAlerts(stats({ turnoverCents: Math.ceil(eighty) }), facts());
    expect(a.map((x) => [x.code, x.priority])).toEqual([['LARGE_COMPANY_APPROACHING', 'medium']]);
  });

  it('asks for the monthly 349 when a quarter passes 50.000 € of intra-EU deliveries', () => {
    const s = stats({ intraByQuarter: { '2026-Q2': 1_000_000, '2026-Q3': 5_000_001 } });
    const alerts = thresholdAlerts(s, facts({ intraEuOperations: true }));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      code: 'INTRA_EU_MONTHLY_349',
      priority: 'high',
      model: '349',
      thresholdCents: 5_000_000,
      valueCents: 5_000_001,
    });
    expect(alerts[0]!.message).toContain('3T 2026');
    expect(codes(s, facts({ intraEuOperations: true, intraEuMonthly: true }))).toEqual([]);
    // Exactly 50.000 € is not above it.
    expect(
      codes(stats({ intraByQuarter: { '2026-Q1': 5_000_000 } }), facts({ intraEuOperations: true })),
    ).toEqual([]);
  });

  it('flags intra-EU operations (deliveries or acquisitions) the profile does not declare', () => {
    expect(codes(stats({ intraReceivedCents: 40_000 }), facts())).toEqual(['INTRA_EU_NOT_DECLARED']);
    expect(codes(stats({ intraByQuarter: { '2026-Q1': 10_000 } }), facts())).toEqual([
      'INTRA_EU_NOT_DECLARED',
    ]);
    expect(codes(stats({ intraReceivedCents: 40_000 }), facts({ intraEuOperations: true }))).toEqual([]);
    const both = thresholdAlerts(stats({ intraByQuarter: { '2026-Q4': 6_000_000 } }), facts());
    expect(both.map((a) => a.code).sort()).toEqual(['INTRA_EU_MONTHLY_349', 'INTRA_EU_NOT_DECLARED']);
    expect(both.every((a) => a.priority === 'high')).toBe(true);
  });

  it('raises no intra-EU alert outside the EU VAT territory (Canarias, Ceuta y Melilla)', () => {
    const s = stats({ intraByQuarter: { '2026-Q1': 6_000_000 } });
    expect(codes(s, facts({ vatZone: 'CANARIAS' }))).toEqual([]);
    expect(codes(s, facts({ vatZone: 'CEUTA_MELILLA' }))).toEqual([]);
  });

  it('tells (low) how many counterparties go to the 347, unless the company is in the SII', () => {
    const s = stats({
      customers: [
        counterparty('B12345674', 'ES', 400_000),
        counterparty('B76543210', 'ES', 300_507),
        counterparty('A11111111', 'ES', 300_506),
      ],
    });
    const alerts = thresholdAlerts(s, facts());
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      code: 'MODELO_347_COUNTERPARTIES',
      priority: 'low',
      model: '347',
      thresholdCents: 300_506,
      valueCents: 400_000,
    });
    expect(alerts[0]!.title).toContain('2 clientes o proveedores');
    expect(alerts[0]!.message).toContain('febrero de 2027');
    expect(codes(s, facts({ siiEnabled: true }))).toEqual([]);
  });

  it('sorts the alerts most urgent first', () => {
    const s = stats({
      turnoverCents: 700_000_000,
      customers: [counterparty('B12345674', 'ES', 400_000)],
      intraByQuarter: { '2026-Q1': 6_000_000 },
    });
    expect(thresholdAlerts(s, facts()).map((a) => a.priority)).toEqual(['critical', 'high', 'high', 'low']);
  });
});
