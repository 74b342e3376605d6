import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompanyType } from '../db/records';
import {
  COMPANY_TYPES,
  defaultTaxProfileFacts,
  IRPF_METHODS,
  type TaxModel,
  type TaxProfileFacts,
  type TaxProfileVersion,
  VAT_REGIMES,
  VAT_ZONES,
} from '../schemas/tax-profile';
import {
  censusChangeObligation,
  nextChangeDate,
  type PlannedObligation,
  planObligations,
  reconcileObligations,
  requiredModels,
  versionAt,
} from './tax-obligations';

const facts = (companyType: CompanyType, over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType, siiEnabled: false }),
  ...over,
});

const version = (effectiveFrom: string, f: TaxProfileFacts): TaxProfileVersion => ({
  effectiveFrom,
  facts: f,
  changedAt: `${effectiveFrom}T09:00:00.000Z`,
  changedBy: 'user-1',
});

/** Plan of 2026 for a single version effective from 1 January 2026. */
const plan2026 = (companyType: CompanyType, over: Partial<TaxProfileFacts> = {}) =>
  planObligations(companyType, [version('2026-01-01', facts(companyType, over))], 2026);

/** How many periods of each model a plan has, e.g. { '303': 4, '390': 1 }. */
const countByModel = (plan: PlannedObligation[]) => {
  const out: Partial<Record<TaxModel, number>> = {};
  for (const o of plan) out[o.modelType] = (out[o.modelType] ?? 0) + 1;
  return out;
};

const periodsOfModel = (plan: PlannedObligation[], model: TaxModel) =>
  plan.filter((o) => o.modelType === model).map((o) => o.period);

describe('requiredModels', () => {
  it('gives each model a Spanish reason and no model twice', () => {
    const all = requiredModels(
      'SL',
      facts('SL', {
        hasEmployees: true,
        rentsPremises: true,
        paysDividendsOrInterest: true,
        paysNonResidents: true,
        intraEuOperations: true,
        ossRegistered: true,
        assetsAbroad: true,
      }),
    );
    expect(new Set(all.map((r) => r.model)).size).toBe(all.length);
    expect(all.find((r) => r.model === '111')?.reason).toBe(
      'Tiene trabajadores o paga a profesionales con retención',
    );
    for (const r of all) expect(r.reason.length).toBeGreaterThan(5);
    expect(all.map((r) => r.model)).not.toContain('036');
  });

  it('VAT monthly when filesVatMonthly (REDEME, VAT group), quarterly otherwise', () => {
    const periodicityOf303 = (over: Partial<TaxProfileFacts>) =>
      requiredModels('SL', facts('SL', over)).find((r) => r.model === '303')?.periodicity;
    expect(periodicityOf303({})).toBe('QUARTERLY');
    expect(periodicityOf303({ redeme: true })).toBe('MONTHLY');
    expect(periodicityOf303({ vatGroup: true })).toBe('MONTHLY');
  });
});

describe('planObligations: the demo profiles', () => {
  it('(a) autónomo professional in estimación directa simplificada, quarterly VAT', () => {
    const plan = plan2026('AUTONOMO');
    expect(countByModel(plan)).toEqual({ '303': 4, '390': 1, '130': 4, '347': 1, '100': 1 });
    expect(periodsOfModel(plan, '303')).toEqual(['1T', '2T', '3T', '4T']);
    expect(periodsOfModel(plan, '130')).toEqual(['1T', '2T', '3T', '4T']);
  });

  it('(a) pays professionals: 111 every quarter and its 190', () => {
    const plan = plan2026('AUTONOMO', { paysProfessionals: true });
    expect(countByModel(plan)).toEqual({
      '303': 4,
      '390': 1,
      '130': 4,
      '347': 1,
      '100': 1,
      '111': 4,
      '190': 1,
    });
  });

  it('(a) with 70 % of income under withholding (art. 109.1 RIRPF): no 130', () => {
    const plan = plan2026('AUTONOMO', { withholdingExemption130: true });
    expect(countByModel(plan)).toEqual({ '303': 4, '390': 1, '347': 1, '100': 1 });
  });

  it('(b) SL, quarterly, employees and rented premises', () => {
    const plan = plan2026('SL', { hasEmployees: true, rentsPremises: true });
    expect(countByModel(plan)).toEqual({
      '303': 4,
      '390': 1,
      '111': 4,
      '190': 1,
      '115': 4,
      '180': 1,
      '202': 3,
      '200': 1,
      '347': 1,
    });
    expect(periodsOfModel(plan, '202')).toEqual(['1P', '2P', '3P']);
  });

  it('(c) SA, large company in the SII: monthly VAT and withholdings, no 390 nor 347', () => {
    const plan = plan2026('SA', { siiEnabled: true, largeCompany: true, hasEmployees: true });
    expect(countByModel(plan)).toEqual({ '303': 12, '111': 12, '190': 1, '202': 3, '200': 1 });
    expect(periodsOfModel(plan, '303')).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
  });

  it('(c) with intra-EU operations: 349 monthly above the threshold, quarterly below', () => {
    const base = { siiEnabled: true, largeCompany: true, intraEuOperations: true };
    expect(countByModel(plan2026('SA', { ...base, intraEuMonthly: true }))['349']).toBe(12);
    expect(countByModel(plan2026('SA', { ...base, intraEuMonthly: false }))['349']).toBe(4);
  });
});

