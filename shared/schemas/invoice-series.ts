/**
 * Request and response contracts of invoice series and their number formats (issue 4, item 2).
 */

import * as z from 'zod';
import { Id } from './common';
import { safeText } from './text';

// --- invoice series ----------------------------------------------------------------------------

export const SERIES_PURPOSES = ['ORDINARY', 'RECTIFICATIVA', 'SIMPLIFICADA'] as const;
export type SeriesPurpose = (typeof SERIES_PURPOSES)[number];

export const DEFAULT_NUMBER_FORMAT = '{SERIES}-{YYYY}-{NNNN}';
/** VeriFacTu and SII take at most 60 characters; we stay well below. */
export const MAX_INVOICE_NUMBER_LENGTH = 30;

const FORMAT_TOKEN = /\{(SERIES|YYYY|YY|N{3,8})\}/g;

/**
 * Checks a number pattern: literals from `A-Z 0-9 - / . _`, exactly one year token ({YYYY} or
 * {YY}, since numbering restarts every year and the number must stay unique in the series),
 * exactly one number token of 3 to 8 N, {SERIES} at most once. Returns why it is refused.
 */
export function numberFormatProblem(format: string, code = 'XXXXXXXXXX'): string | undefined {
  const tokens = [...format.matchAll(FORMAT_TOKEN)].map((m) => m[1]!);
  const literals = format.replace(FORMAT_TOKEN, '');
  if (!/^[A-Z0-9\-/._]*$/.test(literals)) {
    return 'El formato solo admite letras mayúsculas, dígitos, - / . _ y los marcadores {SERIES}, {YYYY}, {YY}, {NNNN}.';
  }
  const years = tokens.filter((t) => t === 'YYYY' || t === 'YY').length;
  const numbers = tokens.filter((t) => t.startsWith('N')).length;
  const series = tokens.filter((t) => t === 'SERIES').length;
  if (years !== 1) return 'El formato debe incluir el año una vez ({YYYY} o {YY}).';
  if (numbers !== 1) return 'El formato debe incluir el número una vez ({NNN} a {NNNNNNNN}).';
  if (series > 1) return 'El formato solo puede incluir {SERIES} una vez.';
  const longest = renderNumber(format, code, 2026, 1).length;
  if (longest > MAX_INVOICE_NUMBER_LENGTH) {
    return `El número resultante no puede superar ${MAX_INVOICE_NUMBER_LENGTH} caracteres.`;
  }
  return undefined;
}

/** Digits of the number token of a pattern (the largest number it can hold is 10^digits - 1). */
export const numberDigits = (format: string): number => {
  const m = format.match(/\{(N{3,8})\}/);
  return m ? m[1]!.length : 4;
};

/** Renders a pattern: `{SERIES}-{YYYY}-{NNNN}` with F, 2026, 1 gives `F-2026-0001`. */
export function renderNumber(format: string, code: string, year: number, n: number): string {
  return format.replace(FORMAT_TOKEN, (_, token: string) => {
    if (token === 'SERIES') return code;
    if (token === 'YYYY') return String(year).padStart(4, '0');
    if (token === 'YY') return String(year % 100).padStart(2, '0');
    return String(n).padStart(token.length, '0');
  });
}

const SeriesCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9](?:[A-Z0-9-]{0,8}[A-Z0-9])?$/, {
    message:
      'El código debe tener de 1 a 10 letras mayúsculas, dígitos o guiones (sin guion al inicio o al final).',
  });

const NumberFormat = safeText().min(1).max(60);

const formatFits = (s: { code?: string; format?: string }, ctx: z.RefinementCtx) => {
  if (s.format === undefined) return;
  const problem = numberFormatProblem(s.format, s.code);
  if (problem) ctx.addIssue({ code: 'custom', path: ['format'], message: problem });
};

export const CreateInvoiceSeriesBody = z
  .object({
    code: SeriesCode,
    description: safeText().max(200).default(''),
    purpose: z.enum(SERIES_PURPOSES).default('ORDINARY'),
    format: NumberFormat.default(DEFAULT_NUMBER_FORMAT),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().default(true),
  })
  .strict()
  .superRefine(formatFits);
export type CreateInvoiceSeriesBody = z.infer<typeof CreateInvoiceSeriesBody>;

/** Partial update; code, purpose and format are frozen once the series has issued numbers. */
export const UpdateInvoiceSeriesBody = z
  .object({
    code: SeriesCode.optional(),
    description: safeText().max(200).optional(),
    purpose: z.enum(SERIES_PURPOSES).optional(),
    format: NumberFormat.optional(),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().optional(),
  })
  .strict()
  .superRefine(formatFits);
export type UpdateInvoiceSeriesBody = z.infer<typeof UpdateInvoiceSeriesBody>;

export const InvoiceSeriesPath = z.object({ seriesId: Id });
export type InvoiceSeriesPath = z.infer<typeof InvoiceSeriesPath>;

export const InvoiceSeriesListQuery = z.object({
  purpose: z.enum(SERIES_PURPOSES).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type InvoiceSeriesListQuery = z.infer<typeof InvoiceSeriesListQuery>;

export interface InvoiceSeries {
  seriesId: string;
  companyId: string;
  code: string;
  description: string;
  purpose: SeriesPurpose;
  format: string;
  isActive: boolean;
  /** How many numbers the series has issued, all years together (frozen code and format once > 0). */
  issuedCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A series as the API returns it: `isDefault` comes from the company's default pointer. */
export interface InvoiceSeriesView extends InvoiceSeries {
  isDefault: boolean;
  /** What the next number of the current year looks like with this format. */
  example: string;
}
