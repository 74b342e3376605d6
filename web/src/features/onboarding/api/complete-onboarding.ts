import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { apiRequest } from '@web/lib/api-client';

/** `POST onboarding.complete`: 'Finalizar configuración'. */
export function completeOnboarding(): Promise<OnboardingProgress> {
  return apiRequest<OnboardingProgress>('onboarding.complete');
}