describe('planObligations: the rules one by one', () => {
  it('CB and SC (income attribution): no 130, 131, 100, 200, 202', () => {
    for (const type of ['CB', 'SC'] as const) {
      const plan = plan2026(type, { irpfMethod: 'DIRECTA_SIMPLIFICADA' });
      expect(countByModel(plan)).toEqual({ '303': 4, '390': 1, '347': 1 });
    }
  });

  it('Canarias and Ceuta/Melilla: no 303, 390, 349, 369; 347 and withholdings stay', () => {
    for (const vatZone of ['CANARIAS', 'CEUTA_MELILLA'] as const) {
      const plan = plan2026('SL', {
        vatZone,
        intraEuOperations: true,
        ossRegistered: true,
        hasEmployees: true,
      });
      expect(countByModel(plan)).toEqual({ '111': 4, '190': 1, '202': 3, '200': 1, '347': 1 });
    }
  });

  it('only exempt operations: no 303 nor 390', () => {
    expect(countByModel(plan2026('AUTONOMO', { vatRegime: 'EXENTO' }))).toEqual({
      '130': 4,
      '347': 1,
      '100': 1,
    });
  });

  it('recargo de equivalencia and REAGP: no 303 even with intra-EU purchases (those go to 309), but 349', () => {
    for (const vatRegime of ['RECARGO_EQUIVALENCIA', 'REAGP'] as const) {
      const plan = plan2026('AUTONOMO', { vatRegime, irpfMethod: 'MODULOS', intraEuOperations: true });
      expect(countByModel(plan)).toEqual({ '349': 4, '131': 4, '347': 1, '100': 1 });
    }
  });

  it('régimen simplificado filed quarterly: 303 but no 390 (AEAT folleto 5.3.3)', () => {
    const plan = plan2026('AUTONOMO', { vatRegime: 'SIMPLIFICADO', irpfMethod: 'MODULOS' });
    expect(countByModel(plan)).toEqual({ '303': 4, '131': 4, '347': 1, '100': 1 });
  });

  it('módulos: 131 quarterly instead of 130', () => {
    const plan = plan2026('AUTONOMO', { irpfMethod: 'MODULOS' });
    expect(periodsOfModel(plan, '131')).toEqual(['1T', '2T', '3T', '4T']);
    expect(periodsOfModel(plan, '130')).toEqual([]);
  });

  it('OSS: 369 every quarter', () => {
    expect(periodsOfModel(plan2026('SL', { ossRegistered: true }), '369')).toEqual(['1T', '2T', '3T', '4T']);
  });

  it('assets abroad: 720 once a year', () => {
    expect(periodsOfModel(plan2026('AUTONOMO', { assetsAbroad: true }), '720')).toEqual(['0A']);
    expect(periodsOfModel(plan2026('AUTONOMO'), '720')).toEqual([]);
  });

  it('dividends or interest: 123 and 193; non-residents: 216 and 296 (monthly when large)', () => {
    const quarterly = countByModel(plan2026('SL', { paysDividendsOrInterest: true, paysNonResidents: true }));
    expect(quarterly).toMatchObject({ '123': 4, '193': 1, '216': 4, '296': 1 });
    const monthly = countByModel(
      plan2026('SL', { paysDividendsOrInterest: true, paysNonResidents: true, largeCompany: true }),
    );
    expect(monthly).toMatchObject({ '123': 12, '193': 1, '216': 12, '296': 1 });
  });

  it('sorts by due date, then model', () => {
    const plan = plan2026('SL', { hasEmployees: true, rentsPremises: true, intraEuOperations: true });
    const keys = plan.map((o) => `${o.dueDate} ${o.modelType}`);
    expect(keys).toEqual([...keys].sort());
    // 1T and the first instalment share 20 April (or the next working day).
    const firstFive = plan.slice(0, 5).map((o) => o.modelType);
    expect(firstFive).toEqual(['111', '115', '202', '303', '349']);
  });

  it('ids, profile version and reason', () => {
    const [first] = plan2026('AUTONOMO', { paysProfessionals: true }).filter((o) => o.modelType === '111');
    expect(first).toMatchObject({
      obligationId: '2026-111-1T',
      year: 2026,
      period: '1T',
      periodicity: 'QUARTERLY',
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      profileVersion: '2026-01-01',
      reason: 'Tiene trabajadores o paga a profesionales con retención',
    });
  });

  it('direct debit: the alert counts down to the domiciliation deadline, only for domiciliable models', () => {
    const plan = plan2026('SL', { domiciliation: { '303': true } });
    const vat = plan.find((o) => o.obligationId === '2026-303-1T')!;
    expect(vat.paidByDomiciliation).toBe(true);
    expect(vat.domiciliationDueDate).not.toBeNull();
    expect(vat.alertDate).toBe(vat.domiciliationDueDate);
    expect(vat.alertDate < vat.dueDate).toBe(true);
    const instalment = plan.find((o) => o.modelType === '202')!;
    expect(instalment.paidByDomiciliation).toBe(false);
    expect(instalment.alertDate).toBe(instalment.dueDate);
    const summary = plan.find((o) => o.modelType === '390')!;
    expect(summary.paidByDomiciliation).toBe(false);
  });

  it('nothing before the first version', () => {
    const versions = [version('2026-01-01', facts('SL', { hasEmployees: true }))];
    expect(planObligations('SL', versions, 2025)).toEqual([]);
    expect(planObligations('SL', [], 2026)).toEqual([]);
  });
});

