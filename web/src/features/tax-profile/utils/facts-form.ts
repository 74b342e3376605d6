/**
 * The profile form ⇄ `TaxProfileFacts` (shared/schemas/tax-profile.ts). The prorrata and the IRPF
 * rate are typed as percentages and kept in basis points; every domiciliable model has its switch.
 * Facts that only apply to autónomos (IRPF method, exemption from 130) are sent empty for the other
 * company types, and only SL/SA may close their tax year on another day than 31 December (art. 27
 * LIS; the IRPF period is the calendar year, art. 12 LIRPF).
 */
import type { CompanyType } from '@shared/db/records';
import {
  DOMICILIABLE_MODELS,
  type DomiciliableModel,
  type TaxProfileFacts,
} from '@shared/schemas/tax-profile';
import { bpToInput, parsePercentToBp } from '@web/lib/money-input';

type PlainFacts = Omit<TaxProfileFacts, 'prorrataBp' | 'irpfRateBp' | 'domiciliation'>;

export interface ProfileFormValues extends PlainFacts {
  /** Percent, es-ES; '' when every input VAT is deductible (no prorrata). */
  prorrata: string;
  /** Percent, es-ES. */
  irpfRate: string;
  domiciliation: Record<DomiciliableModel, boolean>;
  /** Create only: the first tax year the profile covers. */
  taxYear?: number;
  /** Create only: obligations due before today were already filed (pastObligations 'ASSUME_FILED'). */
  assumeFiled?: boolean;
}

export const isAutonomo = (companyType: CompanyType | undefined) => companyType === 'AUTONOMO';
export const ownTaxYearEnd = (companyType: CompanyType | undefined) =>
  companyType === 'SL' || companyType === 'SA';

export function toFormValues(facts: TaxProfileFacts): ProfileFormValues {
  const { prorrataBp, irpfRateBp, domiciliation, ...plain } = facts;
  return {
    ...plain,
    prorrata: prorrataBp === null ? '' : bpToInput(prorrataBp),
    irpfRate: bpToInput(irpfRateBp),
    domiciliation: Object.fromEntries(
      DOMICILIABLE_MODELS.map((m) => [m, domiciliation[m] === true]),
    ) as Record<DomiciliableModel, boolean>,
  };
}

/** The form's values as facts (the form has validated the percentages). */
export function toFacts(values: ProfileFormValues, companyType: CompanyType | undefined): TaxProfileFacts {
  const autonomo = isAutonomo(companyType);
  const prorrata = values.prorrata.trim();
  const domiciliation: TaxProfileFacts['domiciliation'] = {};
  for (const model of DOMICILIABLE_MODELS) {
    if (values.domiciliation?.[model]) domiciliation[model] = true;
  }
  return {
    vatRegime: values.vatRegime,
    vatZone: values.vatZone,
    siiEnabled: values.siiEnabled,
    largeCompany: values.largeCompany,
    redeme: values.redeme,
    vatGroup: values.vatGroup,
    cashAccounting: values.cashAccounting,
    prorrataBp: prorrata === '' ? null : parsePercentToBp(prorrata),
    irpfMethod: autonomo ? values.irpfMethod : null,
    withholdingExemption130: autonomo ? values.withholdingExemption130 : false,
    irpfRateBp: parsePercentToBp(values.irpfRate) ?? 0,
    hasEmployees: values.hasEmployees,
    paysProfessionals: values.paysProfessionals,
    rentsPremises: values.rentsPremises,
    paysDividendsOrInterest: values.paysDividendsOrInterest,
    paysNonResidents: values.paysNonResidents,
    intraEuOperations: values.intraEuOperations,
    intraEuMonthly: values.intraEuOperations ? values.intraEuMonthly : false,
    ossRegistered: values.ossRegistered,
    assetsAbroad: values.assetsAbroad,
    domiciliation,
    fiscalYearEnd: ownTaxYearEnd(companyType) ? values.fiscalYearEnd.trim() : '12-31',
  };
}

/**
 * Where an API error about a field goes in the form: `facts.prorrataBp` → the prorrata field,
 * `facts.domiciliation.303` → that model's switch, `taxYear` → the first year; undefined when the
 * form has no such field (the message is then shown above the form).
 */
export function formFieldOf(apiField: string): (string | number)[] | undefined {
  const name = apiField.startsWith('facts.') ? apiField.slice('facts.'.length) : apiField;
  const [fact, model] = name.split('.');
  if (fact === 'prorrataBp') return ['prorrata'];
  if (fact === 'irpfRateBp') return ['irpfRate'];
  if (fact === 'domiciliation') return model ? ['domiciliation', model] : undefined;
  if (fact === 'taxYear') return ['taxYear'];
  if (fact === 'pastObligations') return ['assumeFiled'];
  return fact && FORM_FACTS.has(fact) ? [fact] : undefined;
}

const FORM_FACTS = new Set<string>([
  'vatRegime',
  'vatZone',
  'siiEnabled',
  'largeCompany',
  'redeme',
  'vatGroup',
  'cashAccounting',
  'irpfMethod',
  'withholdingExemption130',
  'hasEmployees',
  'paysProfessionals',
  'rentsPremises',
  'paysDividendsOrInterest',
  'paysNonResidents',
  'intraEuOperations',
  'intraEuMonthly',
  'ossRegistered',
  'assetsAbroad',
  'fiscalYearEnd',
]);
