/**
 * Modelo 193, resumen anual de retenciones e ingresos a cuenta sobre determinados rendimientos del capital
 * mobiliario (IRPF, IS, IRNR con establecimiento permanente; issue 15 item 7): one record per recipient and
 * key, summed over the year's `W|CAPITAL|<key>` lines, plus the recipients the person enters. See
 * ./annual-withholdings.ts. Pure; amounts in céntimos.
 *
 * Boxes (type-1 record, ./layouts/193.ts): [01] number of recipients (type-2 records), [02] base of the
 * withholdings, [03] withholdings, [04] withholdings paid in (the declarant's own: every one it withheld,
 * paid through its 123s), [05] expenses of art. 26.1.a LIRPF (entered by the person, adjustments.boxes).
 *
 * Keys: a record carries the 193 perception key (a letter) and the naturaleza (two digits), written
 * together as the key of an entered recipient ('A01'). The books' keys are Cuadra's internal ones until the
 * 193's key list is sourced (../withholdings.ts CAPITAL: DIV, INT, OTH): such a record is declared with a
 * blank key and an ERROR asking for it. The AEAT's value lists could not be sourced here (see
 * ./layouts/193.ts), so an entered key is checked for its form only.
 */

import {
  collectAnnualSummary,
  type ParsedKey,
  rateOf,
  type SummaryRules,
  totalOf,
} from './annual-withholdings';
import { layout193 } from './layouts/193';
import type { BoxDef, ModelComputation, ModelDefinition, ModelDesign, ModelInput, ModelIssue } from './types';

const SECTION = 'Resumen de los datos incluidos en la declaración';
const BOXES_193: BoxDef[] = [
  { box: '01', label: 'Número total de perceptores', unit: 'COUNT', signed: false, section: SECTION },
  {
    box: '02',
    label: 'Base de las retenciones e ingresos a cuenta',
    unit: 'CENTS',
    signed: false,
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
  {
    box: '05',
    label: 'Importe de los gastos del art. 26.1.a) de la Ley del IRPF',
    unit: 'CENTS',
    signed: false,
    manual: true,
    section: SECTION,
  },
];

export const design193: ModelDesign = {
  id: '193-2019',
  modelType: '193',
  validFrom: '2019-01-01',
  validTo: null,
  source:
    'Positions, lengths and types as pbarcelog/AeatModelos Src/Mod193e2019v00 (Mod193e2019v00.cs, ' +
    'Mod193e2019v00p01.cs after the AEAT DR193_2017.pdf; commit 41d702d1da5ced1b287c4c406bd3ce4374471bb2): ' +
    "facts only. The AEAT's own design and its value lists were not available.",
  boxes: BOXES_193,
  pages: layout193,
  fileFormat: 'BOE',
};

/** '<letter><two digits>' (key and naturaleza); the books' internal keys are not 193 keys. */
export function parseKey193(raw: string): ParsedKey {
  const m = /^([A-Z])(\d{2})$/.exec(raw);
  if (m) return { key: m[1] as string, subkey: m[2] as string };
  return {
    key: '',
    subkey: '',
    error:
      `la clave ${raw} no es una clave de percepción del modelo 193 con su naturaleza (una letra y dos ` +
      'cifras, p. ej. A01): indíquela antes de presentar',
  };
}

const RULES_193: SummaryRules = {
  model: '193',
  parseKey: parseKey193,
  foreignRecipients: false,
  province: true,
  inKind: false,
  complete(record) {
    record.withholdingRateBp = rateOf(record.amountCents, record.withholdingCents ?? 0);
    return [];
  },
};

export function compute193(input: ModelInput, design: ModelDesign): ModelComputation {
  const summary = collectAnnualSummary(input, RULES_193);
  const { records } = summary;
  const issues: ModelIssue[] = [...summary.issues];
  for (const r of records) {
    if (r.amountCents < 0) {
      issues.push({
        code: 'NEGATIVE_BASE',
        field: r.counterpartyKey,
        message: `La base de ${r.name || r.taxId} es negativa en el año: el modelo 193 no admite importes negativos.`,
        severity: 'ERROR',
      });
    }
  }
  const expenses = input.adjustments.boxes?.['05'] ?? 0;
  if (!Number.isSafeInteger(expenses) || expenses < 0) {
    issues.push({
      code: 'NEGATIVE_BOX',
      field: '05',
      message: '[05] debe ser un importe en céntimos mayor o igual que cero.',
      severity: 'ERROR',
    });
  }
  const withholdings = totalOf(records, (r) => r.withholdingCents);
  const boxes = {
    '01': records.length,
    '02': totalOf(records, (r) => r.amountCents),
    '03': withholdings,
    '04': withholdings,
    '05': expenses,
  };
  return {
    modelType: '193',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type: 'INFORMATIVE', amountCents: boxes['02'] },
    allowedResultTypes: ['INFORMATIVE'],
    records,
    issues,
    sources: {
      '01': summary.sources,
      '02': summary.sources,
      '03': summary.sources,
      '04': summary.sources,
      '05': [],
    },
  };
}

export const model193: ModelDefinition = {
  modelType: '193',
  name: 'Retenciones e ingresos a cuenta sobre determinados rendimientos del capital mobiliario. Resumen anual',
  periodicities: ['ANNUAL'],
  designs: [design193],
  compute: compute193,
};
