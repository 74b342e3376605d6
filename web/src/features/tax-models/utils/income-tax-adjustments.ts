/**
 * What the person adds to an income-tax or withholding model (issue 15) beside the books, as the
 * preview page's editors hold it (typed text) and as the API takes it (`ModelAdjustments`: céntimos
 * and counts, never a float between the typed text and the integer):
 *  - 130: the provision for hard-to-justify expenses (art. 30.2.4ª LIRPF), the previous year's net
 *    income of the minoration of art. 110.3.c RIRPF, other income and expenses outside the invoices;
 *  - 111: the employment income of the period while payroll is run elsewhere ([01]–[06]);
 *  - 115: rents paid without an invoice in the books (spec part 2 §3 `rentalProperties`);
 *  - 123: capital income paid outside the books (`capitalIncomeOperations`).
 * The 115 and 123 lists are checked as the server checks them (spec part 2 §5, shared/fiscal/models/
 * model-withholdings.ts `validateWithholdingInputs`), with its words: NIF of 8 digits and a letter or
 * X/Y/Z, 7 digits and a letter, no NIF twice, amount greater than 0, a list given not empty. Pure.
 */

import type {
  CapitalIncomeInput,
  ModelAdjustments,
  RentalPropertyInput,
  TaxModelType,
  WorkIncomeInput,
} from '@shared/fiscal/models/types';
import { normalizeTaxId } from '@shared/fiscal/nif';
import { apiFieldErrors } from '@web/lib/api-field-errors';
import { centsToInput, parseEurosToCents } from '@web/lib/money-input';

export const WORK_FIELDS = [
  'recipients',
  'baseCents',
  'withholdingCents',
  'inKindRecipients',
  'inKindValueCents',
  'inKindWithholdingCents',
] as const satisfies readonly (keyof WorkIncomeInput)[];
export type WorkField = (typeof WORK_FIELDS)[number];

/** The 111 boxes each field fills ([01]–[06], employment income in cash and in kind). */
export const WORK_FIELD_BOXES: Record<WorkField, string> = {
  recipients: '01',
  baseCents: '02',
  withholdingCents: '03',
  inKindRecipients: '04',
  inKindValueCents: '05',
  inKindWithholdingCents: '06',
};

export const WORK_FIELD_LABELS: Record<WorkField, string> = {
  recipients: 'Número de perceptores',
  baseCents: 'Importe de las percepciones',
  withholdingCents: 'Importe de las retenciones',
  inKindRecipients: 'Número de perceptores en especie',
  inKindValueCents: 'Valor de las percepciones en especie',
  inKindWithholdingCents: 'Importe de los ingresos a cuenta',
};

export const isCountField = (field: WorkField): boolean =>
  field === 'recipients' || field === 'inKindRecipients';

/** One landlord (115) or recipient (123), as typed. `id` keeps React's rows apart. */
export interface PayeeDraft {
  id: number;
  nif: string;
  name: string;
  /** Euros typed es-ES: the rent excluding VAT (115) or the income paid (123). */
  amount: string;
  /** Euros; '' = the rate × the amount, as the server computes it. */
  withholding: string;
}

export type PayeeList = 'rentals' | 'capital';

export interface IncomeTaxDraft {
  /** 130; null = as the profile says (on for the estimación directa simplificada). */
  applyDifficultJustification: boolean | null;
  /** 130, euros, signed; '' = the previous year's 4T 130. */
  previousYearNetIncome: string;
  otherIncome: string;
  otherExpenses: string;
  work: Record<WorkField, string>;
  rentals: PayeeDraft[];
  capital: PayeeDraft[];
  /** What the stored adjustments hold: an editor emptied by the person then sends its emptiness. */
  stored: { work: boolean; rentals: boolean; capital: boolean };
}

/** The words of the two lists: the server's messages (model-withholdings.ts LISTS) and the buttons. */
export const PAYEE_WORDS: Record<PayeeList, { who: string; amount: string; empty: string; add: string }> = {
  rentals: {
    who: 'arrendador',
    amount: 'El importe del alquiler',
    empty: 'Debe indicar al menos un inmueble arrendado',
    add: 'Añadir arrendador',
  },
  capital: {
    who: 'perceptor',
    amount: 'El importe',
    empty: 'Debe indicar al menos una operación',
    add: 'Añadir perceptor',
  },
};

