/**
 * The AEAT file of a stored model (model/files.ts) read back field by field with the design's own
 * layout: the identification flags of the 303 page 01 taken from the profile, the bank page only
 * with an IBAN, the informative declarant record of the 349; and the box identities and cross-checks.
 */

import { computeModel, designFor } from '@shared/fiscal/models';
import { decodeLatin1, parseFixedWidth } from '@shared/fiscal/models/aeat-file';
import type { ModelInput, PeriodLines } from '@shared/fiscal/models/types';
import {
  issuedContribution,
  type ReceivedForAggregates,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { checks303vs390, checks349vs303 } from './cross-checks';
import { cashBasisAcquisitions, declarationId, incomeTaxIdentity, modelFile, splitPersonName } from './files';
import { boxIdentities } from './identities';
import { periodInWindow, periodsOfRequest, previousPeriod } from './periods';
import { nifHolderKind } from './prefill';

const facts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...over,
});

function lines(...cs: ReturnType<typeof issuedContribution>[]): PeriodLines {
  const out: PeriodLines = {
    byKey: { ISSUED: [], RECEIVED: [] },
    byCounterparty: { ISSUED: [], RECEIVED: [] },
    byInvoiceType: { ISSUED: [], RECEIVED: [] },
  };
  for (const c of cs) {
    out.byKey[c.book].push(...c.byKey);
    out.byCounterparty[c.book].push(...c.byCounterparty);
    out.byInvoiceType[c.book].push(...(c.byInvoiceType ?? []));
  }
  return out;
}

const sale = (base: number, customer: { taxId: unknown; name: string; country: string }, operation = 'S1') =>
  issuedContribution(
    {
      invoiceDate: '2025-05-10',
      invoiceType: 'F1',
      customer: customer as never,
      breakdown: [
        {
          operation,
          vatRateBp: operation === 'S1' ? 2100 : 0,
          recargoRateBp: 0,
          baseCents: base,
          vatCents: operation === 'S1' ? Math.round(base * 0.21) : 0,
          recargoCents: 0,
        },
      ],
      totals: {
        baseCents: base,
        vatCents: operation === 'S1' ? Math.round(base * 0.21) : 0,
        recargoCents: 0,
        irpfCents: 0,
        totalCents: base + (operation === 'S1' ? Math.round(base * 0.21) : 0),
      },
    },
    1,
  );

function stored(
  input: Omit<ModelInput, 'company' | 'earlier' | 'periodicity'>,
  over: Partial<TaxModelView> = {},
): TaxModelView {
  const computation = computeModel({
    ...input,
    company: { companyId: 'c', nif: 'B12345674', name: 'Empresa Ñandú SL' },
    periodicity: input.period === '0A' ? 'ANNUAL' : /T$/.test(input.period) ? 'QUARTERLY' : 'MONTHLY',
    earlier: [],
  });
  return {
    ...computation,
    itemsRead: 1,
    modelId: `${input.year}-${input.modelType}-${input.period}`,
    companyId: 'c',
    status: 'MODEL_GENERATED',
    adjustments: input.adjustments,
    generatedAt: '2025-07-01T00:00:00.000Z',
    generatedBy: 'u',
    updatedAt: '2025-07-01T00:00:00.000Z',
    version: 3,
    approvedAt: null,
    approvedBy: null,
    submittedAt: null,
    reference: null,
    submissionId: null,
    publishedAt: null,
    ...over,
  };
}

const identity = {
  nif: 'B12345674',
  name: 'Empresa Ñandú SL',
  softwareNif: 'B00000000',
  companyType: 'SL' as const,
};

