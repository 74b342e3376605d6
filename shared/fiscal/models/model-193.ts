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
 * Keys (AEAT DR193, type-2 positions 92 and 93-94; ../withholdings.ts NATURALEZAS_193): a record carries
 * the perception key (A-D) and its naturaleza (two digits), written together as the books and an entered
 * recipient carry them ('B03'). A book line written with one of Cuadra's former internal keys (DIV, INT,
 * OTH) is declared under the real key it stands for (A02, B03, C12: ./annual-withholdings.ts). For keys
 * A, B and D the design's "PAGO" (position 95) is 1, "como emisor": the declarant pays its own dividends
 * and interest.
 */

import { isKey193 } from '../withholdings';
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
    'facts only. Perception keys, naturalezas, "PAGO" and "TIPO DE PERCEPCIÓN" from the AEAT design itself ' +
    '("Modelo 193. Diseños de registro", ejercicio 2019), mirrored as AeatModelos Doc/Specs/DR193_2017.pdf ' +
    '(commit e99d8f737794fbdfed237b335b675ce7a67e8240).',
  boxes: BOXES_193,
  pages: layout193,
  fileFormat: 'BOE',
};

/** A 193 perception key and naturaleza ('B03' → B, 03), as the design lists them (isKey193). */
export function parseKey193(raw: string): ParsedKey {
  if (isKey193(raw)) return { key: raw.slice(0, 1), subkey: raw.slice(1) };
  return {
    key: '',
    subkey: '',
    error:
      `la clave ${raw} no es una clave de percepción del modelo 193 con su naturaleza (A01 a A08, B01 a ` +
      'B07, C01 a C14 o D01 a D07; p. ej. B03 intereses de préstamos): indíquela antes de presentar',
  };
}

/** DR193 position 95 "PAGO", only for keys A, B and D: 1 "como emisor" (the declarant's own payments). */
const PAID_AS_ISSUER = ['A', 'B', 'D'];

const RULES_193: SummaryRules = {
  model: '193',
  parseKey: parseKey193,
  foreignRecipients: false,
  province: true,
  inKind: false,
  complete(record) {
    record.withholdingRateBp = rateOf(record.amountCents, record.withholdingCents ?? 0);
    if (PAID_AS_ISSUER.includes(record.key)) record.paymentKey = 1;
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
