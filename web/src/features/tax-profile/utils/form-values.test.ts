import { describe, expect, it } from 'vitest';
import { slFacts } from '../testing/fixtures';
import { emptyAssistantValues, fromAnswers, toAnswers } from './answers';
import { formFieldOf, toFacts, toFormValues } from './facts-form';
import { issueFieldLabel } from './labels';

describe('assistant answers', () => {
  it('sends euros as céntimos and percentages as basis points, only the questions that apply', () => {
    const values = {
      ...emptyAssistantValues(),
      activity: 'PROFESSIONAL' as const,
      annualTurnover: '45.000,50',
      irpfMethod: 'DIRECTA_SIMPLIFICADA' as const,
      withheldIncomeShare: '72,5',
      intraEuQuarter: '1.000',
    };
    const autonomo = toAnswers(values, 'AUTONOMO');
    expect(autonomo).toMatchObject({
      annualTurnoverCents: 4_500_050,
      irpfMethod: 'DIRECTA_SIMPLIFICADA',
      withheldIncomeShareBp: 7250,
      // No intra-EU operations: the amount typed is not sent.
      intraEuQuarterCents: 0,
    });
    // A company has no IRPF method nor withheld share (it pays the Impuesto sobre Sociedades).
    expect(toAnswers(values, 'SL')).toMatchObject({ irpfMethod: null, withheldIncomeShareBp: null });
    // An empty share is unknown, not zero.
    expect(toAnswers({ ...values, withheldIncomeShare: '' }, 'AUTONOMO').withheldIncomeShareBp).toBeNull();
    expect(toAnswers(fromAnswers(autonomo), 'AUTONOMO')).toEqual(autonomo);
  });
});

describe('profile form values', () => {
  it('round-trips the facts, percentages in basis points and one switch per domiciliable model', () => {
    const facts = slFacts({ prorrataBp: 8050, domiciliation: { '303': true, '111': false } });
    const values = toFormValues(facts);
    expect(values.prorrata).toBe('80,5');
    expect(values.domiciliation['115']).toBe(false);
    expect(toFacts(values, 'SL')).toEqual({ ...facts, domiciliation: { '303': true } });
    expect(toFacts({ ...values, prorrata: ' ' }, 'SL').prorrataBp).toBeNull();
  });

  it('clears what does not apply to the company type', () => {
    const values = {
      ...toFormValues(slFacts()),
      irpfMethod: 'MODULOS' as const,
      withholdingExemption130: true,
      fiscalYearEnd: '06-30',
      intraEuMonthly: true,
    };
    expect(toFacts(values, 'SL')).toMatchObject({
      irpfMethod: null,
      withholdingExemption130: false,
      fiscalYearEnd: '06-30',
      intraEuMonthly: false,
    });
    // Art. 12 LIRPF: an autónomo's tax year is the calendar year.
    expect(toFacts(values, 'AUTONOMO')).toMatchObject({ irpfMethod: 'MODULOS', fiscalYearEnd: '12-31' });
  });

  it('places the API fields on the form and names them in Spanish', () => {
    expect(formFieldOf('facts.prorrataBp')).toEqual(['prorrata']);
    expect(formFieldOf('facts.irpfRateBp')).toEqual(['irpfRate']);
    expect(formFieldOf('facts.domiciliation.303')).toEqual(['domiciliation', '303']);
    expect(formFieldOf('facts.siiEnabled')).toEqual(['siiEnabled']);
    expect(formFieldOf('taxYear')).toEqual(['taxYear']);
    expect(formFieldOf('effectiveFrom')).toBeUndefined();
    expect(issueFieldLabel('facts.vatRegime')).toBe('Régimen de IVA');
    expect(issueFieldLabel('domiciliation.115')).toBe('Domiciliación del modelo 115');
  });
});
