/**
 * Client activation contracts (/client/activate): a person invited to a company without an account
 * opens the link of the invitation e-mail, sees which company invited it, chooses a password and
 * joins. The password policy is identity's (`Password`), written once.
 */

import * as z from 'zod';
import { Password } from './identity';
import { safeText } from './text';

const INVALID_LINK = 'El enlace no es válido o ha caducado.';

const ActivationToken = z
  .string({ message: INVALID_LINK })
  .trim()
  .min(1, { message: INVALID_LINK })
  .max(200, { message: INVALID_LINK });

/** Optional; a blank field means "keep the name the inviter typed". */
const OptionalName = (label: string) =>
  safeText()
    .trim()
    .max(100, { message: `${label} no puede superar 100 caracteres.` })
    .optional()
    .transform((v) => v || undefined);

/** `GET auth/activation/validate?token=` */
export const ActivationValidateQuery = z.object({ token: ActivationToken });
export type ActivationValidateQuery = z.infer<typeof ActivationValidateQuery>;

/** `POST auth/activation`: names default to the ones the inviter typed. */
export const ActivateBody = z.object({
  token: ActivationToken,
  password: Password,
  firstName: OptionalName('El nombre'),
  lastName: OptionalName('El apellido'),
});
export type ActivateBody = z.infer<typeof ActivateBody>;

/** What the activation page shows before asking for a password; only `valid` when the link is dead. */
export interface ActivationValidation {
  valid: boolean;
  /** Masked (`a***@l***.es`): the link alone must not reveal the full address. */
  email?: string;
  companyName?: string;
  firstName?: string;
  lastName?: string;
  expiresAt?: string;
}

/** 201 of `POST auth/activation`: the client signs in with this e-mail and the chosen password. */
export interface ActivationResult {
  userId: string;
  email: string;
}
