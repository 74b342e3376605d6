/**
 * Modelo 296, resumen anual de retenciones e ingresos a cuenta del IRNR, rentas obtenidas sin mediación
 * de establecimiento permanente (art. 15.2 RIRNR; issue 15 item 7): one record per recipient and key,
 * summed over the year's `W|NON_RESIDENT|<key>` lines, plus the recipients the person enters. See
 * ./annual-withholdings.ts. Pure; amounts in céntimos.
 *
 * Boxes (type-1 record, AEAT DR296 2017): [01] number of recipients (type-2 records), [02] base of the
 * withholdings (signed), [03] withholdings, [04] withholdings paid in — those of claves 03 to 25 and of
 * claves 01-02 paid as issuer or withholder ("PAGO" 1): every record of the declarant's own payments, so
 * [04] = [03].
 *
 * Keys (DR296 2017, positions 100-103; ../withholdings.ts NON_RESIDENT and isKey296): the two-digit clave
 * (01 dividends … 25 other income) and subclave (01 general rates … 11), written together as '1901', as the
 * books and an entered recipient carry them. A book line written with Cuadra's former key '-' is declared
 * under the residual clave 25 "Otras rentas" at the general rates, '2501' (./annual-withholdings.ts).
 * A recipient without a Spanish NIF is named by the tax id of the country of residence (counterparty key
 * `<country>:<type>:<value>`). The accrual date, the address abroad and, for individuals, the birth data
 * are not in the books: a WARNING lists them per record (an entered recipient may give the date and the
 * address).
 */

import { isKey296 } from '../withholdings';
import {
  collectAnnualSummary,
  type ParsedKey,
  personTypeOfNif,
  type RecordContext,
  rateOf,
  type SummaryRules,
  totalOf,
} from './annual-withholdings';
import { layout296 } from './layouts/296';
import type {
  BoxDef,
  DeclaredRecord,
  ForeignAddressInput,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
} from './types';

const SECTION = 'Resumen de los datos incluidos en la declaración';
const BOXES_296: BoxDef[] = [
  { box: '01', label: 'Número total de perceptores', unit: 'COUNT', signed: false, section: SECTION },
  {
    box: '02',
    label: 'Base de las retenciones e ingresos a cuenta',
    unit: 'CENTS',
    signed: true,
    section: SECTION,
  },
  { box: '03', label: 'Retenciones e ingresos a cuenta', unit: 'CENTS', signed: false, section: SECTION },
  {
    box: '04',
    label: 'Retenciones e ingresos a cuenta ingresados',
    unit: 'CENTS',
    signed: false,
    section: SECTION,
  },
];

export const design296: ModelDesign = {
  id: '296-2017',
  modelType: '296',
  validFrom: '2017-01-01',
  validTo: null,
  source:
    'AEAT, "Modelo 296. Diseños de registro", ejercicio 2017 (OCA/l10n-spain l10n_es_aeat_mod296/docs/' +
    'DR296_2017.pdf, branch 16.0, commit 5fadee3fa8d7181adbd0e5df49e6f07d03b87411). A 2024 design exists ' +
    'upstream (docs/DR_296_2024.pdf) and could not be read here.',
  boxes: BOXES_296,
  pages: layout296,
  fileFormat: 'BOE',
};

/** DR296 2017: claves 01-25, subclaves 01-11 ('1901' → 19, 01). */
export function parseKey296(raw: string): ParsedKey {
  if (isKey296(raw)) return { key: raw.slice(0, 2), subkey: raw.slice(2) };
  return {
    key: '',
    subkey: '',
    error:
      `la clave ${raw} no es una clave y subclave del modelo 296 (cuatro cifras: clave 01 a 25 y subclave ` +
      '01 a 11, p. ej. 1901): indíquela antes de presentar',
  };
}

const QUARTER_NAMES = ['1T', '2T', '3T', '4T'];

