/** Pure rules of expense categories: default set, copy names, ordering. */

import { categoryNameKey, DEFAULT_EXPENSE_CATEGORIES, type ExpenseCategory } from '@shared/schemas/expenses';

/** Categories ordered as the user arranged them (ties by name). */
export const byOrder = (categories: ExpenseCategory[]): ExpenseCategory[] =>
  [...categories].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'es'));

export const nextOrder = (categories: ExpenseCategory[]): number =>
  categories.reduce((max, c) => Math.max(max, c.order + 1), 0);

/** 'Seguros (copia)', then 'Seguros (copia 2)', 'Seguros (copia 3)'... the first name not taken. */
export function copyName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map(categoryNameKey));
  const base = name.replace(/ \(copia(?: \d+)?\)$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base} (copia)` : `${base} (copia ${n})`;
    if (!used.has(categoryNameKey(candidate))) return candidate;
  }
}

/** The default categories a company does not have yet (a user may have created one by hand). */
export function missingDefaults(
  companyId: string,
  existing: ExpenseCategory[],
  now: string,
  newId: () => string,
): ExpenseCategory[] {
  const names = new Set(existing.map((c) => categoryNameKey(c.name)));
  const start = nextOrder(existing);
  return DEFAULT_EXPENSE_CATEGORIES.filter((d) => !names.has(categoryNameKey(d.name))).map((d, i) => ({
    categoryId: newId(),
    companyId,
    name: d.name,
    pgcAccount: d.pgcAccount,
    deductibleBp: 10_000,
    order: start + i,
    isActive: true,
    createdAt: now,
    updatedAt: now,
  }));
}
