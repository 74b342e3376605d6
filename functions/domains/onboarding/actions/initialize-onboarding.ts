/**
 * POST onboarding/initialize?userRole=: starts the flow of the role (the caller's by default; a CLIENTE
 * autónomo gets the autónomo variant). Idempotent: an existing progress comes back unchanged, unless
 * it is still open and of another flow, which is started afresh.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  InitializeOnboardingQuery,
  type OnboardingProgress,
  onboardingFlowFor,
} from '@shared/schemas/onboarding';
import { initialize, mayStartAs, progressView } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { isAutonomousUser } from '../store/profiles';
import { changeProgress } from '../store/progress';

export async function initializeOnboarding(
  input: { auth: AuthContext; query: InitializeOnboardingQuery },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const { auth } = input;
  const role = input.query.userRole ?? auth.role;
  if (!mayStartAs(auth.role, role)) {
    throw new AppError('CORE_002', 'No puedes iniciar la configuración de otro rol.', { field: 'userRole' });
  }
  // Only a CLIENTE's own profile says whether it is an autónomo without advisor.
  const autonomous =
    role === 'CLIENTE' && auth.role === 'CLIENTE' && (await isAutonomousUser(deps, auth.userId));
  const wanted = { userId: auth.userId, role, flow: onboardingFlowFor(role, autonomous) };
  const record = await changeProgress(deps, auth.userId, (current) =>
    initialize(current, wanted, deps.now()),
  );
  return progressView(record);
}

export const initializeOnboardingRoute = defineUserAction({
  query: InitializeOnboardingQuery,
  run: ({ auth, query }, deps: OnboardingDeps) => initializeOnboarding({ auth, query }, deps),
});
