/** GET onboarding/check: whether the dialog should open (never started, or started and not finished). */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { OnboardingCheck } from '@shared/schemas/onboarding';
import type { OnboardingDeps } from '../store/deps';
import { getProgress } from '../store/progress';

export async function checkOnboarding(
  input: { auth: AuthContext },
  deps: OnboardingDeps,
): Promise<OnboardingCheck> {
  const record = await getProgress(deps, input.auth.userId);
  return { needsOnboarding: !record?.isCompleted };
}

export const checkOnboardingRoute = defineUserAction({
  run: ({ auth }, deps: OnboardingDeps) => checkOnboarding({ auth }, deps),
});
