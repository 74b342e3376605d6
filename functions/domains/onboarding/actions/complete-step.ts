/** POST onboarding/step/{stepId}/complete: marks a step done; the dialog moves on when it was the current one. */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { type OnboardingProgress, OnboardingStepPath } from '@shared/schemas/onboarding';
import { completeStep as complete, existing, progressView } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { changeProgress } from '../store/progress';

export async function completeStep(
  input: { auth: AuthContext; params: OnboardingStepPath },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const record = await changeProgress(deps, input.auth.userId, (current) =>
    complete(existing(current), input.params.stepId, deps.now()),
  );
  return progressView(record);
}

export const completeStepRoute = defineUserAction({
  params: OnboardingStepPath,
  run: ({ auth, params }, deps: OnboardingDeps) => completeStep({ auth, params }, deps),
});
