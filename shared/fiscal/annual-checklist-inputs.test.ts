/**
 * What the annual returns' checklists are built from (issue 15 item 4): the year's figures by the 130's
 * rules (income of every VAT key, the criterio de caja settlements and the IRPF key apart; expenses with
 * the VAT not deducted after the prorrata; investment goods apart), the instalments of the year, the census
 * changes described fact by fact, and the deadlines of the fiscal calendar.
 */

import { describe, expect, it } from 'vitest';
import { defaultTaxProfileFacts, type TaxProfileFacts, type TaxProfileVersion } from '../schemas/tax-profile';
import {
  annualChecklists,
  censusChanges,
  checklistDueDate,
  checklistFacts,
  checklistFigures,
  checklistInstalments,
  describeFactChanges,
} from './annual-checklist-inputs';
import type { PeriodLines } from './models/types';
import type { AggregateLine } from './tax-aggregates';

const facts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false }),
  ...over,
});

const line = (taxKey: string, o: Partial<AggregateLine> = {}): AggregateLine => ({
  taxKey,
  baseCents: 0,
  vatCents: 0,
  recargoCents: 0,
  irpfCents: 0,
  deductibleVatCents: 0,
  deductibleBaseCents: 0,
  totalCents: 0,
  count: 1,
  ...o,
});

const EMPTY: PeriodLines = {
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
};

const YEAR: PeriodLines = {
  byKey: {
    ISSUED: [
      line('S1|2100|0|ES|0|G', { baseCents: 1_000_000, vatCents: 210_000 }),
      line('E1|0|0|EU|0|G', { baseCents: 200_000 }),
      line('IRPF', { irpfCents: 150_000 }),
      // A cash-basis settlement repeats an invoice's amounts.
      line('CAJA|S1|2100|0', { baseCents: 1_000_000 }),
    ],
    RECEIVED: [
      line('DOMESTIC|2100|0|C|0', { baseCents: 300_000, vatCents: 63_000, deductibleVatCents: 63_000 }),
      line('DOMESTIC|2100|0|I|0', { baseCents: 500_000, vatCents: 105_000, deductibleVatCents: 105_000 }),
      line('IRPF|PROFESSIONAL|G01', { irpfCents: 45_000 }),
    ],
  },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: {
    ISSUED: [
      { invoiceType: 'F1', baseCents: 1_200_000, totalCents: 0, count: 3 },
      { invoiceType: 'R1', baseCents: 0, totalCents: 0, count: 1 },
    ],
    RECEIVED: [{ invoiceType: 'RECEIVED', baseCents: 800_000, totalCents: 0, count: 5 }],
  },
};

describe('checklistFigures', () => {
  it('sums the year by the 130’s rules and counts the invoices once each', () => {
    expect(checklistFigures(YEAR, null)).toEqual({
      incomeCents: 1_200_000,
      expensesCents: 300_000,
      investmentGoodsCents: 500_000,
      withholdingsBorneCents: 150_000,
      withholdingsAppliedCents: 45_000,
      issuedCount: 4,
      receivedCount: 5,
    });
  });

  it('adds the VAT the prorrata leaves undeducted, and is null without books', () => {
    // 60 % of 630,00 € deducted: 252,00 € is a cost.
    expect(checklistFigures(YEAR, 6000)?.expensesCents).toBe(325_200);
    expect(checklistFigures(EMPTY, null)).toBeNull();
  });
});

describe('checklistInstalments', () => {
  it('lists every period of the 130, the 131 and the 202 with its stored return', () => {
    const list = checklistInstalments(2025, [
      { modelType: '130', year: 2025, period: '2T', status: 'SUBMITTED', result: { amountCents: 19_240 } },
      { modelType: '130', year: 2024, period: '1T', status: 'SUBMITTED', result: { amountCents: 1 } },
      { modelType: '303', year: 2025, period: '1T', status: 'SUBMITTED', result: { amountCents: 1 } },
    ]);
    expect(list).toHaveLength(11);
    expect(list.filter((i) => i.modelType === '130')).toEqual([
      { modelType: '130', period: '1T', status: 'NOT_GENERATED', resultCents: null },
      { modelType: '130', period: '2T', status: 'SUBMITTED', resultCents: 19_240 },
      { modelType: '130', period: '3T', status: 'NOT_GENERATED', resultCents: null },
      { modelType: '130', period: '4T', status: 'NOT_GENERATED', resultCents: null },
    ]);
    expect(list.filter((i) => i.modelType === '202').map((i) => i.period)).toEqual(['1P', '2P', '3P']);
  });
});

