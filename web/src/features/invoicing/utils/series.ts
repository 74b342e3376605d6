/** Invoice series in the web app: Spanish names, the manager's form values and the API bodies. */
import {
  type CreateInvoiceSeriesBody,
  DEFAULT_NUMBER_FORMAT,
  type InvoiceSeriesView,
  numberFormatProblem,
  renderNumber,
  type SeriesPurpose,
  type UpdateInvoiceSeriesBody,
} from '@shared/schemas/invoice-series';
import { apiFieldErrors } from '@web/lib/api-field-errors';

export const SERIES_PURPOSE_LABELS: Record<SeriesPurpose, string> = {
  ORDINARY: 'Ordinaria',
  RECTIFICATIVA: 'Rectificativa',
  SIMPLIFICADA: 'Simplificada',
};

export interface SeriesFormValues {
  code: string;
  description: string;
  purpose: SeriesPurpose;
  format: string;
  isDefault: boolean;
  isActive: boolean;
}

export const SERIES_FORM_FIELDS = [
  'code',
  'description',
  'purpose',
  'format',
  'isDefault',
  'isActive',
] as const;

/** Same rule as the API's series code (`SeriesCode` in shared/schemas/invoice-series.ts). */
export const SERIES_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{0,8}[A-Z0-9])?$/;
export const SERIES_CODE_MESSAGE =
  'El código debe tener de 1 a 10 letras mayúsculas, dígitos o guiones (sin guion al inicio o al final).';

/** What the series manager opens with for a new series ("F", ordinary, default when none is). */
export const newSeriesValues = (overrides: Partial<SeriesFormValues> = {}): SeriesFormValues => ({
  code: '',
  description: '',
  purpose: 'ORDINARY',
  format: DEFAULT_NUMBER_FORMAT,
  isDefault: false,
  isActive: true,
  ...overrides,
});

export const valuesFromSeries = (s: InvoiceSeriesView): SeriesFormValues => ({
  code: s.code,
  description: s.description,
  purpose: s.purpose,
  format: s.format,
  isDefault: s.isDefault,
  isActive: s.isActive,
});

const clean = (v: SeriesFormValues) => ({
  code: v.code.trim().toUpperCase(),
  description: (v.description ?? '').trim(),
  purpose: v.purpose,
  format: v.format.trim(),
  isDefault: Boolean(v.isDefault),
  isActive: v.isActive !== false,
});

export const toCreateSeriesBody = (v: SeriesFormValues): CreateInvoiceSeriesBody => clean(v);

/** Only what changed, so a used series never sends its frozen code, purpose or format. */
export function toUpdateSeriesBody(v: SeriesFormValues, current: InvoiceSeriesView): UpdateInvoiceSeriesBody {
  const next = clean(v);
  const body: UpdateInvoiceSeriesBody = {};
  if (next.code !== current.code) body.code = next.code;
  if (next.description !== current.description) body.description = next.description;
  if (next.purpose !== current.purpose) body.purpose = next.purpose;
  if (next.format !== current.format) body.format = next.format;
  if (next.isActive !== current.isActive) body.isActive = next.isActive;
  if (next.isDefault !== current.isDefault) body.isDefault = next.isDefault;
  return body;
}

/** The example number of a pattern for this year (undefined while the pattern is not valid). */
export function formatExample(
  format: string | undefined,
  code: string | undefined,
  n = 1,
  year = new Date().getFullYear(),
) {
  const pattern = (format ?? '').trim();
  const series = (code ?? '').trim().toUpperCase() || 'F';
  if (!pattern || numberFormatProblem(pattern, series)) return undefined;
  return renderNumber(pattern, series, year, n);
}

/** Whether the company has an active ordinary series marked as default (needed to confirm invoices). */
export const hasOrdinaryDefault = (series: readonly InvoiceSeriesView[] | undefined) =>
  (series ?? []).some((s) => s.purpose === 'ORDINARY' && s.isDefault && s.isActive);

/** The series form's fields an API error names, with the server's Spanish message. */
export function seriesFieldErrors(error: unknown): { name: string[]; errors: string[] }[] {
  const known: readonly string[] = SERIES_FORM_FIELDS;
  return apiFieldErrors(error).filter(({ name }) => known.includes(name.join('.')));
}
