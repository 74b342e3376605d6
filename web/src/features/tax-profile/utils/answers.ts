/**
 * The assistant's form ⇄ `AssistantAnswers` (shared/schemas/tax.ts). People type euros and
 * percentages; the API takes céntimos and basis points, parsed without floats (lib/money-input.ts).
 * Questions that do not apply to the company are sent as the API expects them: no IRPF method for a
 * company that is not an autónomo, no share of withheld income unless a professional autónomo.
 */
import type { CompanyType } from '@shared/db/records';
import type { AssistantAnswers } from '@shared/schemas/tax';
import type { IrpfMethod, VatZone } from '@shared/schemas/tax-profile';
import { bpToInput, centsToInput, parseEurosToCents, parsePercentToBp } from '@web/lib/money-input';
import type { Activity } from './labels';

export interface AssistantFormValues {
  activity?: Activity;
  vatZone: VatZone;
  /** Euros, es-ES. */
  annualTurnover: string;
  irpfMethod?: IrpfMethod;
  /** Percent, es-ES; '' when unknown. */
  withheldIncomeShare: string;
  hasEmployees: boolean;
  paysProfessionals: boolean;
  rentsPremises: boolean;
  paysDividendsOrInterest: boolean;
  paysNonResidents: boolean;
  intraEuOperations: boolean;
  /** Euros, es-ES; only asked with intra-EU operations. */
  intraEuQuarter: string;
  sellsB2cToOtherEuCountries: boolean;
  assetsAbroad: boolean;
  wantsMonthlyRefunds: boolean;
  cashAccounting: boolean;
  payByDomiciliation: boolean;
}

export const emptyAssistantValues = (): AssistantFormValues => ({
  vatZone: 'PENINSULA',
  annualTurnover: '',
  withheldIncomeShare: '',
  hasEmployees: false,
  paysProfessionals: false,
  rentsPremises: false,
  paysDividendsOrInterest: false,
  paysNonResidents: false,
  intraEuOperations: false,
  intraEuQuarter: '',
  sellsB2cToOtherEuCountries: false,
  assetsAbroad: false,
  wantsMonthlyRefunds: false,
  cashAccounting: false,
  payByDomiciliation: false,
});

/** The IRPF method is only asked of autónomos (companies pay the Impuesto sobre Sociedades). */
export const asksIrpfMethod = (companyType: CompanyType | undefined) => companyType === 'AUTONOMO';

/**
 * The share of withheld income is only asked of professional autónomos: it decides the exemption
 * from modelo 130 (art. 109.1 RIRPF: at least 70 % of last year's income under withholding).
 */
export const asksWithheldShare = (companyType: CompanyType | undefined, activity: Activity | undefined) =>
  companyType === 'AUTONOMO' && activity === 'PROFESSIONAL';

/** The form's values as the API's answers (the form has validated them: amounts parse). */
export function toAnswers(
  values: AssistantFormValues,
  companyType: CompanyType | undefined,
): AssistantAnswers {
  const activity = values.activity ?? 'BUSINESS';
  const share = values.withheldIncomeShare.trim();
  return {
    activity,
    vatZone: values.vatZone,
    annualTurnoverCents: parseEurosToCents(values.annualTurnover) ?? 0,
    irpfMethod: asksIrpfMethod(companyType) ? (values.irpfMethod ?? null) : null,
    withheldIncomeShareBp:
      asksWithheldShare(companyType, activity) && share !== '' ? parsePercentToBp(share) : null,
    hasEmployees: values.hasEmployees,
    paysProfessionals: values.paysProfessionals,
    rentsPremises: values.rentsPremises,
    paysDividendsOrInterest: values.paysDividendsOrInterest,
    paysNonResidents: values.paysNonResidents,
    intraEuOperations: values.intraEuOperations,
    intraEuQuarterCents: values.intraEuOperations ? (parseEurosToCents(values.intraEuQuarter) ?? 0) : 0,
    sellsB2cToOtherEuCountries: values.sellsB2cToOtherEuCountries,
    assetsAbroad: values.assetsAbroad,
    wantsMonthlyRefunds: values.wantsMonthlyRefunds,
    cashAccounting: values.cashAccounting,
    payByDomiciliation: values.payByDomiciliation,
  };
}

/** Saved answers (the assistant's draft) back into the form. */
export function fromAnswers(answers: AssistantAnswers): AssistantFormValues {
  return {
    activity: answers.activity,
    vatZone: answers.vatZone,
    annualTurnover: centsToInput(answers.annualTurnoverCents),
    irpfMethod: answers.irpfMethod ?? undefined,
    withheldIncomeShare:
      answers.withheldIncomeShareBp === null ? '' : bpToInput(answers.withheldIncomeShareBp),
    hasEmployees: answers.hasEmployees,
    paysProfessionals: answers.paysProfessionals,
    rentsPremises: answers.rentsPremises,
    paysDividendsOrInterest: answers.paysDividendsOrInterest,
    paysNonResidents: answers.paysNonResidents,
    intraEuOperations: answers.intraEuOperations,
    intraEuQuarter: answers.intraEuQuarterCents > 0 ? centsToInput(answers.intraEuQuarterCents) : '',
    sellsB2cToOtherEuCountries: answers.sellsB2cToOtherEuCountries,
    assetsAbroad: answers.assetsAbroad,
    wantsMonthlyRefunds: answers.wantsMonthlyRefunds,
    cashAccounting: answers.cashAccounting,
    payByDomiciliation: answers.payByDomiciliation,
  };
}
