/**
 * The withholding self-assessments (issue 15 items 2, 3 and 5): modelos 111, 115, 123 and 216, quarterly,
 * or monthly for large companies (art. 108.1 RIRPF; the registry's validPeriodsOf). Their designs are data
 * (./model-111.ts, ./model-115.ts, ./model-123.ts, ./model-216.ts: boxes, the blocks the books fill, the
 * totals, the AEAT record design); this file reads the period's books into them, adds what the person
 * enters, validates those entries and chooses the result type. Pure; céntimos, rates in basis points.
 *
 * From the books (grammar v4 of ../aggregate-keys.ts), RECEIVED book only (the ISSUED `IRPF` is what our
 * customers withheld from us, 130 [06]):
 *  - `IRPF|<kind>|<key>` lines: `baseCents` to the block's base box, `irpfCents` to its withheld box;
 *  - `W|<kind>|<key>` counterparty lines: the block's recipients, counted once each however many months,
 *    invoices or keys the period holds for them; a recipient whose lines net to zero (an invoice fully
 *    rectified) is not counted.
 * The kinds of each model and 111 block: ../withholdings.ts (WITHHOLDING_KIND_INFO).
 *
 * From the person (ModelAdjustments): the 111's payroll figures (workIncome), the 115's rents without an
 * invoice (rentalProperties), the 123's capital income (capitalIncomeOperations), and the boxes a design
 * marks manual (earlier returns of the period, income in kind, forestry gains…). Their lists follow the
 * rules of spec part 2 §5 (validateWithholdingInputs), which the API also answers with (400).
 *
 * Result: the design's result box; positive → I, U or G; zero → N (declaración negativa). These returns
 * never refund or carry a negative result forward: a negative one is an error (the earlier return that
 * declared too much is rectified instead).
 */

import { IRPF_KEY, parseWithholdingKey, parseWithholdingOpKey } from '../aggregate-keys';
import { applyBp } from '../money';
import { normalizeTaxId } from '../nif';
import { UNIDENTIFIED_COUNTERPARTY } from '../tax-aggregates';
import {
  canonicalWithholdingKey,
  isKey193,
  isWithholdingKind,
  WITHHOLDING_KIND_INFO,
  type WithholdingKind,
  withholdingRateOn,
} from '../withholdings';
import { design111v2016 } from './model-111';
import { design115v2016 } from './model-115';
import { design123v2024 } from './model-123';
import { design216v2016, design216v2024 } from './model-216';
import { periodBounds } from './periods';
import {
  BoxSums,
  chooseResultType,
  completeBoxes,
  completeSources,
  manualBoxValues,
  negativeBoxIssues,
} from './result';
import type {
  ModelAdjustments,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  PeriodLines,
  ResultType,
  TaxModelType,
} from './types';

export { design111v2016 } from './model-111';
export { design115v2016 } from './model-115';
export { design123v2024 } from './model-123';
export { design216v2016, design216v2024 } from './model-216';

export const WITHHOLDING_MODEL_TYPES = ['111', '115', '123', '216'] as const;
export type WithholdingModelType = (typeof WITHHOLDING_MODEL_TYPES)[number];

// --- design data --------------------------------------------------------------------------------

/** Boxes filled from the books: [recipients, base, withheld], and the withholdings that go to them. */
export interface WithholdingBlock {
  boxes: readonly [count: string, base: string, withheld: string];
  kinds: readonly WithholdingKind[];
  /**
   * Only these perception keys (absent: every key of the kinds). Compared with the key a line stands for
   * (../withholdings.ts canonicalWithholdingKey: a legacy 'DIV' is the 193's A02).
   */
  keys?: readonly string[];
  /** Every key of the kinds but these. */
  exceptKeys?: readonly string[];
}

/** A box computed from others, Σ plus − Σ minus; applied in the order listed. */
export interface BoxFormula {
  box: string;
  plus: readonly string[];
  minus?: readonly string[];
}