/** An ISO date of the year as the design writes it (DDMMAAAA), or undefined. */
function accrualOf(iso: string | undefined, year: number): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m || Number(m[1]) !== year) return undefined;
  const date = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  if (date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) return undefined;
  return `${m[3]}${m[2]}${m[1]}`;
}

function complete296(record: DeclaredRecord, { year, entered, quarters }: RecordContext): string[] {
  const missing: string[] = [];
  record.withholdingRateBp = rateOf(record.amountCents, record.withholdingCents ?? 0);
  // DR296 "PAGO": for claves 01-02, 1 = paid as issuer and/or withholder (the declarant's own payments).
  if (record.key === '01' || record.key === '02') record.paymentKey = 1;
  if (!record.residenceCountry && record.country && record.country !== 'ES')
    record.residenceCountry = record.country;
  if (!record.residenceCountry) missing.push('el país de residencia fiscal');
  record.personType = entered?.personType ?? (record.taxId ? personTypeOfNif(record.taxId) : undefined);
  if (!record.personType) missing.push('si es persona física o jurídica (F/J)');
  const accrual = accrualOf(entered?.accrualDate, year);
  if (accrual) record.accrualDate = accrual;
  else if (entered?.accrualDate)
    missing.push(`una fecha de devengo del ejercicio (${entered.accrualDate} no lo es)`);
  else if (quarters.length > 0) {
    missing.push(
      `la fecha de devengo (los libros solo dan el trimestre: ${quarters.map((q) => QUARTER_NAMES[q]).join(', ')})`,
    );
  } else missing.push('la fecha de devengo');
  const address = entered?.address;
  if (address) {
    record.streetName = address.street;
    record.addressComplement = address.complement ?? '';
    record.locality = address.city;
    record.regionName = address.region ?? '';
    record.postalCode = (address.postalCode ?? '').trim();
    record.addressCountry = address.country.toUpperCase();
  } else {
    missing.push('el domicilio en el país de residencia');
  }
  if (record.personType === 'F') missing.push('la fecha y el lugar de nacimiento');
  return missing;
}

/** Why an entered recipient's address abroad cannot be written (DR296 positions 227-388), or undefined. */
function invalidAddress(address: ForeignAddressInput | undefined): string | undefined {
  if (!address) return undefined;
  if (!address.street.trim() || !address.city.trim())
    return 'faltan el domicilio o la población del perceptor';
  if (!/^[A-Z]{2}$/.test(address.country.toUpperCase()))
    return 'el país del domicilio debe ser un código de 2 letras';
  if ((address.postalCode ?? '').trim().length > 10)
    return 'el código postal del domicilio pasa de 10 caracteres';
  return undefined;
}

const RULES_296: SummaryRules = {
  model: '296',
  parseKey: parseKey296,
  foreignRecipients: true,
  province: false,
  inKind: false,
  validate: (r) => invalidAddress(r.address),
  complete: complete296,
};

export function compute296(input: ModelInput, design: ModelDesign): ModelComputation {
  const summary = collectAnnualSummary(input, RULES_296);
  const { records } = summary;
  const withholdings = totalOf(records, (r) => r.withholdingCents);
  const boxes = {
    '01': records.length,
    '02': totalOf(records, (r) => r.amountCents),
    '03': withholdings,
    // Claves 03-25, and 01-02 with PAGO 1: all of the declarant's own records.
    '04': totalOf(
      records.filter((r) => !['01', '02'].includes(r.key) || r.paymentKey === 1),
      (r) => r.withholdingCents,
    ),
  };
  return {
    modelType: '296',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type: 'INFORMATIVE', amountCents: boxes['02'] },
    allowedResultTypes: ['INFORMATIVE'],
    records,
    issues: summary.issues,
    sources: { '01': summary.sources, '02': summary.sources, '03': summary.sources, '04': summary.sources },
  };
}

export const model296: ModelDefinition = {
  modelType: '296',
  name: 'Retenciones e ingresos a cuenta del IRNR (rentas sin establecimiento permanente). Resumen anual',
  periodicities: ['ANNUAL'],
  designs: [design296],
  compute: compute296,
};
