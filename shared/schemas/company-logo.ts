/**
 * The invoice logo's rules (spec part 3 §5 "Logo file"): at most 5 MB; raster images 100-2000 px on
 * each side with an aspect ratio between 0.1 and 10; the spec's Spanish messages. Checked from the
 * header alone (shared/images/image-header.ts), so the API refuses a decompression bomb before
 * decoding it and the web form refuses the same files before sending them.
 *
 * SVG is refused: the spec lists it for the portal's branding logo, but this logo exists to be
 * printed on invoice PDFs, which embed only PNG and JPEG, and an SVG is a document that can carry
 * script and external references. The type message therefore names PNG and JPEG.
 */

import { type ImageHeader, imageHeader, imageKind } from '@shared/images/image-header';

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_MIN_SIDE = 100;
export const LOGO_MAX_SIDE = 2000;
export const LOGO_MIN_RATIO = 0.1;
export const LOGO_MAX_RATIO = 10;

export const LOGO_MESSAGES = {
  TOO_HEAVY: 'El logo es demasiado grande. Máximo: 5MB',
  TYPE_NOT_ALLOWED: 'Tipo de archivo no permitido para logos. Tipos permitidos: PNG, JPEG',
  TOO_SMALL: 'El logo es demasiado pequeño. Mínimo: 100x100px',
  TOO_LARGE: 'El logo es demasiado grande. Máximo: 2000x2000px',
  EXTREME_RATIO: 'El logo tiene proporciones extremas. Use una imagen más cuadrada',
  UNREADABLE: 'No se pudo procesar la imagen. Verifique que el archivo no esté corrupto',
} as const;

export type LogoProblemReason = keyof typeof LOGO_MESSAGES;

export interface LogoProblem {
  reason: LogoProblemReason;
  message: string;
}

const problem = (reason: LogoProblemReason): LogoProblem => ({ reason, message: LOGO_MESSAGES[reason] });

/** Why claimed dimensions break the rules, or null. */
export function logoDimensionProblem(width: number, height: number): LogoProblem | null {
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE) return problem('TOO_SMALL');
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return problem('TOO_LARGE');
  const ratio = width / height;
  if (ratio < LOGO_MIN_RATIO || ratio > LOGO_MAX_RATIO) return problem('EXTREME_RATIO');
  return null;
}

/**
 * The file's header checked against every rule, without decoding: its kind and dimensions when
 * it passes, or the first problem (size, type, unreadable header, dimensions, ratio).
 */
export function checkLogoHeader(bytes: Uint8Array): { header: ImageHeader } | { problem: LogoProblem } {
  if (bytes.length > MAX_LOGO_BYTES) return { problem: problem('TOO_HEAVY') };
  const kind = imageKind(bytes);
  if (kind !== 'png' && kind !== 'jpeg') return { problem: problem('TYPE_NOT_ALLOWED') };
  const header = imageHeader(bytes);
  if (!header) return { problem: problem('UNREADABLE') };
  const dimensions = logoDimensionProblem(header.width, header.height);
  return dimensions ? { problem: dimensions } : { header };
}