// --- from the stored adjustments ---------------------------------------------------------------

let nextId = 1;
/** A new empty row of a list. */
export const emptyPayee = (): PayeeDraft => ({
  id: nextId++,
  nif: '',
  name: '',
  amount: '',
  withholding: '',
});

const centsText = (cents: number | undefined) => (cents === undefined ? '' : centsToInput(cents));

export function initialIncomeTaxDraft(adjustments: ModelAdjustments | undefined): IncomeTaxDraft {
  const a = adjustments ?? {};
  const work = {} as Record<WorkField, string>;
  for (const f of WORK_FIELDS) {
    const v = a.workIncome?.[f];
    work[f] = v === undefined ? '' : isCountField(f) ? String(v) : centsToInput(v);
  }
  return {
    applyDifficultJustification: a.applyDifficultJustification ?? null,
    previousYearNetIncome: centsText(a.previousYearNetIncomeCents),
    otherIncome: centsText(a.otherIncomeCents),
    otherExpenses: centsText(a.otherExpensesCents),
    work,
    rentals: (a.rentalProperties ?? []).map((r) => ({
      id: nextId++,
      nif: r.nif,
      name: r.name ?? '',
      amount: centsToInput(r.rentAmount),
      withholding: centsText(r.withholdingCents),
    })),
    capital: (a.capitalIncomeOperations ?? []).map((c) => ({
      id: nextId++,
      nif: c.recipientNif,
      name: c.name ?? '',
      amount: centsToInput(c.incomeAmount),
      withholding: centsText(c.withholdingCents),
    })),
    stored: {
      work: a.workIncome !== undefined,
      rentals: a.rentalProperties !== undefined,
      capital: a.capitalIncomeOperations !== undefined,
    },
  };
}

// --- checks -------------------------------------------------------------------------------------

/**
 * A NIF as the 115/123 rules take it (spec part 2 §5): 8 digits and a letter (DNI) or X, Y or Z, 7
 * digits and a letter (NIE), after the server's own normalisation (spaces, dots, hyphens dropped,
 * upper-cased, an 'ES' prefix removed: shared/fiscal/nif.ts).
 */
export const normalizeNif = (text: string): string => normalizeTaxId(text);
export const NIF_PATTERN = /^(\d{8}[A-Z]|[XYZ]\d{7}[A-Z])$/;
/** The server's words for a NIF of another shape ('El NIF B1234567 no tiene un formato válido'). */
export const nifFormatMessage = (typed: string): string =>
  `El NIF ${typed.trim()} no tiene un formato válido`;
/** How to type one, shown with it. */
export const NIF_FORMAT_HELP = '8 dígitos y una letra (DNI) o X, Y o Z, 7 dígitos y una letra (NIE)';

const isBlank = (p: PayeeDraft) =>
  !p.nif.trim() && !p.name.trim() && !p.amount.trim() && !p.withholding.trim();
const looksNegative = (text: string) => /^\s*[-−]/.test(text);

/** The rows a list sends (a row left wholly empty is not one), with their index in the draft. */
export const sentRows = (rows: readonly PayeeDraft[]) =>
  rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));

interface PayeeParsed {
  nif: string;
  name?: string;
  amountCents: number;
  withholdingCents?: number;
}