describe('planObligations: profile versions', () => {
  it('a change on 2026-11-26 adding employees takes effect on 2026-12-01: no 111 for 2026, from 1T 2027', () => {
    // Arrange
    const effectiveFrom = nextChangeDate('2026-11-26');
    const versions = [
      version('2026-01-01', facts('SL')),
      version(effectiveFrom, facts('SL', { hasEmployees: true })),
    ];
    // Act
    const y2026 = planObligations('SL', versions, 2026);
    const y2027 = planObligations('SL', versions, 2027);
    // Assert: 4T 2026 started on 1 October under the version without employees.
    expect(effectiveFrom).toBe('2026-12-01');
    expect(periodsOfModel(y2026, '111')).toEqual([]);
    expect(periodsOfModel(y2026, '190')).toEqual([]);
    expect(periodsOfModel(y2027, '111')).toEqual(['1T', '2T', '3T', '4T']);
    expect(y2027.find((o) => o.obligationId === '2027-111-1T')?.profileVersion).toBe('2026-12-01');
    expect(periodsOfModel(y2027, '190')).toEqual(['0A']);
  });

  it('hiring in April: 111 from 2T and the 190 of the year; leaving in July: 111 until 2T and the 190', () => {
    const hires = planObligations(
      'SL',
      [version('2026-01-01', facts('SL')), version('2026-04-01', facts('SL', { hasEmployees: true }))],
      2026,
    );
    expect(periodsOfModel(hires, '111')).toEqual(['2T', '3T', '4T']);
    expect(hires.find((o) => o.modelType === '190')?.profileVersion).toBe('2026-04-01');

    const leaves = planObligations(
      'SL',
      [version('2026-01-01', facts('SL', { hasEmployees: true })), version('2026-07-01', facts('SL'))],
      2026,
    );
    expect(periodsOfModel(leaves, '111')).toEqual(['1T', '2T']);
    expect(leaves.find((o) => o.modelType === '190')?.profileVersion).toBe('2026-01-01');
  });

  it('quarterly to monthly VAT from 1 December: the 4T already started quarterly covers December', () => {
    const versions = [
      version('2026-01-01', facts('SL')),
      version('2026-12-01', facts('SL', { redeme: true })),
    ];
    expect(periodsOfModel(planObligations('SL', versions, 2026), '303')).toEqual(['1T', '2T', '3T', '4T']);
    expect(periodsOfModel(planObligations('SL', versions, 2027), '303')).toHaveLength(12);
  });

  it('quarterly to monthly VAT from 1 November: months of a quarter owed quarterly are not owed again', () => {
    const versions = [
      version('2026-01-01', facts('SL')),
      version('2026-11-01', facts('SL', { redeme: true })),
    ];
    const plan = planObligations('SL', versions, 2026);
    expect(periodsOfModel(plan, '303')).toEqual(['1T', '2T', '3T', '4T']);
  });

  it('monthly to quarterly VAT from 1 September: the third quarter ends monthly, the 4T is quarterly', () => {
    const versions = [
      version('2026-01-01', facts('SL', { redeme: true })),
      version('2026-09-01', facts('SL')),
    ];
    const vat = planObligations('SL', versions, 2026).filter((o) => o.modelType === '303');
    expect(vat.map((o) => o.period)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '4T']);
    expect(vat.find((o) => o.period === '09')?.profileVersion).toBe('2026-01-01');
    expect(vat.find((o) => o.period === '4T')?.profileVersion).toBe('2026-09-01');
    // The monthly 390 exemption does not apply to REDEME; one 390 for the year.
    expect(countByModel(planObligations('SL', versions, 2026))['390']).toBe(1);
  });

  it('becoming a large company with employees from 1 November: monthly 111 for November and December', () => {
    const versions = [
      version('2026-01-01', facts('SL')),
      version('2026-11-01', facts('SL', { largeCompany: true, hasEmployees: true })),
    ];
    expect(periodsOfModel(planObligations('SL', versions, 2026), '111')).toEqual(['11', '12']);
  });

  it('joining the SII from 1 July keeps the 390 and 347 of that year, not of the next', () => {
    const versions = [
      version('2026-01-01', facts('SL')),
      version('2026-07-01', facts('SL', { siiEnabled: true })),
    ];
    const y2026 = countByModel(planObligations('SL', versions, 2026));
    expect(y2026).toMatchObject({ '390': 1, '347': 1 });
    expect(y2026['303']).toBe(2 + 6);
    const y2027 = countByModel(planObligations('SL', versions, 2027));
    expect(y2027['390']).toBeUndefined();
    expect(y2027['347']).toBeUndefined();
  });
});

