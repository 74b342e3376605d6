/** POST onboarding/restart: the same flow from its first step; preferences are kept. */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { existing, progressView, restart } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { changeProgress } from '../store/progress';

export async function restartOnboarding(
  input: { auth: AuthContext },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const record = await changeProgress(deps, input.auth.userId, (current) =>
    restart(existing(current), deps.now()),
  );
  return progressView(record);
}

export const restartOnboardingRoute = defineUserAction({
  run: ({ auth }, deps: OnboardingDeps) => restartOnboarding({ auth }, deps),
});
