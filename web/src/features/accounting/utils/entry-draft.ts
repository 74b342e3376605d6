/**
 * The entry editor's lines as typed (es-ES amounts) and what they make: the live balance (total
 * Debe, total Haber, difference) and the first problem, with the spec's messages (part 2 §5) checked
 * in the browser before the server checks them again with the same `entryLinesProblem`.
 */
import {
  accountingMessages,
  type CreateEntryBody,
  type EntryLineBody,
  entryLinesProblem,
  type JournalEntry,
  MAX_ENTRY_LINES,
} from '@shared/schemas/accounting';
import { formatMoneyInput, parseEurosToCents } from '@web/lib/money-input';

export interface LineDraft {
  key: string;
  accountId?: string;
  /** What the account select shows for it (kept when the search no longer lists it). */
  accountLabel?: string;
  debit: string;
  credit: string;
  description: string;
}

let nextKey = 0;
export const emptyLine = (): LineDraft => ({ key: `l${++nextKey}`, debit: '', credit: '', description: '' });

/** A typed amount in céntimos: 0 when empty, null when it is not an amount. */
export function amountOf(text: string): number | null {
  if (text.trim() === '') return 0;
  return parseEurosToCents(text);
}

/** A line nobody has touched (no account, no amounts, no text) is not part of the entry. */
const isBlank = (l: LineDraft) =>
  !l.accountId && l.debit.trim() === '' && l.credit.trim() === '' && l.description.trim() === '';

export interface EntryBalance {
  debitCents: number;
  creditCents: number;
  /** Debe − Haber. */
  differenceCents: number;
  balanced: boolean;
}

/** The live totals of the lines (amounts that are not numbers count as zero). */
export function entryBalance(lines: readonly LineDraft[]): EntryBalance {
  let debitCents = 0;
  let creditCents = 0;
  for (const l of lines) {
    debitCents += amountOf(l.debit) ?? 0;
    creditCents += amountOf(l.credit) ?? 0;
  }
  const differenceCents = debitCents - creditCents;
  return { debitCents, creditCents, differenceCents, balanced: differenceCents === 0 && debitCents > 0 };
}

export interface DraftProblem {
  message: string;
  /** The index in `lines` of the line at fault. */
  index?: number;
}

/** The first thing that keeps the entry from being saved, or null (spec part 2 §5 order). */
export function draftProblem(lines: readonly LineDraft[], companyId: string | null): DraftProblem | null {
  if (!companyId) return { message: accountingMessages.noCompany };
  const used = lines.map((line, index) => ({ line, index })).filter(({ line }) => !isBlank(line));
  for (const { line, index } of used) {
    if (amountOf(line.debit) === null || amountOf(line.credit) === null)
      return { message: `Línea ${index + 1}: importe no válido`, index };
  }
  if (used.length > MAX_ENTRY_LINES)
    return { message: `Un asiento no puede tener más de ${MAX_ENTRY_LINES} líneas.` };
  const problem = entryLinesProblem(used.map(({ line }) => bodyLine(line)));
  if (problem)
    return {
      message: problem.message,
      index: problem.index === undefined ? undefined : used[problem.index]?.index,
    };
  for (const { line, index } of used) {
    if (!line.accountId) return { message: `Línea ${index + 1}: la cuenta es obligatoria.`, index };
  }
  return null;
}

function bodyLine(l: LineDraft): EntryLineBody {
  const description = l.description.trim();
  return {
    accountId: l.accountId ?? '0',
    debitCents: amountOf(l.debit) ?? 0,
    creditCents: amountOf(l.credit) ?? 0,
    ...(description ? { description } : {}),
  };
}

/** The body of `accounting.createEntry` / `updateEntry` (céntimos; blank lines left out). */
export function entryBody(
  draft: { entryDate: string; description: string; lines: readonly LineDraft[] },
  companyId: string,
): CreateEntryBody {
  return {
    companyId,
    entryDate: draft.entryDate,
    description: draft.description.trim(),
    lines: draft.lines.filter((l) => !isBlank(l)).map(bodyLine),
  };
}

/** An entry's lines back into the editor (editing a manual entry). */
export function linesOf(entry: JournalEntry): LineDraft[] {
  return entry.lines.map((l) => ({
    ...emptyLine(),
    accountId: l.accountId,
    accountLabel: `${l.displayCode} ${l.accountName}`,
    debit: l.debitCents ? formatMoneyInput(l.debitCents) : '',
    credit: l.creditCents ? formatMoneyInput(l.creditCents) : '',
    description: l.description,
  }));
}