describe('planObligations: the fiscal year end (modelo 200)', () => {
  it('a company closing on 30 June: the return of the tax period ending that year', () => {
    const versions = [version('2026-01-01', facts('SL', { fiscalYearEnd: '06-30' }))];
    const y2026 = planObligations('SL', versions, 2026).find((o) => o.modelType === '200');
    // The profile starts inside the tax period 2025-07-01..2026-06-30; its return is still due.
    expect(y2026).toMatchObject({
      periodStart: '2025-07-01',
      periodEnd: '2026-06-30',
      dueDate: '2027-01-25', // 30 June + 6 months + 25 days (art. 124.1 LIS)
    });
    const y2027 = planObligations('SL', versions, 2027).find((o) => o.modelType === '200');
    expect(y2027).toMatchObject({ periodStart: '2026-07-01', periodEnd: '2027-06-30' });
  });

  it('a later version moving the fiscal year end: the stored PENDING 200 is reported as update', () => {
    // Arrange: planned and stored with a calendar year, then the year end moves to 30 June from 2027.
    const calendarYear = [version('2026-01-01', facts('SL'))];
    const before = planObligations('SL', calendarYear, 2027).find((o) => o.modelType === '200')!;
    const after = planObligations(
      'SL',
      [...calendarYear, version('2027-01-01', facts('SL', { fiscalYearEnd: '06-30' }))],
      2027,
    );
    const stored = [{ ...before, status: 'PENDING' }];
    // Act
    const { update, remove, create } = reconcileObligations(stored, after, '2027-01-01');
    // Assert
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({
      obligationId: '2027-200-0A',
      periodEnd: '2027-06-30',
      dueDate: '2028-01-25',
    });
    expect(remove).toEqual([]);
    expect(create.map((o) => o.obligationId)).not.toContain('2027-200-0A');
    // A submitted one is left alone.
    expect(reconcileObligations([{ ...before, status: 'SUBMITTED' }], after, '2027-01-01').update).toEqual(
      [],
    );
  });
});