function parsePayees(
  list: PayeeList,
  rows: readonly PayeeDraft[],
  errors: Record<string, string>,
): PayeeParsed[] {
  const words = PAYEE_WORDS[list];
  const out: PayeeParsed[] = [];
  const seen = new Set<string>();
  for (const { row, index } of sentRows(rows)) {
    const at = `${list}.${index}`;
    const nif = normalizeNif(row.nif);
    if (!nif) errors[`${at}.nif`] = `Indica el NIF del ${words.who}`;
    else if (!NIF_PATTERN.test(nif)) errors[`${at}.nif`] = nifFormatMessage(row.nif);
    else if (seen.has(nif)) errors[`${at}.nif`] = `NIF duplicado: ${row.nif.trim()}`;
    seen.add(nif);
    const amount = parseEurosToCents(row.amount, { allowNegative: true });
    if (!row.amount.trim()) errors[`${at}.amount`] = `${words.amount} es obligatorio`;
    else if (amount === null) errors[`${at}.amount`] = 'Indica un importe en euros, por ejemplo 1.234,56';
    else if (amount <= 0) errors[`${at}.amount`] = `${words.amount} debe ser mayor que 0`;
    let withholdingCents: number | undefined;
    if (row.withholding.trim()) {
      const w = parseEurosToCents(row.withholding);
      if (w !== null) withholdingCents = w;
      else if (looksNegative(row.withholding))
        errors[`${at}.withholding`] = 'La retención no puede ser negativa';
      else errors[`${at}.withholding`] = 'Indica un importe en euros, por ejemplo 1.234,56';
    }
    const name = row.name.trim();
    out.push({
      nif,
      ...(name ? { name } : {}),
      amountCents: amount ?? 0,
      ...(withholdingCents !== undefined ? { withholdingCents } : {}),
    });
  }
  return out;
}

/** A euro field: its céntimos, undefined when empty, or an error under `key`. */
function euros(
  text: string,
  key: string,
  label: string,
  errors: Record<string, string>,
  signed = false,
): number | undefined {
  if (!text.trim()) return undefined;
  const cents = parseEurosToCents(text, { allowNegative: signed });
  if (cents !== null) return cents;
  errors[key] =
    !signed && looksNegative(text)
      ? `${label} no puede ser negativo`
      : 'Indica un importe en euros, por ejemplo 1.234,56';
  return undefined;
}

// --- to the API ---------------------------------------------------------------------------------

export type IncomeTaxAdjustments = Pick<
  ModelAdjustments,
  | 'applyDifficultJustification'
  | 'previousYearNetIncomeCents'
  | 'otherIncomeCents'
  | 'otherExpensesCents'
  | 'workIncome'
  | 'rentalProperties'
  | 'capitalIncomeOperations'
>;

export const PREVIOUS_YEAR_LABEL = 'Rendimiento neto del año anterior';
export const OTHER_INCOME_LABEL = 'Otros ingresos';
export const OTHER_EXPENSES_LABEL = 'Otros gastos deducibles';

/**
 * The model's own adjustments from the draft, or the messages of the fields that are not valid
 * (keys: 'previousYearNetIncome', 'work.baseCents', 'rentals.0.nif', 'capital.1.amount'…).
 */
export function incomeTaxDraftToAdjustments(
  modelType: TaxModelType,
  draft: IncomeTaxDraft,
): { adjustments: IncomeTaxAdjustments; errors: Record<string, string> } {
  const adjustments: IncomeTaxAdjustments = {};
  const errors: Record<string, string> = {};
  if (modelType === '130') {
    if (draft.applyDifficultJustification !== null) {
      adjustments.applyDifficultJustification = draft.applyDifficultJustification;
    }
    const previous = euros(
      draft.previousYearNetIncome,
      'previousYearNetIncome',
      PREVIOUS_YEAR_LABEL,
      errors,
      true,
    );
    if (previous !== undefined) adjustments.previousYearNetIncomeCents = previous;
    const income = euros(draft.otherIncome, 'otherIncome', OTHER_INCOME_LABEL, errors);
    if (income !== undefined) adjustments.otherIncomeCents = income;
    const expenses = euros(draft.otherExpenses, 'otherExpenses', OTHER_EXPENSES_LABEL, errors);
    if (expenses !== undefined) adjustments.otherExpensesCents = expenses;
  }
  if (modelType === '111') {
    const typed = WORK_FIELDS.some((f) => draft.work[f].trim() !== '');
    if (typed || draft.stored.work) {
      const work = {} as WorkIncomeInput;
      for (const f of WORK_FIELDS) {
        const text = draft.work[f].trim();
        const label = WORK_FIELD_LABELS[f];
        if (isCountField(f)) {
          if (text === '' || /^\d{1,9}$/.test(text)) work[f] = text === '' ? 0 : Number(text);
          else
            errors[`work.${f}`] = looksNegative(text)
              ? `${label} no puede ser negativo`
              : 'Indica un número entero';
        } else {
          work[f] = euros(text, `work.${f}`, label, errors) ?? 0;
        }
      }
      adjustments.workIncome = work;
    }
  }
  if (modelType === '115') {
    const rows = parsePayees('rentals', draft.rentals, errors);
    // A list once given stays (the PUT keeps a field left out; an empty one is refused, spec part 2 §5).
    if (rows.length === 0 && draft.stored.rentals) errors.rentals = PAYEE_WORDS.rentals.empty;
    if (rows.length > 0) {
      adjustments.rentalProperties = rows.map(
        (r): RentalPropertyInput => ({
          nif: r.nif,
          ...(r.name ? { name: r.name } : {}),
          rentAmount: r.amountCents,
          ...(r.withholdingCents !== undefined ? { withholdingCents: r.withholdingCents } : {}),
        }),
      );
    }
  }
  if (modelType === '123') {
    const rows = parsePayees('capital', draft.capital, errors);
    if (rows.length === 0 && draft.stored.capital) errors.capital = PAYEE_WORDS.capital.empty;
    if (rows.length > 0) {
      adjustments.capitalIncomeOperations = rows.map(
        (r): CapitalIncomeInput => ({
          recipientNif: r.nif,
          ...(r.name ? { name: r.name } : {}),
          incomeAmount: r.amountCents,
          ...(r.withholdingCents !== undefined ? { withholdingCents: r.withholdingCents } : {}),
        }),
      );
    }
  }
  return { adjustments, errors };
}

