/** PUT onboarding/preferences { showTips, emailReminders }: answers the progress, like every change. */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { OnboardingPreferences, type OnboardingProgress } from '@shared/schemas/onboarding';
import { existing, progressView, setPreferences } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { changeProgress } from '../store/progress';

export async function updatePreferences(
  input: { auth: AuthContext; body: OnboardingPreferences },
  deps: OnboardingDeps,
): Promise<OnboardingProgress> {
  const record = await changeProgress(deps, input.auth.userId, (current) =>
    setPreferences(existing(current), input.body, deps.now()),
  );
  return progressView(record);
}

export const updatePreferencesRoute = defineUserAction({
  body: OnboardingPreferences,
  run: ({ auth, body }, deps: OnboardingDeps) => updatePreferences({ auth, body }, deps),
});
