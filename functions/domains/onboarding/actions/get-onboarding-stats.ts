/** GET onboarding/stats: counts and time spent; 404 CORE_006 when never initialised. */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { OnboardingStats } from '@shared/schemas/onboarding';
import { existing, progressStats } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { getProgress } from '../store/progress';

export async function getOnboardingStats(
  input: { auth: AuthContext },
  deps: OnboardingDeps,
): Promise<OnboardingStats> {
  return progressStats(existing(await getProgress(deps, input.auth.userId)), deps.now());
}

export const getOnboardingStatsRoute = defineUserAction({
  run: ({ auth }, deps: OnboardingDeps) => getOnboardingStats({ auth }, deps),
});
