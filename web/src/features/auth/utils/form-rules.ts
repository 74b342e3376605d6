/**
 * antd form rules with the policies written once in @shared: the password policy of
 * @shared/schemas/identity and the NIF check of @shared/fiscal/nif, with their Spanish messages.
 * (@shared/schemas/identity brings zod along: pages that only ask for an e-mail use ./email-rules.)
 */
import { type TaxIdKind, validateTaxId } from '@shared/fiscal/nif';
import { passwordProblems } from '@shared/schemas/identity';
import { PASSWORD_HINT } from '@shared/schemas/password';
import type { FormRule } from 'antd';

export { PASSWORD_HINT };
export const PASSWORD_MISMATCH = 'Las contraseñas no coinciden.';

/** The first problem of the password against the policy, as the server would word it. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: 'Introduce una contraseña.' },
  {
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.resolve();
      const [problem] = passwordProblems(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/** The confirmation must repeat the field `passwordField` (declare `dependencies` on the item too). */
export const confirmPasswordRules = (passwordField: string): FormRule[] => [
  { required: true, message: 'Repite la contraseña.' },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || getFieldValue(passwordField) === value
        ? Promise.resolve()
        : Promise.reject(new Error(PASSWORD_MISMATCH)),
  }),
];

/** Spanish phone: 9 to 15 digits, spaces allowed, an optional leading '+' (the server's rule). */
export const phoneRules: FormRule[] = [
  { pattern: /^\+?[\d\s]{9,15}$/, message: 'El teléfono no es válido.' },
];

/**
 * The NIF problem for an account type, or null: the check character first (with its own reason),
 * then the kind (an autónomo has a DNI or NIE, a society a CIF), as the server decides.
 */
export function nifProblem(raw: string, expected: 'PERSON' | 'ENTITY'): string | null {
  const result = validateTaxId(raw);
  if (!result.valid) return result.reason ?? 'El NIF no es válido.';
  if (expected === 'PERSON' && result.kind === 'CIF')
    return 'El NIF de un autónomo debe ser un DNI o un NIE.';
  if (expected === 'ENTITY' && result.kind !== 'CIF') return 'El NIF de una sociedad debe ser un CIF.';
  return null;
}

export const nifRules = (expected: 'PERSON' | 'ENTITY'): FormRule[] => [
  { required: true, whitespace: true, message: 'El NIF es obligatorio.' },
  {
    validator: (_, value: string | undefined) => {
      if (!value?.trim()) return Promise.resolve();
      const problem = nifProblem(value, expected);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

export const taxIdKindLabels: Record<TaxIdKind, string> = { DNI: 'DNI', NIE: 'NIE', CIF: 'CIF' };
