/** GET onboarding/progress: the caller's progress; 404 CORE_006 when never initialised (the client initialises then). */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { existing, progressView } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { getProgress as readProgress } from '../store/progress';

export async function getProgress(
  input: { auth: AuthContext },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  return progressView(existing(await readProgress(deps, input.auth.userId)));
}

export const getProgressRoute = defineUserAction({
  run: ({ auth }, deps: OnboardingDeps) => getProgress({ auth }, deps),
});