describe('modelFile, 303', () => {
  const spanish = sale(100_000, { taxId: 'A58818501', name: 'Cliente SA', country: 'ES' });

  it('writes page 01 with the identification flags of the profile, and no bank page without an IBAN', () => {
    // REDEME: monthly returns (art. 71.3 RIVA).
    const f = facts({ redeme: true, cashAccounting: true });
    const m = stored({
      modelType: '303',
      year: 2025,
      period: '05',
      facts: f,
      aggregates: lines(spanish),
      adjustments: {},
    });
    const file = modelFile(m, { ...identity, facts: f });
    expect(file.fileName).toBe('303_2025_05_B12345674.txt');
    expect(file.contentType).toBe('text/plain; charset=ISO-8859-1');
    const text = decodeLatin1(file.body);
    expect(text.slice(0, 17)).toBe('<T30302025050000>');
    expect(text.slice(92, 96)).toBe('1.00');
    expect(text.slice(100, 109)).toBe('B00000000');
    expect(text).not.toContain('<T303DID00>');
    const design = designFor('303', 2025, '05')!;
    const page01 = design.pages[0]!;
    const at = text.indexOf(`<T303${page01.page}>`);
    const fields = Object.fromEntries(parseFixedWidth(file.body, page01, at).map((f) => [f.source, f.value]));
    expect(fields).toMatchObject({
      'value:resultType': 'I',
      'value:nif': 'B12345674',
      'value:name': 'EMPRESA ÑANDU SL',
      'value:redeme': 1,
      'value:cashBasis': 1,
      'value:simplifiedRegime': 3,
      'value:jointFiling': 2,
      'value:exemptFrom390': 0,
      'value:nonZeroAnnualVolume': 0,
      'box:07': 100_000,
      'box:09': 21_000,
    });
  });

  it('adds the bank page with the IBAN and the SEPA mark, and marks the last period exempt from the 390 for an SII filer', () => {
    const f = facts({ siiEnabled: true, largeCompany: true });
    const m = stored({
      modelType: '303',
      year: 2025,
      period: '12',
      facts: f,
      aggregates: lines(spanish),
      adjustments: { resultType: 'U', iban: 'ES91 2100 0418 4502 0005 1332' },
    });
    const text = decodeLatin1(modelFile(m, { ...identity, facts: f }).body);
    const did = text.indexOf('<T303DID00>');
    expect(did).toBeGreaterThan(0);
    expect(text.slice(did + 22, did + 22 + 24)).toBe('ES9121000418450200051332');
    expect(text.slice(did + 193, did + 194)).toBe('1');
    const page01 = text.indexOf('<T30301000>');
    // 127 voluntary SII (no: it is compulsory for a large company), 128 exempt from 390, 129 volume.
    expect(text.slice(page01 + 126, page01 + 129)).toBe('211');
  });

  it('refuses a file without the software producer (CORE_007)', () => {
    const m = stored({
      modelType: '303',
      year: 2025,
      period: '2T',
      facts: facts(),
      aggregates: lines(spanish),
      adjustments: {},
    });
    expect(() => modelFile(m, { nif: 'B12345674', name: 'X' })).toThrow(
      expect.objectContaining({ code: 'CORE_007' }),
    );
  });
});

/**
 * 1.000 € at 21 % received on 10/05/2025 (15/11/2025 for the 4T), whose deduction the criterio de caja
 * defers (the company's own regime, or its supplier's) or not: what the writes add to the RECEIVED book.
 */
const purchase = (deductionOnPayment: ReceivedForAggregates['deductionOnPayment'], date = '2025-05-10') =>
  receivedContribution(
    {
      date,
      supplier: { taxIdKey: 'A58818501', name: 'Proveedor SA', country: 'ES' },
      lines: [
        {
          kind: 'DOMESTIC',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: 100_000,
          vatCents: 21_000,
          recargoCents: 0,
          deductibleVatCents: 21_000,
          investmentGoods: false,
        },
      ],
      irpfCents: 0,
      totalCents: 121_000,
      deductionOnPayment,
      operationDate: date,
    },
    1,
  );