describe('versionAt and nextChangeDate', () => {
  const v1 = version('2026-01-01', facts('SL'));
  const v2 = version('2026-06-01', facts('SL', { hasEmployees: true }));

  it('the latest version with effectiveFrom <= date, whatever the order', () => {
    expect(versionAt([v2, v1], '2025-12-31')).toBeUndefined();
    expect(versionAt([v2, v1], '2026-01-01')).toBe(v1);
    expect(versionAt([v2, v1], '2026-05-31')).toBe(v1);
    expect(versionAt([v2, v1], '2026-06-01')).toBe(v2);
    expect(versionAt([v1, v2], '2030-01-01')).toBe(v2);
  });

  it('first day of the next month, across the year end', () => {
    expect(nextChangeDate('2026-11-26')).toBe('2026-12-01');
    expect(nextChangeDate('2026-12-01')).toBe('2027-01-01');
    expect(nextChangeDate('2026-12-31')).toBe('2027-01-01');
    expect(nextChangeDate('2026-01-31')).toBe('2026-02-01');
  });
});

describe('reconcileObligations', () => {
  const withEmployees = [version('2026-01-01', facts('SL', { hasEmployees: true }))];
  const planned = planObligations('SL', withEmployees, 2026);
  const stored = (id: string, status: string) => {
    const p = planned.find((o) => o.obligationId === id)!;
    return {
      obligationId: id,
      status,
      periodStart: p.periodStart,
      dueDate: p.dueDate,
      domiciliationDueDate: p.domiciliationDueDate,
      paidByDomiciliation: p.paidByDomiciliation,
    };
  };

  it('creates what is missing and leaves what matches', () => {
    const { create, update, remove } = reconcileObligations(
      [stored('2026-303-1T', 'PENDING')],
      planned,
      '2026-01-01',
    );
    expect(create.map((o) => o.obligationId)).not.toContain('2026-303-1T');
    expect(create).toHaveLength(planned.length - 1);
    expect(update).toEqual([]);
    expect(remove).toEqual([]);
  });

  it('removes open obligations the plan lost from protectFrom on, never a settled one nor a started period', () => {
    // Arrange: employees leave from 1 July; the stored 111s were planned with employees.
    const without = planObligations('SL', [...withEmployees, version('2026-07-01', facts('SL'))], 2026);
    const storedItems = [
      stored('2026-111-1T', 'PENDING'), // started before protectFrom
      stored('2026-111-2T', 'OVERDUE'), // started before protectFrom
      stored('2026-111-3T', 'SUBMITTED'), // settled
      stored('2026-111-4T', 'PENDING'),
      stored('2026-190-0A', 'MODEL_GENERATED'),
    ];
    // Act
    const { remove, create } = reconcileObligations(storedItems, without, '2026-07-01');
    // Assert
    expect(remove).toEqual(['2026-111-4T']);
    expect(create.some((o) => o.modelType === '111')).toBe(false);
  });

  it('removes an OVERDUE one of a later period too, but not OBLIGATION_GENERATED', () => {
    const { remove } = reconcileObligations(
      [stored('2026-111-3T', 'OVERDUE'), stored('2026-111-4T', 'OBLIGATION_GENERATED')],
      [],
      '2026-07-01',
    );
    expect(remove).toEqual(['2026-111-3T']);
  });

  it('reports PENDING ones whose dates changed, from protectFrom on', () => {
    const moved = (id: string, status: string) => ({ ...stored(id, status), dueDate: '2000-01-01' });
    const { update, remove } = reconcileObligations(
      [
        moved('2026-303-3T', 'PENDING'),
        moved('2026-303-4T', 'PENDING'),
        moved('2026-111-4T', 'SUBMITTED'),
        { ...stored('2026-303-2T', 'PENDING'), paidByDomiciliation: true },
      ],
      planned,
      '2026-07-01',
    );
    expect(update.map((o) => o.obligationId)).toEqual(['2026-303-3T', '2026-303-4T']);
    expect(remove).toEqual([]);

    const debit = reconcileObligations(
      [{ ...stored('2026-303-4T', 'PENDING'), paidByDomiciliation: true }],
      planned,
      '2026-07-01',
    );
    expect(debit.update.map((o) => o.obligationId)).toEqual(['2026-303-4T']);
  });
});

describe('censusChangeObligation', () => {
  it('a modelo 036 due one month after the change (art. 10.3 RGAT)', () => {
    const o = censusChangeObligation('2026-11-26', '2026-12-01');
    expect(o).toMatchObject({
      obligationId: '2026-036-2026-11-26',
      modelType: '036',
      period: '2026-11-26',
      year: 2026,
      periodicity: 'EVENT',
      periodStart: '2026-11-26',
      paidByDomiciliation: false,
      domiciliationDueDate: null,
      profileVersion: '2026-12-01',
    });
    expect(o.dueDate >= '2026-12-26').toBe(true);
    expect(o.dueDate <= '2026-12-31').toBe(true);
    expect(o.alertDate).toBe(o.dueDate);
  });
});

