/**
 * Modelo 369, the one-stop shop's quarterly return (ventanilla única, régimen de la Unión: LIVA título IX
 * capítulo XI sección 3.ª, arts. 163 quinquiesdecies and following [verify numbering]; Orden HAC/610/2021), as versioned
 * data computed from the quarter's aggregate lines alone (grammar v6 of ../aggregate-keys.ts: the issued
 * N2 keys that carry a member state of consumption). Pure; amounts in céntimos, rates in basis points.
 *
 * What it declares, per member state of consumption:
 *  - one line per rate of that state: the taxable base and the VAT charged in the quarter (the invoices
 *    of the quarter and their rectificativas of the same quarter), as records (`OPERATOR`: `country`,
 *    `vatRateBp`, `baseCents`, `amountCents` the VAT, `key` 'S' standard or 'R' reduced rate, as the
 *    AEAT's form and OCA's l10n_es_aeat_mod369 qualify each rate);
 *  - the corrections of earlier quarters: a rectificativa of an invoice of an earlier quarter changes
 *    that quarter's return, declared in this one by state and corrected period (art. 61 Reglamento de
 *    Ejecución (UE) 282/2011; OCA's page 7), as `RECTIFICATION` records with `correctedYear` and
 *    `correctedPeriod`;
 *  - boxes per state (`FR.base`, `FR.vat`, `FR.corr`, `FR.total` = VAT + corrections) and `total`,
 *    the sum of every state's total: what is paid to the AEAT, which shares it out (art. 369i
 *    Directive 2006/112/EC). The form prints no box numbers; these are Cuadra's names.
 * Result: `I` (a ingresar) above zero; `N` at zero (a return without activity is still filed: art. 369f
 * Directive) or below it (the member states of consumption refund an excess themselves).
 *
 * Not modelled: the régimen exterior and the import scheme (IOSS, monthly), supplies from fixed
 * establishments or stock in other member states (the form's sections 5 and 6), and goods apart from
 * services (sections 3 and 4): the books do not record which an invoice line is, so every line is
 * declared as the services of section 3 and the person moves goods on the form.
 *
 * File: the AEAT publishes a record design for filing the 369 as a file (DR369e21, "Descripción de la
 * presentación mediante fichero del modelo 369", mirrored in OCA/l10n-spain l10n_es_aeat_mod369/docs);
 * Cuadra does not write it yet. The return is filed in the Sede electrónica's form from the lines this
 * computation exports (CSV/XLSX) and its PDF summary: `fileFormat` FORM.
 */

import { parseIssuedKey } from '../aggregate-keys';
import { euRateKind, memberStateNames, OSS_MEMBER_STATES, type OssMemberState } from '../eu-vat-rates';
import { formatEsDecimal } from '../money';
import { periodBounds } from './periods';
import { BoxSums, chooseResultType, completeBoxes, completeSources } from './result';
import type {
  BoxDef,
  DeclaredRecord,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  ResultType,
} from './types';

/** The box names of a member state: base, VAT, corrections of earlier periods, total. */
export const ossBox = {
  base: (cc: string) => `${cc}.base`,
  vat: (cc: string) => `${cc}.vat`,
  corrections: (cc: string) => `${cc}.corr`,
  total: (cc: string) => `${cc}.total`,
} as const;
/** The quarter's total to pay (every state's VAT and corrections). */
export const OSS_TOTAL_BOX = 'total';

const stateSection = (cc: OssMemberState) => `${memberStateNames[cc]} (${cc})`;

const BOXES_369: BoxDef[] = [
  ...OSS_MEMBER_STATES.flatMap((cc): BoxDef[] => [
    { box: ossBox.base(cc), label: 'Base imponible', unit: 'CENTS', signed: true, section: stateSection(cc) },
    { box: ossBox.vat(cc), label: 'Cuota de IVA', unit: 'CENTS', signed: true, section: stateSection(cc) },
    {
      box: ossBox.corrections(cc),
      label: 'Correcciones de periodos anteriores (cuota)',
      unit: 'CENTS',
      signed: true,
      section: stateSection(cc),
    },
    {
      box: ossBox.total(cc),
      label: 'Total a ingresar al Estado miembro de consumo',
      unit: 'CENTS',
      signed: true,
      section: stateSection(cc),
    },
  ]),
  {
    box: OSS_TOTAL_BOX,
    label: 'Total a ingresar (todas las cuotas y correcciones)',
    unit: 'CENTS',
    signed: true,
    section: 'Resultado',
  },
];

