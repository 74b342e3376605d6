/**
 * Words, colours and periods of the document-request campaigns (issue 21 item 5), shared by the
 * gestor's pages and the client's checklist.
 */
import type { CampaignItemStatus, CampaignStatus } from '@shared/schemas/campaigns';

export const CAMPAIGNS_TITLE = 'Campañas de documentación';
/** The gestor's page (`?id=` opens one campaign). */
export const CAMPAIGNS_PATH = '/app/document-campaigns';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  DRAFT: 'Borrador',
  ACTIVE: 'Activa',
  CLOSED: 'Cerrada',
};

export const CAMPAIGN_STATUS_COLORS: Record<CampaignStatus, string> = {
  DRAFT: 'default',
  ACTIVE: 'processing',
  CLOSED: 'success',
};

export const ITEM_STATUS_LABELS: Record<CampaignItemStatus, string> = {
  MISSING: 'Pendiente',
  RECEIVED: 'Recibido',
  CLOSED_MANUALLY: 'Cerrado a mano',
};

export const ITEM_STATUS_COLORS: Record<CampaignItemStatus, string> = {
  MISSING: 'warning',
  RECEIVED: 'success',
  CLOSED_MANUALLY: 'blue',
};

/** An item that no longer asks anything of the client. */
export const isItemDone = (status: CampaignItemStatus): boolean => status !== 'MISSING';

export type PeriodKind = 'quarter' | 'month' | 'year';

export const PERIOD_KIND_LABELS: Record<PeriodKind, string> = {
  quarter: 'Trimestre',
  month: 'Mes',
  year: 'Año',
};

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** What the period picker holds: the kind, the year and (for a quarter or a month) its number. */
export interface PeriodParts {
  kind: PeriodKind;
  year: number;
  /** 1-4 for a quarter, 1-12 for a month; ignored for a year. */
  part: number;
}

/** `{quarter, 2026, 4}` → `2026-Q4`; `{month, 2026, 11}` → `2026-11`; `{year, 2026}` → `2026`. */
export function buildPeriod({ kind, year, part }: PeriodParts): string {
  if (kind === 'year') return String(year);
  if (kind === 'quarter') return `${year}-Q${part}`;
  return `${year}-${String(part).padStart(2, '0')}`;
}

/** The inverse of {@link buildPeriod}; null for text that is not a period. */
export function parsePeriod(period: string): PeriodParts | null {
  const match = /^(\d{4})(?:-Q([1-4])|-(0[1-9]|1[0-2]))?$/.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2]) return { kind: 'quarter', year, part: Number(match[2]) };
  if (match[3]) return { kind: 'month', year, part: Number(match[3]) };
  return { kind: 'year', year, part: 1 };
}

/** `2026-Q4` → '4.º trimestre de 2026'; `2026-11` → 'noviembre de 2026'; `2026` → 'Año 2026'. */
export function formatPeriod(period: string): string {
  const parts = parsePeriod(period);
  if (!parts) return period;
  if (parts.kind === 'quarter') return `${parts.part}.º trimestre de ${parts.year}`;
  if (parts.kind === 'month') return `${MONTH_NAMES[parts.part - 1]} de ${parts.year}`;
  return `Año ${parts.year}`;
}

/**
 * The period a new campaign asks for by default: the quarter that has just ended (the paperwork
 * chased is the closed quarter's), from a `YYYY-MM-DD` date.
 */
export function previousQuarter(today: string): PeriodParts {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  return quarter === 1
    ? { kind: 'quarter', year: year - 1, part: 4 }
    : { kind: 'quarter', year, part: quarter - 1 };
}

/** 'Vence hoy', 'Quedan 3 días', 'Vencida hace 2 días' (calendar days from the server's `daysLeft`). */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Vence hoy';
  if (daysLeft === 1) return 'Queda 1 día';
  if (daysLeft > 1) return `Quedan ${daysLeft} días`;
  if (daysLeft === -1) return 'Vencida hace 1 día';
  return `Vencida hace ${-daysLeft} días`;
}

/** Whole percentage of `done` over `total` (0 when there is nothing to do). */
export const percent = (done: number, total: number): number =>
  total > 0 ? Math.round((done / total) * 100) : 0;
