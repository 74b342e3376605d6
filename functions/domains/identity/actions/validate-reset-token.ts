/** GET auth/reset-password/validate?token=: whether a reset link can still be used. */

import { defineAction } from '@functions/platform/http';
import { hashToken } from '@functions/platform/tokens';
import { TokenInput, type TokenValidation } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { maskEmail } from '../model/mask-email';
import { isUsable } from '../model/one-time-token';
import { getToken } from '../store/tokens';

export async function validateResetToken(input: TokenInput, deps: IdentityDeps): Promise<TokenValidation> {
  const record = await getToken(deps, hashToken(input.token));
  if (!isUsable(record, 'PASSWORD_RESET', deps.now())) return { valid: false };
  // Masked: whoever holds the link sees which account it is for, not the full address.
  return { valid: true, email: maskEmail(record.email) };
}

export const validateResetTokenRoute = defineAction({
  query: TokenInput,
  run: ({ query }, deps: IdentityDeps) => validateResetToken(query, deps),
});
