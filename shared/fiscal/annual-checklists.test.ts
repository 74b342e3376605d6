import { describe, expect, it } from 'vitest';
import { buildAnnualChecklist, type ChecklistInput } from './annual-checklists';
import { testFacts } from './models/testing';

const figures = {
  incomeCents: 1_700_000,
  expensesCents: 734_000,
  investmentGoodsCents: 0,
  withholdingsBorneCents: 150_000,
  withholdingsAppliedCents: 49_200,
  issuedCount: 8,
  receivedCount: 12,
};

const input = (over: Partial<ChecklistInput> = {}): ChecklistInput => ({
  modelType: '100',
  year: 2025,
  companyType: 'AUTONOMO',
  facts: testFacts({ irpfMethod: 'DIRECTA_SIMPLIFICADA' }),
  figures,
  instalments: [
    { modelType: '130', period: '1T', status: 'SUBMITTED', resultCents: 14_300 },
    { modelType: '130', period: '2T', status: 'MODEL_GENERATED', resultCents: 19_240 },
    { modelType: '130', period: '3T', status: 'NOT_GENERATED', resultCents: null },
  ],
  censusChanges: [],
  ...over,
});

describe('annual checklists', () => {
  it('100: the books, the withholdings borne and the 130s paid are known; the rest is to provide', () => {
    const c = buildAnnualChecklist(input());
    expect(c.applies).toBe(true);
    const byId = Object.fromEntries(c.items.map((i) => [i.id, i]));
    expect(byId.income).toMatchObject({ status: 'KNOWN', amountCents: 1_700_000 });
    expect(byId.net).toMatchObject({ status: 'KNOWN', amountCents: 966_000 });
    expect(byId['withholdings-borne']).toMatchObject({ status: 'KNOWN', amountCents: 150_000 });
    expect(byId['instalment-130-3T']?.status).toBe('PENDING');
    // Only submitted instalments count as paid.
    expect(byId['instalments-130']).toMatchObject({ status: 'KNOWN', amountCents: 14_300 });
    expect(byId.reta?.status).toBe('TO_PROVIDE');
    expect(c.summary.known + c.summary.pending + c.summary.toProvide).toBe(c.items.length);
  });

  it('100 for módulos lists the 131s; a company does not owe it', () => {
    const c = buildAnnualChecklist(
      input({
        facts: testFacts({ irpfMethod: 'MODULOS' }),
        instalments: [{ modelType: '131', period: '1T', status: 'SUBMITTED', resultCents: 5_000 }],
      }),
    );
    expect(c.items.some((i) => i.id === 'instalments-131')).toBe(true);
    expect(buildAnnualChecklist(input({ companyType: 'SL' })).applies).toBe(false);
  });

  it('200: never invents the accounting result; without books it asks for them', () => {
    const c = buildAnnualChecklist(
      input({ modelType: '200', companyType: 'SL', figures: null, instalments: [] }),
    );
    expect(c.applies).toBe(true);
    const result = c.items.find((i) => i.id === 'accounting-result');
    expect(result?.status).toBe('TO_PROVIDE');
    expect(result?.amountCents).toBeUndefined();
    expect(c.items.find((i) => i.id === 'books')?.status).toBe('TO_PROVIDE');
  });

  it('036 lists the census changes of the year; 369 and 720 follow the profile', () => {
    const c = buildAnnualChecklist(
      input({
        modelType: '036',
        censusChanges: [
          { effectiveFrom: '2025-07-01', changes: ['Régimen de IVA: general → criterio de caja'] },
        ],
      }),
    );
    expect(c.applies).toBe(true);
    expect(c.items[0]).toMatchObject({ label: 'Cambio en vigor desde el 01/07/2025', status: 'KNOWN' });
    expect(buildAnnualChecklist(input({ modelType: '369' })).applies).toBe(false);
    expect(
      buildAnnualChecklist(input({ modelType: '369', facts: testFacts({ ossRegistered: true }) })).applies,
    ).toBe(true);
    expect(
      buildAnnualChecklist(input({ modelType: '720', facts: testFacts({ assetsAbroad: true }) })).items.every(
        (i) => i.status === 'TO_PROVIDE',
      ),
    ).toBe(true);
  });
});