export interface RulesWithholdings {
  blocks: readonly WithholdingBlock[];
  /**
   * The person's list a design adds to one of its blocks (an entry with a key goes to the block of that key
   * of `rateKind`), and the kind whose rate applies when no amount withheld is given.
   */
  personList?: {
    list: 'rentalProperties' | 'capitalIncomeOperations';
    block: number;
    rateKind: WithholdingKind;
  };
  /** 111: the payroll figures the person enters (workIncome) → cash and in-kind [recipients, amount, withheld]. */
  workIncome?: {
    cash: readonly [string, string, string];
    inKind: readonly [string, string, string];
  };
  totals: readonly BoxFormula[];
  /** The results of earlier returns for the same period: only a complementary return has it. */
  previousResultBox: string;
  resultBox: string;
}

export interface DesignWithholdings extends ModelDesign {
  rules: RulesWithholdings;
}

export const DESIGNS_WITHHOLDINGS: readonly DesignWithholdings[] = [
  design111v2016,
  design115v2016,
  design123v2024,
  design216v2016,
  design216v2024,
];

/** The rules of a design (its own, or those of the registered design with its id). */
export function rulesOfWithholdings(design: ModelDesign): RulesWithholdings {
  const rules =
    (design as Partial<DesignWithholdings>).rules ??
    DESIGNS_WITHHOLDINGS.find((d) => d.id === design.id)?.rules;
  if (!rules) throw new Error(`El diseño ${design.id} no tiene reglas de un modelo de retenciones`);
  return rules;
}

/** The source of what the person entered (drill-down: no invoice behind it). */
export const MANUAL_SOURCE = 'MANUAL';

// --- validation of the person's entries ---------------------------------------------------------

/** Spec part 2 §5: 8 digits and a letter (DNI), or X/Y/Z, 7 digits and a letter (NIE). */
const NIF_FORMAT = /^(\d{8}[A-Z]|[XYZ]\d{7}[A-Z])$/;

const WORK_INCOME_FIELDS = [
  ['recipients', 'El número de perceptores de rendimientos del trabajo dinerarios'],
  ['baseCents', 'El importe de las percepciones dinerarias del trabajo'],
  ['withholdingCents', 'El importe de las retenciones del trabajo'],
  ['inKindRecipients', 'El número de perceptores de rendimientos del trabajo en especie'],
  ['inKindValueCents', 'El valor de las percepciones del trabajo en especie'],
  ['inKindWithholdingCents', 'El importe de los ingresos a cuenta del trabajo en especie'],
] as const;

/** Each person's list, the model it belongs to and its words (spec part 2 §5). */
const LISTS = {
  rentalProperties: {
    model: '115',
    nif: 'nif',
    amount: 'rentAmount',
    empty: 'Debe indicar al menos un inmueble arrendado',
    notPositive: 'El importe del alquiler debe ser mayor que 0',
    ignored: 'Los alquileres sin factura solo se declaran en el modelo 115',
  },
  capitalIncomeOperations: {
    model: '123',
    nif: 'recipientNif',
    amount: 'incomeAmount',
    empty: 'Debe indicar al menos una operación',
    notPositive: 'El importe debe ser mayor que 0',
    ignored: 'Las rentas del capital mobiliario solo se declaran en el modelo 123',
  },
} as const;

type ListName = keyof typeof LISTS;

/**
 * A list entry as the computation reads it: the recipient's NIF, the amount paid, the amount withheld and,
 * for the 123's capital income, the 193 key of the income.
 */
interface PersonEntry {
  nif: string;
  amount: number;
  withholdingCents: number | undefined;
  key?: string | undefined;
}

/** A key as typed: trimmed and upper-cased ('a02 ' → 'A02'); anything but text is kept to be refused. */
const keyOf = (key: unknown): string | undefined =>
  key === undefined ? undefined : typeof key === 'string' ? key.trim().toUpperCase() : String(key);

