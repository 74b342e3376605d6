/**
 * Modelo 180, resumen anual de retenciones e ingresos a cuenta sobre rendimientos procedentes del
 * arrendamiento o subarrendamiento de inmuebles urbanos (art. 101.8 LIRPF, art. 108.3 RIRPF; issue 15 item
 * 5): one record per landlord, summed over the year's `W|RENT|-` lines, plus the landlords the person
 * enters (rents paid outside the books, with the leased property). See ./annual-withholdings.ts. Pure;
 * amounts in céntimos.
 *
 * Boxes (type-1 record): [01] number of recipients (type-2 records), [02] base of the withholdings
 * (signed), [03] withholdings. Invariant: [02] and [03] equal Σ of [02] and [03] of the year's 115s
 * (one return per quarter or month, same `W|RENT|-` lines): a WARNING when they differ.
 *
 * The property (situation, cadastral reference, address) comes only from the entered recipients: the
 * books do not record which property a rent invoice is for, so a landlord of the books is declared with a
 * WARNING naming what is missing.
 */

import { formatEuros } from '../money';
import {
  collectAnnualSummary,
  type ParsedKey,
  provinceOfPostalCode,
  rateOf,
  type SummaryRules,
  sumOfYearReturns,
  totalOf,
} from './annual-withholdings';
import { layout180 } from './layouts/180';
import type {
  BoxDef,
  DeclaredRecord,
  LeasedPropertyInput,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
} from './types';

const SECTION = 'Resumen de los datos incluidos en la declaración';
const BOXES_180: BoxDef[] = [
  { box: '01', label: 'Número total de perceptores', unit: 'COUNT', signed: false, section: SECTION },
  {
    box: '02',
    label: 'Base de las retenciones e ingresos a cuenta',
    unit: 'CENTS',
    signed: true,
    section: SECTION,
  },
  { box: '03', label: 'Retenciones e ingresos a cuenta', unit: 'CENTS', signed: false, section: SECTION },
];

export const design180: ModelDesign = {
  id: '180-2016',
  modelType: '180',
  validFrom: '2016-01-01',
  validTo: null,
  source:
    'OCA/l10n-spain l10n_es_aeat_mod180/data/aeat_export_mod180_data.xml and aeat_export_mod180_line_data.xml ' +
    '("Modelo 180", date_start 2016-01-01; PR #3617, commit b103d8335a2696261341b926d07286e9e3cb647f). The ' +
    "AEAT's own design was not available.",
  boxes: BOXES_180,
  pages: layout180,
  fileFormat: 'BOE',
};

/** The 180 has no perception key: the books write '-', and an entered landlord '-' or nothing. */
export const parseKey180 = (raw: string): ParsedKey =>
  raw === '-' || raw === ''
    ? { key: '-', subkey: '' }
    : { key: '-', subkey: '', error: `el modelo 180 no tiene claves de percepción (indique "-", no ${raw})` };

/** Puts the leased property on the record; what the design asks for and the input lacks. */
function addProperty(record: DeclaredRecord, property: LeasedPropertyInput | undefined): string[] {
  if (!property) {
    return ['los datos del inmueble arrendado (situación, referencia catastral y dirección)'];
  }
  const missing: string[] = [];
  record.propertySituation = property.situation;
  record.cadastralReference = property.cadastralReference?.trim().toUpperCase() ?? '';
  if (property.situation !== 4 && !record.cadastralReference)
    missing.push('la referencia catastral del inmueble');
  record.streetType = property.streetType ?? '';
  record.streetName = property.streetName;
  record.numberType = property.numberType ?? '';
  if (property.number !== undefined) record.streetNumber = property.number;
  record.numberQualifier = property.numberQualifier ?? '';
  record.block = property.block ?? '';
  record.portal = property.portal ?? '';
  record.stairs = property.stairs ?? '';
  record.floor = property.floor ?? '';
  record.door = property.door ?? '';
  record.addressComplement = property.complement ?? '';
  record.locality = property.locality ?? '';
  record.municipality = property.municipality;
  // OCA writes "00000" when the municipality's code is not known (aeat_export_mod180_line_data.xml, 316).
  record.municipalityCode = property.municipalityCode ?? '00000';
  record.postalCode = property.postalCode;
  const province = provinceOfPostalCode(property.postalCode);
  record.provinceCode = province ?? '';
  if (!province) missing.push(`un código postal español del inmueble (${property.postalCode})`);
  return missing;
}