/** The Union scheme's quarterly return, since the one-stop shop opened on 1 July 2021. */
export const design369v2021: ModelDesign = {
  id: '369-2021',
  modelType: '369',
  validFrom: '2021-07-01',
  validTo: null,
  source:
    'Orden HAC/610/2021, de 16 de junio (modelo 369), régimen de la Unión; se presenta en el formulario ' +
    'de la Sede electrónica de la AEAT. Diseño para presentación mediante fichero DR369e21 (no generado).',
  boxes: BOXES_369,
  pages: [],
  fileFormat: 'FORM',
};

interface Acc {
  baseCents: number;
  vatCents: number;
  sources: Set<string>;
}

const add = (map: Map<string, Acc>, key: string, baseCents: number, vatCents: number, source: string) => {
  const acc = map.get(key) ?? { baseCents: 0, vatCents: 0, sources: new Set<string>() };
  acc.baseCents += baseCents;
  acc.vatCents += vatCents;
  acc.sources.add(source);
  map.set(key, acc);
};

const pct = (bp: number) => formatEsDecimal(bp, 2, { trimZeros: true });

/** 'S' standard or 'R' reduced (super-reduced included), as the form asks; the period's end, then its start. */
function rateKeyOf(cc: string, bp: number, start: string, end: string): 'S' | 'R' | undefined {
  const kind = euRateKind(cc, bp, end) ?? euRateKind(cc, bp, start);
  if (!kind) return undefined;
  return kind === 'STANDARD' ? 'S' : 'R';
}

/** '2026-Q1' → { year: 2026, period: '1T' }. */
const quarterOf = (q: string) => ({ year: Number(q.slice(0, 4)), period: `${q.slice(6)}T` });

