import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { apiRequest } from '@web/lib/api-client';

/** `POST onboarding.completeStep`: 'Siguiente'. */
export function completeOnboardingStep(stepId: string): Promise<OnboardingProgress> {
  return apiRequest<OnboardingProgress>('onboarding.completeStep', { params: { stepId } });
}
