/**
 * What the browser checks before sending a certificate (the server parses and validates the
 * content): a .p12 / .pfx file of at most 50 KB. A PKCS#12 with its chain weighs a few KB.
 */

export const MAX_CERTIFICATE_BYTES = 50 * 1024;
const CERTIFICATE_EXTENSION = /\.(p12|pfx)$/i;

/** Why a file cannot be uploaded as a certificate (Spanish, for the screen), or null when it can. */
export function certificateFileProblem(file: { name: string; size: number }): string | null {
  if (!CERTIFICATE_EXTENSION.test(file.name)) return 'El certificado debe ser un archivo .p12 o .pfx.';
  if (file.size === 0) return 'El archivo del certificado está vacío.';
  if (file.size > MAX_CERTIFICATE_BYTES) return 'El certificado no puede superar los 50 KB.';
  return null;
}

/** Certificates expiring within this many days get a warning. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryLevel = 'ok' | 'soon' | 'expired';

export function expiryLevel(daysToExpiry: number): ExpiryLevel {
  if (daysToExpiry < 0) return 'expired';
  if (daysToExpiry < EXPIRY_WARNING_DAYS) return 'soon';
  return 'ok';
}

export function expiryMessage(daysToExpiry: number): string | null {
  const level = expiryLevel(daysToExpiry);
  if (level === 'expired') return 'El certificado ha caducado: renuévalo para seguir enviando a la AEAT.';
  if (level === 'soon')
    return daysToExpiry === 0
      ? 'El certificado caduca hoy.'
      : `El certificado caduca en ${daysToExpiry} ${daysToExpiry === 1 ? 'día' : 'días'}.`;
  return null;
}
