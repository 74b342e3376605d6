/**
 * Which category a document belongs to (document-categories classify, suggestions, recommendations).
 * Two signals, both explainable to the person who files the document: the categories this supplier's
 * documents were filed under before (the strongest: a company files a supplier the same way), and the
 * category's keywords found as whole words in the document's text, file name or supplier. Pure.
 */

import {
  type CategorySuggestion,
  type DocumentCategory,
  documentCategoryNameKey,
  type SuggestionReason,
} from '@shared/schemas/document-categories';
import type { DocumentType } from '@shared/schemas/documents';
import { round4 } from './accuracy';

export interface ClassifierInput {
  text?: string | undefined;
  fileName?: string | undefined;
  supplierName?: string | null | undefined;
  supplierNif?: string | null | undefined;
  documentType?: DocumentType | undefined;
}

/** Per supplier (NIF, else folded name): how many of its documents each category holds. */
export type SupplierHistory = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** The key a supplier is remembered by: its NIF, else its folded name. */
export const supplierKey = (
  nif: string | null | undefined,
  name: string | null | undefined,
): string | null => {
  const n = (nif ?? '').toUpperCase().replace(/[\s.-]/g, '');
  if (n) return `NIF:${n}`;
  const folded = documentCategoryNameKey(name ?? '');
  return folded ? `NAME:${folded}` : null;
};

/** Text folded to ` word word ` (lower case, no accents, punctuation and `_-.` as spaces). */
export const foldWords = (s: string): string =>
  ` ${documentCategoryNameKey(s)
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim()} `;

/** Keywords found as whole words (a plural `s`/`es` also counts). */
export function matchedKeywords(haystack: string, keywords: readonly string[]): string[] {
  return keywords.filter((kw) => {
    const w = foldWords(kw).trim();
    if (!w) return false;
    return haystack.includes(` ${w} `) || haystack.includes(` ${w}s `) || haystack.includes(` ${w}es `);
  });
}

// Weights: one keyword alone is a hint; three are near certainty; history outweighs keywords.
const KEYWORD_WEIGHT = 0.9;
const HISTORY_WEIGHT = 0.95;
const NAME_WEIGHT = 0.3;
const OTHER_TYPE_FACTOR = 0.8;

/**
 * Ranks the active categories for a document: score = 1 − Π(1 − signal), each signal in 0..1
 * (history = share of the supplier's documents in the category; keywords = 0.9 (1 − 0.4^matches); the
 * category's own name in the text), lowered when the document is of another type. Only categories
 * with some evidence are returned, best first.
 */
export function classify(
  categories: readonly DocumentCategory[],
  input: ClassifierInput,
  history: SupplierHistory = new Map(),
): CategorySuggestion[] {
  const haystack = foldWords([input.text, input.fileName, input.supplierName].filter(Boolean).join(' '));
  const key = supplierKey(input.supplierNif, input.supplierName);
  const past = key ? history.get(key) : undefined;
  const pastTotal = past ? [...past.values()].reduce((a, b) => a + b, 0) : 0;
  const out: CategorySuggestion[] = [];
  for (const c of categories) {
    if (!c.active) continue;
    const reasons: SuggestionReason[] = [];
    const matched = matchedKeywords(haystack, c.keywords);
    const keywordSignal = KEYWORD_WEIGHT * (1 - 0.4 ** matched.length);
    if (matched.length > 0) reasons.push('KEYWORD');
    const share = past && pastTotal > 0 ? (past.get(c.categoryId) ?? 0) / pastTotal : 0;
    const historySignal = HISTORY_WEIGHT * share;
    if (share > 0) reasons.push('SUPPLIER_HISTORY');
    const nameSignal = matchedKeywords(haystack, [c.name]).length > 0 ? NAME_WEIGHT : 0;
    if (nameSignal > 0) reasons.push('NAME');
    let score = 1 - (1 - keywordSignal) * (1 - historySignal) * (1 - nameSignal);
    if (score <= 0) continue;
    if (input.documentType) {
      if (input.documentType === c.documentType) reasons.push('DOCUMENT_TYPE');
      else score *= OTHER_TYPE_FACTOR;
    }
    out.push({
      categoryId: c.categoryId,
      name: c.name,
      score: round4(score),
      reasons,
      matchedKeywords: matched,
    });
  }
  return out.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name, 'es'));
}

/** Builds the supplier history from filed documents. */
export function supplierHistory(
  filed: readonly { categoryId: string | null; supplierNif: string | null; supplierName: string | null }[],
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const d of filed) {
    if (!d.categoryId) continue;
    for (const k of [supplierKey(d.supplierNif, null), supplierKey(null, d.supplierName)]) {
      if (!k) continue;
      const m = out.get(k) ?? new Map<string, number>();
      m.set(d.categoryId, (m.get(d.categoryId) ?? 0) + 1);
      out.set(k, m);
    }
  }
  return out;
}
