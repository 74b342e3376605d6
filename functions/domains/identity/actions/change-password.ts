/**
 * POST auth/change-password (`{ currentPassword, newPassword }`, also in the query): Cognito's
 * ChangePassword, which authenticates with the caller's own access token (the Authorization header).
 */

import { defineUserAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { ChangePasswordInput, type MessageResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { passwordPolicyRejected } from '../model/refusals';
import { changePassword as cognitoChangePassword } from '../store/cognito';

export async function changePassword(
  input: ChangePasswordInput & { authorization: string | undefined; userId: string; log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  const accessToken = input.authorization?.replace(/^Bearer\s+/i, '').trim();
  if (!accessToken) throw new AppError('CORE_001');
  const outcome = await cognitoChangePassword(deps, accessToken, input.currentPassword, input.newPassword);
  switch (outcome) {
    case 'OK':
      input.log.info('password changed', { userId: input.userId });
      return { message: 'Tu contraseña se ha cambiado correctamente.' };
    case 'WRONG_PASSWORD':
      throw new AppError('CORE_004', 'La contraseña actual no es correcta.', { field: 'currentPassword' });
    case 'INVALID_NEW_PASSWORD':
      throw passwordPolicyRejected('newPassword');
    case 'LIMIT_EXCEEDED':
      throw new AppError('CORE_004', 'Demasiados intentos. Inténtalo de nuevo más tarde.', {
        field: 'currentPassword',
      });
    case 'INVALID_SESSION':
      throw new AppError('CORE_001');
  }
}

export const changePasswordRoute = defineUserAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, headers, auth, log }, deps: IdentityDeps) =>
    changePassword(
      {
        ...fromQueryOrBody(ChangePasswordInput, query, body),
        authorization: headers.authorization,
        // The route is `user`: the pipeline has already built the auth context.
        userId: auth?.userId ?? '',
        log,
      },
      deps,
    ),
});