// --- the server's refusal -----------------------------------------------------------------------

const API_LISTS: Record<string, { list: PayeeList; fields: Record<string, keyof PayeeDraft> }> = {
  rentalProperties: {
    list: 'rentals',
    fields: { nif: 'nif', name: 'name', rentAmount: 'amount', withholdingCents: 'withholding' },
  },
  capitalIncomeOperations: {
    list: 'capital',
    fields: { recipientNif: 'nif', name: 'name', incomeAmount: 'amount', withholdingCents: 'withholding' },
  },
};

const API_FIELDS: Record<string, string> = {
  previousYearNetIncomeCents: 'previousYearNetIncome',
  otherIncomeCents: 'otherIncome',
  otherExpensesCents: 'otherExpenses',
};

/**
 * The draft field an API field names (`rentalProperties.1.nif` → `rentals.3.nif` when the rows 0 and 2
 * were left empty and not sent; `workIncome.baseCents` → `work.baseCents`); null when none.
 */
export function draftFieldOfApiField(field: string, draft: IncomeTaxDraft): string | null {
  // The model's checks write `rentalProperties[1].nif`; a body schema `rentalProperties.1.nif`.
  const parts = field
    .replace(/^adjustments\./, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.');
  const [head, second, third] = parts;
  if (!head) return null;
  const list = API_LISTS[head];
  if (list) {
    if (second === undefined) return list.list;
    const sent = sentRows(draft[list.list]);
    const row = sent[Number(second)];
    if (!row) return list.list;
    const name = third ? list.fields[third] : undefined;
    return name ? `${list.list}.${row.index}.${name}` : `${list.list}.${row.index}.nif`;
  }
  if (head === 'workIncome') {
    return second && (WORK_FIELDS as readonly string[]).includes(second) ? `work.${second}` : 'work';
  }
  return API_FIELDS[head] ?? null;
}

/** The server's refusal of the adjustments: its messages under the fields they name, and the rest. */
export interface Refusal {
  fields: Record<string, string>;
  /** The message no field of the editors shows. */
  message: string | null;
}

export function refusalOf(error: unknown, draft: IncomeTaxDraft): Refusal {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const { name, errors } of apiFieldErrors(error)) {
    const key = draftFieldOfApiField(name.join('.'), draft);
    if (key) fields[key] = errors.join(' ');
    else unplaced.push(...errors);
  }
  const placed = Object.keys(fields).length > 0;
  const fallback = error instanceof Error ? error.message : null;
  return { fields, message: unplaced.length > 0 ? unplaced.join(' ') : placed ? null : fallback };
}
