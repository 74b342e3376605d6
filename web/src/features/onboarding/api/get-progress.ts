import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { apiRequest } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';

/** `GET onboarding.progress`: the caller's progress, or null when it was never initialised (404). */
export async function getOnboardingProgress(): Promise<OnboardingProgress | null> {
  try {
    return await apiRequest<OnboardingProgress>('onboarding.progress');
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