describe('modelFile, destinatario of the criterio de caja (303 position 114, 390 position 132)', () => {
  const f = facts({ cashAccounting: true });
  const page01Of = (m: TaxModelView) => {
    const file = modelFile(m, { ...identity, facts: f });
    const design = designFor(m.modelType, m.year, m.period)!;
    const fieldsOf = (pageId: string) => {
      const page = design.pages.find((p) => p.page === pageId)!;
      const at = decodeLatin1(file.body).indexOf(`<T${m.modelType}${pageId}>`);
      return Object.fromEntries(parseFixedWidth(file.body, page, at).map((x) => [x.source, x.value]));
    };
    return { text: decodeLatin1(file.body), fieldsOf };
  };
  const m303 = (...cs: ReturnType<typeof purchase>[]) =>
    stored({
      modelType: '303',
      year: 2025,
      period: '2T',
      facts: f,
      aggregates: lines(...cs),
      adjustments: {},
    });

  it("marks '1' when [74]/[75] hold acquisitions deferred by the company's own regime, with the boxes on page 03", () => {
    const m = m303(purchase('OWN_RECC'));
    expect([m.boxes['74'], m.boxes['75'], m.boxes['29']]).toEqual([100_000, 21_000, 0]);
    const { text, fieldsOf } = page01Of(m);
    expect(fieldsOf('01000')).toMatchObject({ 'value:cashBasis': 1, 'value:cashBasisRecipient': 1 });
    // DR303e24v200 page 01, positions 113 and 114 (1-based): "1" sí.
    const p1 = text.indexOf('<T30301000>');
    expect(text.slice(p1 + 112, p1 + 114)).toBe('11');
    expect(fieldsOf('03000')).toMatchObject({ 'box:74': 100_000, 'box:75': 21_000 });
    // Page 03 positions 148 and 165, 17 positions each, signed ('N').
    const p3 = text.indexOf('<T30303000>');
    expect(text.slice(p3 + 147, p3 + 164)).toBe('00000000000100000');
    expect(text.slice(p3 + 164, p3 + 181)).toBe('00000000000021000');
  });

  it("marks '1' for a supplier's regime too, and '2' when nothing is deferred", () => {
    expect(page01Of(m303(purchase('SUPPLIER_RECC'))).fieldsOf('01000')['value:cashBasisRecipient']).toBe(1);
    const general = m303(purchase(null));
    expect([general.boxes['74'], general.boxes['75'], general.boxes['29']]).toEqual([0, 0, 21_000]);
    const { text, fieldsOf } = page01Of(general);
    expect(fieldsOf('01000')['value:cashBasisRecipient']).toBe(2);
    const p1 = text.indexOf('<T30301000>');
    expect(text.slice(p1 + 113, p1 + 114)).toBe('2');
  });

  it("writes the 390's mark from [656]/[657] (dr390e2022 page 01 position 132: '1' sí, '2' no)", () => {
    const year = (deferred: ReceivedForAggregates['deductionOnPayment']) => {
      const q2 = lines(purchase(deferred));
      const empty = lines();
      return stored({
        modelType: '390',
        year: 2025,
        period: '0A',
        facts: f,
        aggregates: q2,
        quarters: { '1T': empty, '2T': q2, '3T': empty, '4T': empty },
        adjustments: {},
      });
    };
    const own = year('OWN_RECC');
    expect([own.boxes['656'], own.boxes['657']]).toEqual([100_000, 21_000]);
    const ownPage = page01Of(own);
    expect(ownPage.fieldsOf('01000')).toMatchObject({
      'value:cashBasis': '1',
      'value:cashBasisRecipient': '1',
    });
    const p1 = ownPage.text.indexOf('<T39001000>');
    expect(ownPage.text.slice(p1 + 130, p1 + 132)).toBe('11');
    const general = year(null);
    expect([general.boxes['656'] ?? 0, general.boxes['657'] ?? 0]).toEqual([0, 0]);
    expect(page01Of(general).fieldsOf('01000')['value:cashBasisRecipient']).toBe('2');
  });

  it('tells from the boxes alone: a negative [75] (a rectificativa) counts, other models never do', () => {
    expect(cashBasisAcquisitions({ modelType: '303', boxes: { '74': 0, '75': -2_100 } })).toBe(true);
    expect(cashBasisAcquisitions({ modelType: '303', boxes: { '62': 100 } })).toBe(false);
    expect(cashBasisAcquisitions({ modelType: '390', boxes: { '656': 1 } })).toBe(true);
    expect(cashBasisAcquisitions({ modelType: '349', boxes: { '74': 1 } })).toBe(false);
  });
});

describe('modelFile, 349', () => {
  it('writes the declarant with its declaration id and one operator record per key', () => {
    const f = facts({ intraEuOperations: true });
    const eu = sale(
      500_000,
      {
        taxId: { type: 'NIF_IVA', value: 'FR40303265045', country: 'FR' },
        name: 'Client SARL',
        country: 'FR',
      },
      'E5',
    );
    const m = stored({
      modelType: '349',
      year: 2025,
      period: '2T',
      facts: f,
      aggregates: lines(eu),
      adjustments: {},
    });
    expect(m.records).toHaveLength(1);
    const file = modelFile(m, { ...identity, facts: f });
    const records = decodeLatin1(file.body).split('\r\n');
    expect(records).toHaveLength(3);
    expect(records[0]!.slice(107, 120)).toBe(declarationId(m));
    expect(declarationId(m)).toBe('3492025220003');
    expect(records[1]!.slice(75, 92).trim()).toBe('FR40303265045');
    expect(records[1]!.slice(132, 133)).toBe('E');
    expect(records[1]!.slice(133, 146)).toBe('0000000500000');
  });
});