describe('census changes', () => {
  const version = (effectiveFrom: string, over: Partial<TaxProfileFacts>): TaxProfileVersion => ({
    effectiveFrom,
    facts: facts(over),
    changedAt: `${effectiveFrom}T00:00:00.000Z`,
    changedBy: 'u',
  });

  it('describes what changed, fact by fact, in Spanish', () => {
    expect(
      describeFactChanges(
        facts(),
        facts({
          vatRegime: 'SIMPLIFICADO',
          cashAccounting: true,
          irpfMethod: 'MODULOS',
          prorrataBp: 7550,
          domiciliation: { '303': true, '130': true },
          fiscalYearEnd: '06-30',
        }),
      ),
    ).toEqual([
      'Régimen de IVA: Régimen general → Régimen simplificado',
      'Criterio de caja: No → Sí',
      'Prorrata: Sin prorrata → 75,5 %',
      'Método del IRPF: Estimación directa simplificada → Estimación objetiva (módulos)',
      'Domiciliación del pago: Ninguno → 130, 303',
      'Cierre del ejercicio: 31/12 → 30/06',
    ]);
  });

  it('takes the versions effective within the year, never the first one nor one without changes', () => {
    const versions = [
      version('2024-01-01', {}),
      version('2025-01-01', { hasEmployees: true }),
      version('2025-04-01', { hasEmployees: true }),
      version('2025-10-01', { hasEmployees: true, rentsPremises: true }),
      version('2026-01-01', {}),
    ];
    expect(censusChanges(versions, 2025)).toEqual([
      { effectiveFrom: '2025-01-01', changes: ['Personas trabajadoras: No → Sí'] },
      { effectiveFrom: '2025-10-01', changes: ['Alquiler de local con retención: No → Sí'] },
    ]);
    expect(censusChanges([version('2025-01-01', {})], 2025)).toEqual([]);
  });

  it('reads the facts at the end of the year, or today for the current year', () => {
    const profile = {
      companyType: 'AUTONOMO' as const,
      facts: facts({ hasEmployees: true }),
      versions: [version('2025-01-01', {}), version('2025-09-01', { hasEmployees: true })],
    };
    expect(checklistFacts({ year: 2025, today: '2026-02-10', profile }).hasEmployees).toBe(true);
    expect(checklistFacts({ year: 2025, today: '2025-06-15', profile }).hasEmployees).toBe(false);
  });
});

describe('checklistDueDate', () => {
  it('gives the fiscal calendar’s deadline of each return', () => {
    expect(checklistDueDate('100', 2025, facts(), [])).toBe('2026-06-30');
    // LIS art. 124.1: 25 days after the six months (25 July 2026 is a Saturday).
    expect(checklistDueDate('200', 2025, facts(), [])).toBe('2026-07-27');
    // A tax year ending on 30 June 2025: 25 January 2026 is a Sunday.
    expect(checklistDueDate('200', 2025, facts({ fiscalYearEnd: '06-30' }), [])).toBe('2026-01-26');
    expect(checklistDueDate('720', 2025, facts(), [])).toBe('2026-03-31');
    expect(checklistDueDate('369', 2025, facts(), [])).toBe('2026-01-31');
    expect(checklistDueDate('036', 2025, facts(), [])).toBeNull();
    expect(
      checklistDueDate('036', 2025, facts(), [
        { effectiveFrom: '2025-03-01', changes: ['x'] },
        { effectiveFrom: '2025-07-01', changes: ['y'] },
      ]),
    ).toBe('2025-08-01');
  });
});

describe('annualChecklists', () => {
  it('builds the five, or the ones asked for, with the same figures', () => {
    const sources = {
      year: 2025,
      today: '2026-02-10',
      profile: { companyType: 'SL' as const, facts: facts(), versions: [] },
      lines: YEAR,
      stored: [],
    };
    expect(annualChecklists(sources).map((c) => [c.modelType, c.applies])).toEqual([
      ['100', false],
      ['200', true],
      ['036', false],
      ['369', false],
      ['720', false],
    ]);
    const [c200] = annualChecklists(sources, ['200']);
    expect(c200?.items.find((i) => i.id === 'income')).toMatchObject({
      amountCents: 1_200_000,
      detail: '4 facturas',
    });
  });
});
