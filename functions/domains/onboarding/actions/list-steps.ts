/**
 * GET onboarding/steps?role=: the steps of a flow, in order. Without a role, the caller's own flow:
 * the one of its progress, or the one it would be initialised with.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import {
  type OnboardingFlow,
  type OnboardingStep,
  OnboardingStepsQuery,
  onboardingFlowFor,
} from '@shared/schemas/onboarding';
import { stepsOf } from '../model/progress';
import type { OnboardingDeps } from '../store/deps';
import { isAutonomousUser } from '../store/profiles';
import { getProgress } from '../store/progress';

async function callerFlow(auth: AuthContext, deps: OnboardingDeps): Promise<OnboardingFlow> {
  const record = await getProgress(deps, auth.userId);
  if (record) return record.flow;
  const autonomous = auth.role === 'CLIENTE' && (await isAutonomousUser(deps, auth.userId));
  return onboardingFlowFor(auth.role, autonomous);
}

export async function listSteps(
  input: { auth: AuthContext; query: OnboardingStepsQuery },
  deps: OnboardingDeps,
): Promise<OnboardingStep[]> {
  const { auth, query } = input;
  if (!query.role) return [...stepsOf(await callerFlow(auth, deps))];
  // An autónomo asking for the CLIENTE steps means its own variant.
  const autonomous =
    query.role === 'CLIENTE' && auth.role === 'CLIENTE' && (await isAutonomousUser(deps, auth.userId));
  return [...stepsOf(autonomous ? 'AUTONOMO' : query.role)];
}

export const listStepsRoute = defineUserAction({
  query: OnboardingStepsQuery,
  run: ({ auth, query }, deps: OnboardingDeps) => listSteps({ auth, query }, deps),
});