/** Lengths of the property's fields in the design (type 2, positions 135-213). */
const PROPERTY_LENGTHS = {
  streetType: 5,
  numberType: 3,
  numberQualifier: 3,
  block: 3,
  portal: 3,
  stairs: 3,
  floor: 3,
  door: 3,
} as const;

/** Why an entered property cannot be written, or undefined. */
export function invalidProperty(property: LeasedPropertyInput | undefined): string | undefined {
  if (!property) return undefined;
  if (![1, 2, 3, 4].includes(property.situation)) return 'la situación del inmueble es 1, 2, 3 o 4';
  const reference = property.cadastralReference?.trim().toUpperCase() ?? '';
  if (reference && !/^[0-9A-Z]{20}$/.test(reference)) {
    return 'la referencia catastral del inmueble tiene 20 letras y cifras';
  }
  if (!property.streetName.trim() || !property.municipality.trim()) {
    return 'faltan la vía pública o el municipio del inmueble';
  }
  if (!provinceOfPostalCode(property.postalCode)) {
    return `el código postal del inmueble (${property.postalCode}) no es un código postal español`;
  }
  if (property.municipalityCode !== undefined && !/^\d{5}$/.test(property.municipalityCode)) {
    return 'el código de municipio del inmueble tiene 5 cifras';
  }
  if (
    property.number !== undefined &&
    !(Number.isSafeInteger(property.number) && property.number >= 0 && property.number <= 99_999)
  ) {
    return 'el número de casa del inmueble es un número de hasta 5 cifras';
  }
  for (const [field, length] of Object.entries(PROPERTY_LENGTHS)) {
    const value = property[field as keyof typeof PROPERTY_LENGTHS];
    if (value !== undefined && value.trim().length > length) {
      return `un dato de la dirección del inmueble (${value}) pasa de ${length} caracteres`;
    }
  }
  return undefined;
}

const RULES_180: SummaryRules = {
  model: '180',
  parseKey: parseKey180,
  foreignRecipients: false,
  province: true,
  inKind: false,
  validate: (r) => invalidProperty(r.property),
  complete(record, { entered }) {
    record.withholdingRateBp = rateOf(record.amountCents, record.withholdingCents ?? 0);
    const missing = addProperty(record, entered?.property);
    // As OCA does, the landlord's province falls back to the property's (its postal code) when not given.
    if (!record.province && record.provinceCode) record.province = record.provinceCode;
    return missing;
  },
};

export function compute180(input: ModelInput, design: ModelDesign): ModelComputation {
  const summary = collectAnnualSummary(input, RULES_180);
  const { records } = summary;
  const boxes = {
    '01': records.length,
    '02': totalOf(records, (r) => r.amountCents),
    '03': totalOf(records, (r) => r.withholdingCents),
  };
  const issues: ModelIssue[] = [...summary.issues, ...checkAgainst115(input, boxes)];
  return {
    modelType: '180',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type: 'INFORMATIVE', amountCents: boxes['02'] },
    allowedResultTypes: ['INFORMATIVE'],
    records,
    issues,
    sources: { '01': summary.sources, '02': summary.sources, '03': summary.sources },
  };
}

/** [02] and [03] against Σ of the year's 115s ([02] base, [03] withholdings). */
function checkAgainst115(input: ModelInput, boxes: Record<'02' | '03', number>): ModelIssue[] {
  const year115 = sumOfYearReturns(input, '115');
  if (!year115) return [];
  const issues: ModelIssue[] = [];
  for (const [box, what, verb] of [
    ['02', 'La base de las retenciones del 180', 'no coincide'],
    ['03', 'Las retenciones del 180', 'no coinciden'],
  ] as const) {
    const in115 = year115.boxes(box);
    if (in115 === boxes[box]) continue;
    issues.push({
      code: 'SUM_115',
      field: box,
      message:
        `${what} (${formatEuros(boxes[box])}) ${verb} con la suma de [${box}] de los 115 del año ` +
        `(${year115.periods.join(', ')}: ${formatEuros(in115)}).`,
      severity: 'WARNING',
    });
  }
  return issues;
}

export const model180: ModelDefinition = {
  modelType: '180',
  name: 'Retenciones e ingresos a cuenta sobre rendimientos del arrendamiento de inmuebles urbanos. Resumen anual',
  periodicities: ['ANNUAL'],
  designs: [design180],
  compute: compute180,
};