function entriesOf(adjustments: ModelAdjustments, list: ListName): PersonEntry[] | undefined {
  if (list === 'rentalProperties') {
    return adjustments.rentalProperties?.map((p) => ({
      nif: p.nif,
      amount: p.rentAmount,
      withholdingCents: p.withholdingCents,
    }));
  }
  return adjustments.capitalIncomeOperations?.map((o) => ({
    nif: o.recipientNif,
    amount: o.incomeAmount,
    withholdingCents: o.withholdingCents,
    key: keyOf(o.key),
  }));
}

const error = (code: string, field: string, message: string): ModelIssue => ({
  code,
  field,
  message,
  severity: 'ERROR',
});

/** '{field} no puede ser negativo' and integer céntimos/counts, for one number the person gave. */
function numberIssues(value: number, field: string, label: string): ModelIssue[] {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    return [error('NOT_INTEGER', field, `${label} debe ser un número entero (los importes, en céntimos)`)];
  }
  return value < 0 ? [error('NEGATIVE_VALUE', field, `${label} no puede ser negativo`)] : [];
}

function validateList(
  list: ListName,
  entries: PersonEntry[],
  bookRecipients: ReadonlySet<string>,
): ModelIssue[] {
  const words = LISTS[list];
  if (entries.length === 0) return [error('EMPTY_LIST', list, words.empty)];
  const issues: ModelIssue[] = [];
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    const at = `${list}[${i}]`;
    const shown = typeof e.nif === 'string' ? e.nif.trim() : String(e.nif);
    const nif = normalizeTaxId(typeof e.nif === 'string' ? e.nif : '');
    if (!NIF_FORMAT.test(nif)) {
      issues.push(error('INVALID_NIF', `${at}.${words.nif}`, `El NIF ${shown} no tiene un formato válido`));
    } else if (seen.has(nif)) {
      issues.push(error('DUPLICATE_NIF', `${at}.${words.nif}`, `NIF duplicado: ${shown}`));
    } else if (bookRecipients.has(nif)) {
      // The books already count this recipient (and its amounts) in the period.
      issues.push(
        error(
          'DUPLICATE_NIF',
          `${at}.${words.nif}`,
          `NIF duplicado: ${shown} (ya figura como perceptor en las facturas recibidas del periodo)`,
        ),
      );
    }
    seen.add(nif);
    if (typeof e.amount !== 'number' || !(e.amount > 0)) {
      issues.push(error('NOT_POSITIVE', `${at}.${words.amount}`, words.notPositive));
    } else if (!Number.isSafeInteger(e.amount)) {
      issues.push(...numberIssues(e.amount, `${at}.${words.amount}`, `El importe del NIF ${shown}`));
    }
    if (e.withholdingCents !== undefined) {
      issues.push(
        ...numberIssues(e.withholdingCents, `${at}.withholdingCents`, `El importe retenido al NIF ${shown}`),
      );
    }
    // 123: the income's 193 perception key and naturaleza (AEAT DR193), never a former internal key.
    if (e.key !== undefined && !isKey193(e.key)) {
      issues.push(
        error(
          'INVALID_KEY',
          `${at}.key`,
          `La clave ${e.key} del NIF ${shown} no es una clave de percepción del modelo 193 con su naturaleza ` +
            '(p. ej. A02 dividendos, B03 intereses de préstamos)',
        ),
      );
    }
  });
  return issues;
}

/**
 * The person's entries of a withholding model checked by the rules of spec part 2 §5: rentalProperties
 * (115) and capitalIncomeOperations (123), when given, not empty, NIFs in the DNI/NIE format and not
 * repeated (nor already recipients in the period's books, `bookRecipients`: they would be declared twice),
 * amounts greater than 0; workIncome (111) and amounts withheld never negative. A list given to a model
 * that does not declare it is ignored with a warning. ERROR issues make the API answer 400.
 */
