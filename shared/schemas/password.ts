/**
 * The password rule (issue #12 item 8, NIST SP 800-63B §3.1.1.2 / OWASP ASVS 6.2): at least 12
 * characters, an upper-case letter, a lower-case letter and a digit, no control characters, and not
 * one of the common passwords shipped in common-passwords.ts. Written once: the API's schemas
 * (registration, reset, change, activation), the web forms and the Cognito pool (infra/cdk, local
 * pool) all follow it.
 */

import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 12;
/** Cognito refuses longer passwords. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  upper: 'La contraseña debe incluir al menos una letra mayúscula.',
  lower: 'La contraseña debe incluir al menos una letra minúscula.',
  digit: 'La contraseña debe incluir al menos un número.',
  control: 'La contraseña no puede contener caracteres de control.',
  common: 'Esta contraseña es demasiado común. Elige otra.',
} as const;

/** The hint the forms show under a new-password field. */
export const PASSWORD_HINT = `Al menos ${PASSWORD_MIN_LENGTH} caracteres, con una mayúscula, una minúscula y un número; evita contraseñas comunes.`;

let common: ReadonlySet<string> | undefined;

/** Whether the password is in the shipped list of common passwords (case does not save it). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS);
  return common.has(password.toLowerCase());
}

/** Characters, not UTF-16 units: an emoji counts once, as a person would count it. */
const lengthOf = (password: string): number => [...password].length;

// C0 and C1 controls (tab and line breaks included: nobody types them into a password field) and
// lone surrogates, which no keyboard produces and Cognito would store mangled.
const CONTROL = /[\p{Cc}\p{Cs}]/u;

/**
 * The problems of a new password against the rule, in Spanish, the most basic first. Empty when it
 * is fine. The Cognito pool must be configured with the same rule or a laxer one.
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (CONTROL.test(password)) problems.push(PASSWORD_MESSAGES.control);
  if (lengthOf(password) < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (!/\p{Lu}/u.test(password)) problems.push(PASSWORD_MESSAGES.upper);
  if (!/\p{Ll}/u.test(password)) problems.push(PASSWORD_MESSAGES.lower);
  if (!/\d/.test(password)) problems.push(PASSWORD_MESSAGES.digit);
  if (problems.length === 0 && isCommonPassword(password)) problems.push(PASSWORD_MESSAGES.common);
  return problems;
}