describe('identities and cross-checks', () => {
  it('holds the 303 identities of a computed model and shows a broken one', () => {
    const m = stored({
      modelType: '303',
      year: 2025,
      period: '2T',
      facts: facts(),
      aggregates: lines(sale(100_000, { taxId: 'A58818501', name: 'C', country: 'ES' })),
      adjustments: { compensationFromPreviousCents: 1_000 },
    });
    expect(boxIdentities(m).every((i) => i.ok)).toBe(true);
    const broken = boxIdentities({ ...m, boxes: { ...m.boxes, '46': 1 } });
    expect(broken.find((i) => i.rule === '[46] = [27] − [45]')).toMatchObject({
      ok: false,
      expectedCents: 21_000,
      actualCents: 1,
    });
  });

  it('compares the 349 with the 303 of the quarter', () => {
    const f = facts({ intraEuOperations: true });
    const eu = sale(
      500_000,
      { taxId: { type: 'NIF_IVA', value: 'FR40303265045', country: 'FR' }, name: 'Client', country: 'FR' },
      'E5',
    );
    const m303 = stored({
      modelType: '303',
      year: 2025,
      period: '2T',
      facts: f,
      aggregates: lines(eu),
      adjustments: {},
    });
    const m349 = stored({
      modelType: '349',
      year: 2025,
      period: '2T',
      facts: f,
      aggregates: lines(eu),
      adjustments: {},
    });
    const checks = checks349vs303([m349], [m303]);
    expect(checks.find((c) => c.code === '349_303_DELIVERIES_2T')).toMatchObject({
      status: 'OK',
      expectedCents: 500_000,
    });
    const off = checks349vs303(
      [{ ...m349, records: [{ ...m349.records[0]!, amountCents: 400_000 }] }],
      [m303],
    );
    expect(off.find((c) => c.code === '349_303_DELIVERIES_2T')).toMatchObject({
      status: 'MISMATCH',
      differenceCents: -100_000,
    });
    expect(checks303vs390([m303], undefined, undefined)).toMatchObject([{ status: 'NOT_AVAILABLE' }]);
  });
});

describe('periods', () => {
  it('maps a batch request onto each periodicity', () => {
    expect(periodsOfRequest('QUARTERLY', { month: 5 })).toEqual(['2T']);
    expect(periodsOfRequest('MONTHLY', { quarter: 3 })).toEqual(['07', '08', '09']);
    expect(periodsOfRequest('ANNUAL', { quarter: 2 })).toEqual([]);
    expect(periodsOfRequest('ANNUAL', { month: 12 })).toEqual(['0A']);
    expect(periodsOfRequest('QUARTERLY', {})).toEqual(['1T', '2T', '3T', '4T']);
    expect(previousPeriod(2026, '1T')).toEqual({ year: 2025, period: '4T' });
    expect(previousPeriod(2026, '03')).toEqual({ year: 2026, period: '02' });
  });

  it('tells individuals, companies and public bodies apart by the NIF', () => {
    expect(nifHolderKind('12345678Z')).toBe('individual');
    expect(nifHolderKind('X1234567L')).toBe('individual');
    expect(nifHolderKind('B12345674')).toBe('corporate');
    expect(nifHolderKind('P2807900B')).toBe('public');
  });
});

describe('income-tax returns (issue 15)', () => {
  it('splits an individual’s name into surnames and first name', () => {
    expect(splitPersonName('Ana García López')).toEqual({ surnames: 'García López', firstName: 'Ana' });
    expect(splitPersonName('María José de la Fuente del Río')).toEqual({
      surnames: 'de la Fuente del Río',
      firstName: 'María José',
    });
    expect(splitPersonName('García López, Ana')).toEqual({ surnames: 'García López', firstName: 'Ana' });
    expect(splitPersonName('Ana García')).toEqual({ surnames: 'García', firstName: 'Ana' });
    expect(splitPersonName('Madonna')).toEqual({ surnames: 'Madonna', firstName: '' });
  });

  it('names the declarant in two fields or one, as the design has them, and marks a complementary', () => {
    const d130 = designFor('130', 2025, '2T')!;
    const d123 = designFor('123', 2025, '2T')!;
    const person = { name: 'Ana García López', companyType: 'AUTONOMO' as const };
    expect(incomeTaxIdentity(d130, { adjustments: {} }, person)).toEqual({
      complementary: false,
      name: 'García López',
      firstName: 'Ana',
    });
    expect(incomeTaxIdentity(d123, { adjustments: { previousReceipt: '1234567890123' } }, person)).toEqual({
      complementary: true,
      name: 'García López Ana',
      firstName: '',
    });
    expect(incomeTaxIdentity(d130, { adjustments: {} }, { name: 'Empresa SL', companyType: 'SL' })).toEqual({
      complementary: false,
      name: 'Empresa SL',
      firstName: '',
    });
  });

  it('finds a client’s period in the same window: a month for a quarter and back', () => {
    const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
    const quarters = ['1T', '2T', '3T', '4T'];
    expect(periodInWindow('2T', quarters)).toBe('2T');
    expect(periodInWindow('2T', months)).toBe('06');
    expect(periodInWindow('06', quarters)).toBe('2T');
    expect(periodInWindow('05', quarters)).toBe('05');
    expect(periodInWindow('2T', ['0A'])).toBe('2T');
  });
});