export function validateWithholdingInputs(
  modelType: TaxModelType,
  adjustments: ModelAdjustments,
  bookRecipients: ReadonlySet<string> = new Set(),
): ModelIssue[] {
  const issues: ModelIssue[] = [];
  const wi = adjustments.workIncome;
  if (wi !== undefined) {
    if (modelType === '111') {
      for (const [name, label] of WORK_INCOME_FIELDS) {
        issues.push(...numberIssues(wi[name], `workIncome.${name}`, label));
      }
    } else {
      issues.push({
        code: 'NOT_APPLICABLE',
        field: 'workIncome',
        message: `Los rendimientos del trabajo solo se declaran en el modelo 111; se ignoran en el modelo ${modelType}.`,
        severity: 'WARNING',
      });
    }
  }
  for (const list of Object.keys(LISTS) as ListName[]) {
    const entries = entriesOf(adjustments, list);
    if (entries === undefined) continue;
    if (LISTS[list].model === modelType) {
      issues.push(...validateList(list, entries, bookRecipients));
    } else {
      issues.push({
        code: 'NOT_APPLICABLE',
        field: list,
        message: `${LISTS[list].ignored}; se ignoran en el modelo ${modelType}.`,
        severity: 'WARNING',
      });
    }
  }
  return issues;
}

// --- the books ----------------------------------------------------------------------------------

/** The block of a kind and key, the key read as the real one it stands for (a legacy 'DIV' is A02). */
function blockOf(rules: RulesWithholdings, kind: WithholdingKind, rawKey: string): number {
  const key = canonicalWithholdingKey(kind, rawKey);
  return rules.blocks.findIndex(
    (b) => b.kinds.includes(kind) && (!b.keys || b.keys.includes(key)) && !b.exceptKeys?.includes(key),
  );
}

const warning = (code: string, field: string, message: string): ModelIssue => ({
  code,
  field,
  message,
  severity: 'WARNING',
});

/**
 * Sums the period's RECEIVED withholdings of the model into the blocks' base and withheld boxes, and
 * returns each block's recipients (counterparty key → net base and withheld).
 */
function readBooks(
  lines: PeriodLines,
  modelType: TaxModelType,
  rules: RulesWithholdings,
  sums: BoxSums,
  issues: ModelIssue[],
): Map<string, { base: number; withheld: number }>[] {
  const ofModel = (kind: string): kind is WithholdingKind =>
    isWithholdingKind(kind) && WITHHOLDING_KIND_INFO[kind].model === modelType;
  const totals = rules.blocks.map(() => 0);
  let untyped = 0;
  for (const l of lines.byKey.RECEIVED ?? []) {
    if (l.taxKey === IRPF_KEY) {
      untyped += l.irpfCents;
      continue;
    }
    const w = parseWithholdingKey(l.taxKey);
    if (!w) continue; // a VAT-group key
    if (!isWithholdingKind(w.kind)) {
      issues.push(
        warning(
          'UNKNOWN_KEY',
          l.taxKey,
          `La clave de retención ${l.taxKey} del libro de facturas recibidas no se reconoce; no se ha incluido en ninguna casilla.`,
        ),
      );
      continue;
    }
    if (!ofModel(w.kind)) continue;
    const i = blockOf(rules, w.kind, w.key);
    const block = rules.blocks[i];
    if (!block) {
      issues.push(
        warning(
          'UNMAPPED_KEY',
          l.taxKey,
          `La clave ${l.taxKey} no tiene casilla en este diseño del modelo ${modelType}.`,
        ),
      );
      continue;
    }
    const src = `RECEIVED:${l.taxKey}`;
    sums.add(block.boxes[1], l.baseCents, src);
    sums.add(block.boxes[2], l.irpfCents, src);
    totals[i] = (totals[i] ?? 0) + Math.abs(l.baseCents) + Math.abs(l.irpfCents);
  }
  if (untyped !== 0) {
    issues.push(
      warning(
        'UNTYPED_WITHHOLDING',
        IRPF_KEY,
        'Las facturas recibidas del periodo tienen retenciones registradas sin su tipo (versión anterior de los agregados); ' +
          'no se han incluido: recalcule los agregados del periodo.',
      ),
    );
  }

  const perBlock = rules.blocks.map(() => new Map<string, { base: number; withheld: number }>());
  for (const c of lines.byCounterparty.RECEIVED ?? []) {
    const w = parseWithholdingOpKey(c.opKey);
    if (!w || !ofModel(w.kind)) continue;
    const i = blockOf(rules, w.kind, w.key);
    const block = rules.blocks[i];
    const recipients = perBlock[i];
    if (!block || !recipients) continue;
    sums.add(block.boxes[0], 0, `RECEIVED:${c.opKey}`);
    const acc = recipients.get(c.counterpartyKey) ?? { base: 0, withheld: 0 };
    acc.base += c.baseCents;
    acc.withheld += c.irpfCents ?? 0;
    recipients.set(c.counterpartyKey, acc);
  }
  for (const [i, recipients] of perBlock.entries()) {
    for (const [key, acc] of [...recipients]) {
      if (acc.base === 0 && acc.withheld === 0) recipients.delete(key);
    }
    const block = rules.blocks[i] as WithholdingBlock;
    if (recipients.has(UNIDENTIFIED_COUNTERPARTY)) {
      issues.push(
        warning(
          'UNIDENTIFIED_RECIPIENT',
          block.boxes[0],
          `Hay retenciones de [${block.boxes[2]}] a un perceptor sin NIF: el resumen anual necesita identificarlo.`,
        ),
      );
    }
    if (recipients.size === 0 && (totals[i] ?? 0) !== 0) {
      issues.push(
        warning(
          'RECIPIENTS_MISSING',
          block.boxes[0],
          `Hay retenciones en [${block.boxes[1]}]/[${block.boxes[2]}] sin perceptores en los agregados del periodo; recalcule los agregados.`,
        ),
      );
    }
  }
  return perBlock;
}

