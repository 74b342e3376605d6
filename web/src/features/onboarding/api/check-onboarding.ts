import type { OnboardingCheck } from '@shared/schemas/onboarding';
import { apiRequest } from '@web/lib/api-client';

/**
 * `GET onboarding.check`. Spec part 1 §8: a failed check yields false; it throws here so the caller
 * can tell "not needed" (saved progress forgotten) from "could not ask" (saved progress kept), and
 * reads either as "do not initialise".
 */
export async function checkOnboarding(): Promise<boolean> {
  return (await apiRequest<OnboardingCheck>('onboarding.check')).needsOnboarding;
}
