/** Which cockpit rows a filter keeps and which ones a bulk action can act on. Pure. */
import type { CockpitRow } from '@shared/schemas/tax-models';

export interface CockpitFilters {
  /** Only the rows with at least one anomaly. */
  anomalies: boolean;
  /** Only the rows still to file: owed, and not yet submitted. */
  pending: boolean;
  /** Part of the company's name or NIF. */
  search: string;
}

/** Owed for the period and not filed yet (to compute, review, approve or file). */
export const isPendingRow = (row: CockpitRow): boolean =>
  row.applicable && (row.status === 'NOT_GENERATED' || row.status === 'MODEL_GENERATED');

/** Lower case without accents, so 'panaderia' finds 'Panadería'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function filterRows(rows: readonly CockpitRow[], filters: CockpitFilters): CockpitRow[] {
  const search = fold(filters.search.trim());
  return rows.filter(
    (row) =>
      (!filters.anomalies || row.anomalies.length > 0) &&
      (!filters.pending || isPendingRow(row)) &&
      (!search || fold(row.companyName).includes(search) || fold(row.nif).includes(search)),
  );
}

/** The companies 'Calcular todos' computes: every one that owes the model and has not filed it. */
export const computableRows = (rows: readonly CockpitRow[]): CockpitRow[] => rows.filter(isPendingRow);

/** Amount of a result for sorting: a missing one sorts first. */
export const resultSortValue = (row: CockpitRow): number =>
  row.result ? row.result.amountCents : Number.NEGATIVE_INFINITY;
