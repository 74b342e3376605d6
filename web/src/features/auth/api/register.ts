import type { RegisterBody, RegisterResult } from '@shared/schemas/identity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';

/** The form's body before the schema check (terms may still be unaccepted). */
export type RegisterDraft = Omit<z.input<typeof RegisterBody>, 'acceptTerms'> & { acceptTerms: boolean };

/** POST auth/register: 201 with the new user's id; the account stays unconfirmed until the e-mail is verified. */
export const register = (body: RegisterBody): Promise<RegisterResult> =>
  apiRequest<RegisterResult>('auth.register', { body });

export const useRegister = () => useMutation({ mutationFn: register });
