/** GET auth/verify-email/validate?token=: whether a verification link can still be used. */

import { defineAction } from '@functions/platform/http';
import { hashToken } from '@functions/platform/tokens';
import { TokenInput, type TokenValidation } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { isUsable } from '../model/one-time-token';
import { getToken } from '../store/tokens';

export async function validateVerificationToken(
  input: TokenInput,
  deps: IdentityDeps,
): Promise<TokenValidation> {
  const record = await getToken(deps, hashToken(input.token));
  return { valid: isUsable(record, 'EMAIL_VERIFY', deps.now()) };
}

export const validateVerificationTokenRoute = defineAction({
  query: TokenInput,
  run: ({ query }, deps: IdentityDeps) => validateVerificationToken(query, deps),
});