export function compute369(input: ModelInput, design: ModelDesign): ModelComputation {
  if (!/^[1-4]T$/.test(input.period))
    throw new RangeError('El modelo 369 (régimen de la Unión) es trimestral');
  const { start, end } = periodBounds(input.year, input.period);
  const issues: ModelIssue[] = [];
  const supplies = new Map<string, Acc>();
  const corrections = new Map<string, Acc>();
  for (const l of input.aggregates.byKey.ISSUED ?? []) {
    const k = parseIssuedKey(l.taxKey);
    if (!k?.oss) continue;
    const src = `ISSUED:${l.taxKey}`;
    if (!(OSS_MEMBER_STATES as readonly string[]).includes(k.oss)) {
      issues.push({
        code: 'OSS_STATE',
        field: k.oss,
        message: `${k.oss} no es un Estado miembro de consumo de la ventanilla única: la línea ${l.taxKey} no se declara.`,
        severity: 'ERROR',
      });
      continue;
    }
    if (k.ossCorrects) add(corrections, `${k.oss}|${k.ossCorrects}`, l.baseCents, l.vatCents, src);
    else add(supplies, `${k.oss}|${k.vatRateBp}`, l.baseCents, l.vatCents, src);
  }

  const sums = new BoxSums();
  const records: DeclaredRecord[] = [];
  const bySupply = [...supplies].map(([key, acc]) => {
    const [cc, rate] = key.split('|') as [OssMemberState, string];
    return { cc, rateBp: Number(rate), acc };
  });
  bySupply.sort((a, b) => a.cc.localeCompare(b.cc) || b.rateBp - a.rateBp);
  for (const { cc, rateBp, acc } of bySupply) {
    if (acc.baseCents === 0 && acc.vatCents === 0) continue;
    for (const src of acc.sources) {
      sums.add(ossBox.base(cc), 0, src);
      sums.add(ossBox.vat(cc), 0, src);
      sums.add(ossBox.total(cc), 0, src);
      sums.add(OSS_TOTAL_BOX, 0, src);
    }
    sums.add(ossBox.base(cc), acc.baseCents);
    sums.add(ossBox.vat(cc), acc.vatCents);
    const key = rateKeyOf(cc, rateBp, start, end);
    if (!key) {
      issues.push({
        code: 'OSS_RATE',
        field: ossBox.vat(cc),
        message: `El ${pct(rateBp)} % no es un tipo de IVA de ${memberStateNames[cc]} en ${input.period} de ${input.year}: revise las facturas.`,
        severity: 'WARNING',
      });
    }
    records.push({
      kind: 'OPERATOR',
      counterpartyKey: `${cc}|${rateBp}`,
      taxId: cc,
      name: memberStateNames[cc],
      country: cc,
      key: key ?? 'S',
      amountCents: acc.vatCents,
      vatRateBp: rateBp,
      baseCents: acc.baseCents,
    });
  }

  const byCorrection = [...corrections].map(([key, acc]) => {
    const [cc, quarter] = key.split('|') as [OssMemberState, string];
    return { cc, quarter, acc };
  });
  byCorrection.sort((a, b) => a.cc.localeCompare(b.cc) || a.quarter.localeCompare(b.quarter));
  for (const { cc, quarter, acc } of byCorrection) {
    if (acc.baseCents === 0 && acc.vatCents === 0) continue;
    for (const src of acc.sources) {
      sums.add(ossBox.corrections(cc), 0, src);
      sums.add(ossBox.total(cc), 0, src);
      sums.add(OSS_TOTAL_BOX, 0, src);
    }
    sums.add(ossBox.corrections(cc), acc.vatCents);
    const corrected = quarterOf(quarter);
    records.push({
      kind: 'RECTIFICATION',
      counterpartyKey: `${cc}|${quarter}`,
      taxId: cc,
      name: memberStateNames[cc],
      country: cc,
      key: '-',
      amountCents: acc.vatCents,
      baseCents: acc.baseCents,
      correctedYear: corrected.year,
      correctedPeriod: corrected.period,
    });
  }

  for (const cc of OSS_MEMBER_STATES) {
    sums.set(ossBox.total(cc), sums.get(ossBox.vat(cc)) + sums.get(ossBox.corrections(cc)));
  }
  sums.set(OSS_TOTAL_BOX, sums.sum(OSS_MEMBER_STATES.map(ossBox.total)));
  const amount = sums.get(OSS_TOTAL_BOX);

  if (records.length === 0) {
    issues.push({
      code: 'NO_ACTIVITY',
      field: 'noActivity',
      message:
        'El trimestre no tiene ventas acogidas a la ventanilla única: el modelo 369 se presenta igualmente, sin actividad.',
      severity: 'WARNING',
    });
  } else if (!input.facts.ossRegistered) {
    issues.push({
      code: 'OSS_NOT_REGISTERED',
      field: 'ossRegistered',
      message:
        'Hay ventas acogidas a la ventanilla única, pero el perfil fiscal no indica la inscripción en el régimen de la Unión (declaración censal, modelo 035).',
      severity: 'WARNING',
    });
  }
  if (amount < 0) {
    issues.push({
      code: 'NEGATIVE_TOTAL',
      field: OSS_TOTAL_BOX,
      message:
        'El total es negativo: la ventanilla única no devuelve; cada Estado miembro de consumo devuelve su parte directamente.',
      severity: 'WARNING',
    });
  }

  const allowed: ResultType[] = amount > 0 ? ['I'] : ['N'];
  const type = chooseResultType(allowed, input.adjustments, issues);
  return {
    modelType: '369',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes: completeBoxes(design.boxes, sums),
    result: { type, amountCents: amount },
    allowedResultTypes: allowed,
    records,
    issues,
    sources: completeSources(design.boxes, sums),
  };
}

export const model369: ModelDefinition = {
  modelType: '369',
  name: 'IVA. Ventanilla única (OSS), régimen de la Unión',
  periodicities: ['QUARTERLY'],
  designs: [design369v2021],
  compute: compute369,
};
