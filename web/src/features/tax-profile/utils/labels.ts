/**
 * Spanish labels of the tax profile screens: each census fact of shared/schemas/tax-profile.ts, the
 * assistant's activities, the periodicities of the models and the short yes/no of the questions.
 * The values of the enumerations use the label maps of tax-profile.ts (vatRegimeLabels, ...).
 */
import type { Periodicity } from '@shared/fiscal/tax-calendar';
import type { AssistantAnswers } from '@shared/schemas/tax';
import type { TaxProfileFacts } from '@shared/schemas/tax-profile';

/** The name of each fact, as the profile form and the assistant's proposal show it. */
export const FACT_LABELS: Record<keyof TaxProfileFacts, string> = {
  vatRegime: 'Régimen de IVA',
  vatZone: 'Territorio',
  siiEnabled: 'Suministro Inmediato de Información (SII)',
  largeCompany: 'Gran empresa (más de 6.010.121,04 € de volumen de operaciones)',
  redeme: 'Registro de devolución mensual del IVA (REDEME)',
  vatGroup: 'Régimen especial del grupo de entidades (IVA)',
  cashAccounting: 'Criterio de caja del IVA',
  prorrataBp: 'Prorrata del IVA soportado (%)',
  irpfMethod: 'Método de estimación del IRPF',
  withholdingExemption130: 'Exento del modelo 130 (70 % o más de los ingresos con retención)',
  irpfRateBp: 'Retención de IRPF en sus facturas (%)',
  hasEmployees: 'Tiene trabajadores',
  paysProfessionals: 'Paga a profesionales con retención',
  rentsPremises: 'Alquila un local de negocio con retención',
  paysDividendsOrInterest: 'Paga dividendos o intereses',
  paysNonResidents: 'Paga rentas a no residentes',
  intraEuOperations: 'Operaciones intracomunitarias',
  intraEuMonthly: 'Modelo 349 mensual (más de 50.000 € en el trimestre)',
  ossRegistered: 'Ventanilla única del IVA (OSS)',
  assetsAbroad: 'Bienes en el extranjero de más de 50.000 €',
  domiciliation: 'Domiciliación bancaria',
  fiscalYearEnd: 'Cierre del ejercicio fiscal (MM-DD)',
};

export type Activity = AssistantAnswers['activity'];

/** The assistant's first question, in plain words. */
export const ACTIVITY_LABELS: Record<Activity, string> = {
  PROFESSIONAL: 'Profesional (abogacía, consultoría, diseño, arquitectura…)',
  BUSINESS: 'Empresarial (fabricación, hostelería, transporte, servicios…)',
  RETAIL: 'Comercio minorista (venta al público)',
  FARMING: 'Agricultura, ganadería o pesca',
  EXEMPT: 'Solo operaciones exentas de IVA (sanidad, enseñanza, seguros…)',
};

export const PERIODICITY_LABELS: Record<Periodicity, string> = {
  MONTHLY: 'Mensual',
  QUARTERLY: 'Trimestral',
  ANNUAL: 'Anual',
  INSTALMENTS: 'Pagos fraccionados',
  EVENT: 'Cuando se produce el hecho',
};

/** A periodicity as the API sends it (the assistant's proposal types it as a string). */
export const periodicityLabel = (periodicity: string): string =>
  PERIODICITY_LABELS[periodicity as Periodicity] ?? periodicity;

export const yesNo = (value: boolean): string => (value ? 'Sí' : 'No');

/** `{ A: 'x', B: 'y' }` → antd options. */
export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/**
 * The label of a field an API issue names (`facts.vatRegime`, `domiciliation.303`, `irpfMethod`), for
 * the assistant's list of issues; the raw name when it is not a fact.
 */
export function issueFieldLabel(field: string): string {
  const name = field.startsWith('facts.') ? field.slice('facts.'.length) : field;
  const [fact, model] = name.split('.');
  if (fact === 'domiciliation' && model) return `Domiciliación del modelo ${model}`;
  return FACT_LABELS[fact as keyof TaxProfileFacts] ?? name;
}
