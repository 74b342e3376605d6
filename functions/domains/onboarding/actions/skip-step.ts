/** POST onboarding/step/{stepId}/skip: only optional steps (400 CORE_004 'Este paso no se puede omitir.'). */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { type OnboardingProgress, OnboardingStepPath } from '@shared/schemas/onboarding';
import { existing, progressView, skipStep as skip } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { changeProgress } from '../store/progress';

export async function skipStep(
  input: { auth: AuthContext; params: OnboardingStepPath },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const record = await changeProgress(deps, input.auth.userId, (current) =>
    skip(existing(current), input.params.stepId, deps.now()),
  );
  return progressView(record);
}

export const skipStepRoute = defineUserAction({
  params: OnboardingStepPath,
  run: ({ auth, params }, deps: OnboardingDeps) => skipStep({ auth, params }, deps),
});