describe('planObligations: properties', () => {
  const factsArb: fc.Arbitrary<TaxProfileFacts> = fc.record({
    vatRegime: fc.constantFrom(...VAT_REGIMES),
    vatZone: fc.constantFrom(...VAT_ZONES),
    siiEnabled: fc.boolean(),
    largeCompany: fc.boolean(),
    redeme: fc.boolean(),
    vatGroup: fc.boolean(),
    cashAccounting: fc.boolean(),
    prorrataBp: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    irpfMethod: fc.option(fc.constantFrom(...IRPF_METHODS), { nil: null }),
    withholdingExemption130: fc.boolean(),
    irpfRateBp: fc.constantFrom(0, 700, 1500),
    hasEmployees: fc.boolean(),
    paysProfessionals: fc.boolean(),
    rentsPremises: fc.boolean(),
    paysDividendsOrInterest: fc.boolean(),
    paysNonResidents: fc.boolean(),
    intraEuOperations: fc.boolean(),
    intraEuMonthly: fc.boolean(),
    ossRegistered: fc.boolean(),
    assetsAbroad: fc.boolean(),
    domiciliation: fc.record(
      {
        '303': fc.boolean(),
        '111': fc.boolean(),
        '130': fc.boolean(),
        '202': fc.boolean(),
        '100': fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    fiscalYearEnd: fc.constant('12-31'),
  });
  const versionsArb = fc
    .tuple(factsArb, fc.option(fc.tuple(fc.integer({ min: 2, max: 12 }), factsArb), { nil: null }))
    .map(([first, change]) => {
      const versions = [version('2026-01-01', first)];
      if (change) versions.push(version(`2026-${String(change[0]).padStart(2, '0')}-01`, change[1]));
      return versions;
    });

  it('every due date is on or after the period end, ids are unique and no period is covered twice', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPANY_TYPES),
        versionsArb,
        fc.constantFrom(2026, 2027),
        (type, versions, year) => {
          const plan = planObligations(type, versions, year);
          for (const o of plan) {
            expect(o.dueDate >= o.periodEnd).toBe(true);
            expect(o.alertDate <= o.dueDate).toBe(true);
            expect(o.obligationId).toBe(`${year}-${o.modelType}-${o.period}`);
          }
          expect(new Set(plan.map((o) => o.obligationId)).size).toBe(plan.length);
          // Periods of one model never overlap (monthly inside an owed quarter would).
          const byModel = new Map<TaxModel, PlannedObligation[]>();
          for (const o of plan) byModel.set(o.modelType, [...(byModel.get(o.modelType) ?? []), o]);
          for (const list of byModel.values()) {
            const sorted = [...list].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
            for (let i = 1; i < sorted.length; i++) {
              if (sorted[i]!.periodicity === 'INSTALMENTS') continue;
              expect(sorted[i]!.periodStart > sorted[i - 1]!.periodEnd).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('while VAT is owed all year, each month is covered by exactly one 303, whatever the periodicity change', () => {
    const vatFacts = fc.record({
      siiEnabled: fc.boolean(),
      redeme: fc.boolean(),
      largeCompany: fc.boolean(),
      vatGroup: fc.boolean(),
    });
    fc.assert(
      fc.property(vatFacts, vatFacts, fc.integer({ min: 2, max: 12 }), (a, b, month) => {
        const versions = [
          version('2026-01-01', facts('SL', a)),
          version(`2026-${String(month).padStart(2, '0')}-01`, facts('SL', b)),
        ];
        const vat = planObligations('SL', versions, 2026).filter((o) => o.modelType === '303');
        for (let m = 1; m <= 12; m++) {
          const first = `2026-${String(m).padStart(2, '0')}-01`;
          expect(vat.filter((o) => o.periodStart <= first && first <= o.periodEnd)).toHaveLength(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a version with the same facts as the one before changes nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPANY_TYPES),
        factsArb,
        fc.integer({ min: 2, max: 12 }),
        (type, f, month) => {
          const one = planObligations(type, [version('2026-01-01', f)], 2026);
          const two = planObligations(
            type,
            [version('2026-01-01', f), version(`2026-${String(month).padStart(2, '0')}-01`, f)],
            2026,
          );
          expect(two.map(({ profileVersion, ...rest }) => rest)).toEqual(
            one.map(({ profileVersion, ...rest }) => rest),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