// --- the computation ----------------------------------------------------------------------------

/** Positive → I (ingreso), U (domiciliación), G (cuenta corriente tributaria); otherwise N (negativa). */
export const withholdingResultTypes = (amountCents: number): ResultType[] =>
  amountCents > 0 ? ['I', 'U', 'G'] : ['N'];

/**
 * The person's list entries into their blocks (the list's block, or the block of the entry's key when it
 * has a valid one); the amount withheld, when not given, at the kind's rate.
 */
function addPersonList(
  input: ModelInput,
  rules: RulesWithholdings,
  recipients: Set<string>[],
  sums: BoxSums,
  issues: ModelIssue[],
): void {
  const personList = rules.personList;
  if (!personList) return;
  const entries = entriesOf(input.adjustments, personList.list) ?? [];
  if (entries.length === 0) return;
  const start = periodBounds(input.year, input.period).start;
  const rateBp = withholdingRateOn(personList.rateKind, start);
  for (const e of entries) {
    const keyed = e.key !== undefined && isKey193(e.key) ? blockOf(rules, personList.rateKind, e.key) : -1;
    const index = keyed >= 0 ? keyed : personList.block;
    const block = rules.blocks[index];
    const set = recipients[index];
    if (!block || !set) continue;
    const [count, base, withheld] = block.boxes;
    sums.add(count, 0, MANUAL_SOURCE);
    set.add(normalizeTaxId(typeof e.nif === 'string' ? e.nif : ''));
    sums.add(base, e.amount, MANUAL_SOURCE);
    if (e.withholdingCents !== undefined) {
      sums.add(withheld, e.withholdingCents, MANUAL_SOURCE);
    } else if (rateBp === undefined) {
      issues.push(
        error(
          'RATE_UNKNOWN',
          personList.list,
          `No hay un tipo de retención de ${WITHHOLDING_KIND_INFO[personList.rateKind].label.toLowerCase()} vigente el ${start}: indique el importe retenido.`,
        ),
      );
    } else if (Number.isSafeInteger(e.amount)) {
      sums.add(withheld, applyBp(e.amount, rateBp), MANUAL_SOURCE);
    }
  }
}

