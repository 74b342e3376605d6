import type { Role } from '@shared/api/routes';
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { apiRequest } from '@web/lib/api-client';

/** `POST onboarding.initialize?userRole=`: starts the flow of the role. */
export function initializeOnboarding(userRole: Role): Promise<OnboardingProgress> {
  return apiRequest<OnboardingProgress>('onboarding.initialize', { query: { userRole } });
}
