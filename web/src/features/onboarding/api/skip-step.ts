import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { apiRequest } from '@web/lib/api-client';

/** `POST onboarding.skipStep`: 'Omitir este paso' (optional steps only). */
export function skipOnboardingStep(stepId: string): Promise<OnboardingProgress> {
  return apiRequest<OnboardingProgress>('onboarding.skipStep', { params: { stepId } });
}