/** 111: the payroll figures the person entered, added to [01]-[03] and [04]-[06]. */
function addWorkIncome(input: ModelInput, rules: RulesWithholdings, sums: BoxSums): void {
  const wi = input.adjustments.workIncome;
  if (!wi || !rules.workIncome) return;
  const { cash, inKind } = rules.workIncome;
  sums.add(cash[0], wi.recipients, MANUAL_SOURCE);
  sums.add(cash[1], wi.baseCents, MANUAL_SOURCE);
  sums.add(cash[2], wi.withholdingCents, MANUAL_SOURCE);
  sums.add(inKind[0], wi.inKindRecipients, MANUAL_SOURCE);
  sums.add(inKind[1], wi.inKindValueCents, MANUAL_SOURCE);
  sums.add(inKind[2], wi.inKindWithholdingCents, MANUAL_SOURCE);
}

/** Computes a 111, 115, 123 or 216 for the input's period with the given design. */
export function computeWithholdings(input: ModelInput, design: ModelDesign): ModelComputation {
  const rules = rulesOfWithholdings(design);
  const sums = new BoxSums();
  const issues: ModelIssue[] = [];

  const booked = readBooks(input.aggregates, input.modelType, rules, sums, issues);
  const bookRecipients = new Set(booked.flatMap((m) => [...m.keys()]));
  issues.push(...validateWithholdingInputs(input.modelType, input.adjustments, bookRecipients));

  const recipients = booked.map((m) => new Set(m.keys()));
  addPersonList(input, rules, recipients, sums, issues);
  addWorkIncome(input, rules, sums);
  for (const [i, block] of rules.blocks.entries()) sums.add(block.boxes[0], recipients[i]?.size ?? 0);

  const manual = manualBoxValues(design.boxes, input.adjustments, issues);
  for (const [b, v] of Object.entries(manual)) {
    sums.set(b, v);
    sums.add(b, 0, MANUAL_SOURCE);
  }
  if ((manual[rules.previousResultBox] ?? 0) !== 0 && !input.adjustments.previousReceipt) {
    issues.push(
      warning(
        'COMPLEMENTARY',
        rules.previousResultBox,
        `[${rules.previousResultBox}] solo se consigna en una declaración complementaria: indique el justificante de la declaración anterior.`,
      ),
    );
  }

  for (const f of rules.totals) sums.set(f.box, sums.sum(f.plus) - sums.sum(f.minus ?? []));

  const boxes = completeBoxes(design.boxes, sums);
  const amount = boxes[rules.resultBox] ?? 0;
  if (amount < 0) {
    issues.push(
      error(
        'NEGATIVE_RESULT',
        rules.resultBox,
        `El resultado [${rules.resultBox}] no puede ser negativo: este modelo no tiene devolución ni compensación; rectifique la autoliquidación que declaró de más.`,
      ),
    );
  }
  const allowedResultTypes = withholdingResultTypes(amount);
  const type = chooseResultType(allowedResultTypes, input.adjustments, issues);
  issues.push(...negativeBoxIssues(design.boxes, boxes));

  return {
    modelType: input.modelType,
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type, amountCents: amount },
    allowedResultTypes,
    records: [],
    issues,
    sources: completeSources(design.boxes, sums),
  };
}

const definition = (
  modelType: WithholdingModelType,
  name: string,
  designs: readonly DesignWithholdings[],
): ModelDefinition => ({
  modelType,
  name,
  periodicities: ['QUARTERLY', 'MONTHLY'],
  designs: [...designs],
  compute: computeWithholdings,
});

export const model111 = definition(
  '111',
  'Retenciones e ingresos a cuenta. Rendimientos del trabajo y de actividades económicas, premios y otras',
  [design111v2016],
);
export const model115 = definition(
  '115',
  'Retenciones e ingresos a cuenta. Arrendamiento de inmuebles urbanos',
  [design115v2016],
);
export const model123 = definition(
  '123',
  'Retenciones e ingresos a cuenta. Rendimientos del capital mobiliario',
  [design123v2024],
);
export const model216 = definition(
  '216',
  'IRNR. Retenciones e ingresos a cuenta. Rentas sin establecimiento permanente',
  [design216v2016, design216v2024],
);
