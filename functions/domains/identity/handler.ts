/** The identity domain's Lambda: authentication on Cognito and the users endpoints. */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { acceptInvitationRoute } from './actions/accept-invitation';
import { activateClientRoute } from './actions/activate-client';
import { changePasswordRoute } from './actions/change-password';
import { declineInvitationRoute } from './actions/decline-invitation';
import { getGestorTypeRoute } from './actions/get-gestor-type';
import { getProfileRoute } from './actions/get-profile';
import { getUserRoute } from './actions/get-user';
import { listInvitationsRoute } from './actions/list-invitations';
import { logInRoute } from './actions/log-in';
import { logOutRoute } from './actions/log-out';
import { logOutAllRoute } from './actions/log-out-all';
import { refreshSessionRoute } from './actions/refresh-session';
import { registerAccountRoute } from './actions/register-account';
import { requestPasswordResetRoute } from './actions/request-password-reset';
import { resendVerificationRoute } from './actions/resend-verification';
import { resendVerificationByEmailRoute } from './actions/resend-verification-by-email';
import { resetPasswordRoute } from './actions/reset-password';
import { setUserStatusRoute } from './actions/set-user-status';
import { updateProfileRoute } from './actions/update-profile';
import { validateActivationRoute } from './actions/validate-activation';
import { validateResetTokenRoute } from './actions/validate-reset-token';
import { validateVerificationTokenRoute } from './actions/validate-verification-token';
import { verifyEmailRoute } from './actions/verify-email';
import { type IdentityDeps, makeIdentityDeps } from './deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const identityActions: ActionsOf<'identity', IdentityDeps> = {
  'auth.login': logInRoute,
  'auth.register': registerAccountRoute,
  'auth.refresh': refreshSessionRoute,
  'auth.logout': logOutRoute,
  'auth.forgotPassword': requestPasswordResetRoute,
  'auth.verifyEmail': verifyEmailRoute,
  'auth.verifyEmailValidate': validateVerificationTokenRoute,
  'auth.verifyEmailResend': resendVerificationRoute,
  'auth.verifyEmailResendByEmail': resendVerificationByEmailRoute,
  'auth.resetPasswordValidate': validateResetTokenRoute,
  'auth.resetPassword': resetPasswordRoute,
  'auth.changePassword': changePasswordRoute,
  'auth.logoutAll': logOutAllRoute,
  'auth.activationValidate': validateActivationRoute,
  'auth.activate': activateClientRoute,
  'users.getProfile': getProfileRoute,
  'users.updateProfile': updateProfileRoute,
  'users.gestorType': getGestorTypeRoute,
  'users.get': getUserRoute,
  'admin.setUserStatus': setUserStatusRoute,
  'users.invitations': listInvitationsRoute,
  'users.acceptInvitation': acceptInvitationRoute,
  'users.declineInvitation': declineInvitationRoute,
};

export const handler = createApiHandler('identity', identityActions, makeIdentityDeps);
