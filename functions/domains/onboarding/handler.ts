/** The onboarding domain's Lambda: the guided first steps of every user (spec part 1 §4, §7). */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { checkOnboardingRoute } from './actions/check-onboarding';
import { completeOnboardingRoute } from './actions/complete-onboarding';
import { completeStepRoute } from './actions/complete-step';
import { getOnboardingStatsRoute } from './actions/get-onboarding-stats';
import { getProgressRoute } from './actions/get-progress';
import { getStepRoute } from './actions/get-step';
import { initializeOnboardingRoute } from './actions/initialize-onboarding';
import { listStepsRoute } from './actions/list-steps';
import { nextStepRoute } from './actions/next-step';
import { restartOnboardingRoute } from './actions/restart-onboarding';
import { skipStepRoute } from './actions/skip-step';
import { updatePreferencesRoute } from './actions/update-preferences';
import { makeDeps, type OnboardingDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const onboardingActions: ActionsOf<'onboarding', OnboardingDeps> = {
  'onboarding.progress': getProgressRoute,
  'onboarding.initialize': initializeOnboardingRoute,
  'onboarding.completeStep': completeStepRoute,
  'onboarding.skipStep': skipStepRoute,
  'onboarding.next': nextStepRoute,
  'onboarding.complete': completeOnboardingRoute,
  'onboarding.steps': listStepsRoute,
  'onboarding.step': getStepRoute,
  'onboarding.updatePreferences': updatePreferencesRoute,
  'onboarding.restart': restartOnboardingRoute,
  'onboarding.check': checkOnboardingRoute,
  'onboarding.stats': getOnboardingStatsRoute,
};

export const handler = createApiHandler('onboarding', onboardingActions, makeDeps);
