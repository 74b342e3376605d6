/** POST onboarding/next: the current step counts as done and the dialog shows the following one. */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { nextStep as advance, existing, progressView } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { changeProgress } from '../store/progress';

export async function nextStep(
  input: { auth: AuthContext },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const record = await changeProgress(deps, input.auth.userId, (current) =>
    advance(existing(current), deps.now()),
  );
  return progressView(record);
}

export const nextStepRoute = defineUserAction({
  run: ({ auth }, deps: OnboardingDeps) => nextStep({ auth }, deps),
});
