/** GET onboarding/step/{stepId}: one step of any flow (step ids are unique across flows). */

import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { findOnboardingStep, type OnboardingStep, OnboardingStepPath } from '@shared/schemas/onboarding';

export async function getStep(input: { params: OnboardingStepPath }): Promise<OnboardingStep> {
  const step = findOnboardingStep(input.params.stepId);
  if (!step) throw new AppError('CORE_006', 'El paso no existe.', { field: 'stepId' });
  return step;
}

export const getStepRoute = defineUserAction({
  params: OnboardingStepPath,
  run: ({ params }) => getStep({ params }),
});
