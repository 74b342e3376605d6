import { designBoxes } from '@web/lib/tax-model-designs';
import { describe, expect, it } from 'vitest';
import { draftToAdjustments, hasBankDetails, initialDraft, manualBoxes } from './adjustments';

const defs = designBoxes('303', '303-2026');
const view = { allowedResultTypes: ['I', 'U', 'G'] as ('I' | 'U' | 'G')[] };

describe('a model’s adjustments as typed', () => {
  it('reads the 2026 design of the 303 (its manual boxes, not the compensation [110])', () => {
    expect(defs.length).toBeGreaterThan(50);
    const manual = manualBoxes('303', defs).map((d) => d.box);
    expect(manual).toEqual(expect.arrayContaining(['42', '43', '44']));
    expect(manual).not.toContain('110');
  });

  it('an untouched form sends nothing but the (empty) manual boxes', () => {
    const draft = initialDraft('303', undefined, defs);
    expect(draftToAdjustments('303', draft, view, defs)).toEqual({ adjustments: { boxes: {} }, errors: {} });
  });

  it('turns es-ES amounts into céntimos and keeps the chosen result type only when allowed', () => {
    const draft = {
      ...initialDraft('303', undefined, defs),
      compensation: '1.234,56',
      resultType: 'U' as const,
      iban: 'ES91 2100 0418 4502 0005 1332',
      domiciliation: true,
      boxes: { '43': '-10,50' },
    };
    expect(draftToAdjustments('303', draft, view, defs)).toEqual({
      adjustments: {
        compensationFromPreviousCents: 123_456,
        resultType: 'U',
        iban: 'ES9121000418450200051332',
        domiciliation: true,
        boxes: { '43': -1050 },
      },
      errors: {},
    });
    const refund = draftToAdjustments('303', { ...draft, resultType: 'D' }, view, defs);
    expect(refund.adjustments.resultType).toBeUndefined();
  });

  it("refuses a negative compensation ('… no puede ser negativo') and a wrong IBAN", () => {
    const draft = { ...initialDraft('303', undefined, defs), compensation: '-5', iban: 'ES00 1234' };
    const { errors } = draftToAdjustments('303', draft, view, defs);
    expect(errors.compensation).toBe(
      'Cuotas a compensar pendientes de periodos anteriores no puede ser negativo',
    );
    expect(errors.iban).toBeTruthy();
  });

  it('starts from the stored adjustments', () => {
    const draft = initialDraft(
      '303',
      { compensationFromPreviousCents: 50_000, resultType: 'G', boxes: { '44': 12_345 } },
      defs,
    );
    expect(draft.compensation).toBe('500,00');
    expect(draft.resultType).toBe('G');
    expect(draft.boxes['44']).toBe('123,45');
  });

  it('adds the income-tax fields of the model (130) and keeps their errors with the others', () => {
    const draft = initialDraft('130', { applyDifficultJustification: false, otherIncomeCents: 10_000 }, []);
    expect(draft.income.otherIncome).toBe('100,00');
    const typed = {
      ...draft,
      iban: 'ES91 2100 0418 4502 0005 1332',
      income: { ...draft.income, otherExpenses: '-1' },
    };
    expect(draftToAdjustments('130', typed, { allowedResultTypes: ['I', 'U', 'B'] }, [])).toEqual({
      adjustments: {
        applyDifficultJustification: false,
        otherIncomeCents: 10_000,
        iban: 'ES9121000418450200051332',
      },
      errors: { otherExpenses: 'Otros gastos deducibles no puede ser negativo' },
    });
  });

  it('asks the bank account of the self-assessments paid by direct debit, not of the informative returns', () => {
    expect(['303', '130', '111', '115', '123', '216'].every((m) => hasBankDetails(m as '303'))).toBe(true);
    expect(hasBankDetails('349')).toBe(false);
    expect(hasBankDetails('390')).toBe(false);
  });
});
