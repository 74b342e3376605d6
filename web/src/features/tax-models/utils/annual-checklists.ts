/**
 * The words of the annual returns' checklists (issue 15 item 4; shared/fiscal/annual-checklists.ts):
 * each item's status, the return's title, its deadline and its counts. Pure.
 */

import type { AnnualChecklist, ChecklistItemStatus } from '@shared/fiscal/annual-checklists';
import { formatDate } from '@web/lib/format';

/** KNOWN: Cuadra has the figure; PENDING: it will once a return of the year is generated; TO_PROVIDE: gather it. */
export const CHECKLIST_STATUS_LABELS: Record<ChecklistItemStatus, string> = {
  KNOWN: 'Conocido',
  PENDING: 'Pendiente',
  TO_PROVIDE: 'A aportar',
};

export const CHECKLIST_STATUS_COLORS: Record<ChecklistItemStatus, string> = {
  KNOWN: 'green',
  PENDING: 'gold',
  TO_PROVIDE: 'orange',
};

/** 'Modelo 100 · Declaración anual del IRPF (Renta)'. */
export const checklistTitle = (c: Pick<AnnualChecklist, 'modelType' | 'name'>): string =>
  `Modelo ${c.modelType} · ${c.name}`;

/** 'Plazo: hasta el 30/06/2026', or that the fiscal calendar has none. */
export const dueDateText = (dueDate: string | null): string =>
  dueDate ? `Plazo: hasta el ${formatDate(dueDate)}` : 'Plazo: sin fecha en el calendario fiscal';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '4 conocidos · 1 pendiente · 5 a aportar'. */
export const checklistSummaryText = (s: AnnualChecklist['summary']): string =>
  [
    counted(s.known, 'conocido', 'conocidos'),
    counted(s.pending, 'pendiente', 'pendientes'),
    `${s.toProvide} a aportar`,
  ].join(' · ');
