/** POST onboarding/complete: 'Finalizar configuración'; the dialog is not shown again. */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { existing, completeOnboarding as finish, progressView } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { changeProgress } from '../store/progress';

export async function completeOnboarding(
  input: { auth: AuthContext },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const record = await changeProgress(deps, input.auth.userId, (current) =>
    finish(existing(current), deps.now()),
  );
  return progressView(record);
}

export const completeOnboardingRoute = defineUserAction({
  run: ({ auth }, deps: OnboardingDeps) => completeOnboarding({ auth }, deps),
});
