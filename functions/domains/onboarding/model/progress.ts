/**
 * The onboarding rules, pure: a progress record per user and the transitions of spec part 1 §4
 * (initialize, complete step, skip step, next, complete, restart). Every transition takes the
 * stored record and answers the next one, or the same object when nothing changes (no write).
 */

import { AppError } from '@shared/api/errors';
import type { Role } from '@shared/api/routes';
import {
  DEFAULT_ONBOARDING_PREFERENCES,
  type OnboardingFlow,
  type OnboardingPreferences,
  type OnboardingProgress,
  type OnboardingStats,
  type OnboardingStep,
  onboardingCatalogue,
} from '@shared/schemas/onboarding';

/** What is stored (one item per user, `keys.onboardingProgress`). */
export interface OnboardingRecord {
  userId: string;
  role: Role;
  flow: OnboardingFlow;
  /** stepId of the step the dialog shows (an id, not an index, so a reordered catalogue cannot skew it). */
  currentStep: string;
  completedSteps: string[];
  skippedSteps: string[];
  isCompleted: boolean;
  preferences: OnboardingPreferences;
  startedAt: string;
  completedAt: string | null;
  updatedAt: string;
  restartCount: number;
  /** Optimistic-lock counter: a write only succeeds on the version it read (two tabs, one truth). */
  version: number;
}

export const NOT_STARTED_MESSAGE = 'Aún no has iniciado la configuración inicial.';

/** The progress a change applies to; every call but initialize needs one (404 means: initialise). */
export function existing(current: OnboardingRecord | undefined): OnboardingRecord {
  if (!current) throw new AppError('CORE_006', NOT_STARTED_MESSAGE);
  return current;
}

const ROLE_RANK: Record<Role, number> = { CLIENTE: 1, GESTOR: 2, ADMIN: 3 };

/** A user may start the flow of its own role or of a lower one, never a higher one. */
export const mayStartAs = (callerRole: Role, requested: Role): boolean =>
  ROLE_RANK[requested] <= ROLE_RANK[callerRole];

export const stepsOf = (flow: OnboardingFlow): readonly OnboardingStep[] => onboardingCatalogue[flow];

export function newProgress(
  input: { userId: string; role: Role; flow: OnboardingFlow; preferences?: OnboardingPreferences },
  now: Date,
  previous?: OnboardingRecord,
): OnboardingRecord {
  const at = now.toISOString();
  const steps = stepsOf(input.flow);
  return {
    userId: input.userId,
    role: input.role,
    flow: input.flow,
    currentStep: steps[0]!.stepId,
    completedSteps: [],
    skippedSteps: [],
    isCompleted: false,
    preferences: input.preferences ?? previous?.preferences ?? DEFAULT_ONBOARDING_PREFERENCES,
    startedAt: at,
    completedAt: null,
    updatedAt: at,
    restartCount: previous?.restartCount ?? 0,
    version: previous?.version ?? 0,
  };
}

/**
 * Initialising is idempotent: an existing progress is kept as it is, unless it is still open and
 * belongs to another flow (the user's role changed), which starts the new flow afresh.
 */
export function initialize(
  current: OnboardingRecord | undefined,
  wanted: { userId: string; role: Role; flow: OnboardingFlow },
  now: Date,
): OnboardingRecord {
  if (!current) return newProgress(wanted, now);
  if (current.isCompleted || current.flow === wanted.flow) return current;
  return newProgress(wanted, now, current);
}

function indexOf(record: OnboardingRecord, stepId: string): number {
  return stepsOf(record.flow).findIndex((s) => s.stepId === stepId);
}

function stepOf(record: OnboardingRecord, stepId: string): OnboardingStep {
  const found = stepsOf(record.flow).find((s) => s.stepId === stepId);
  if (!found) {
    throw new AppError('CORE_006', 'Este paso no forma parte de tu configuración inicial.', {
      field: 'stepId',
    });
  }
  return found;
}

/** Index of the current step; the first one if the catalogue lost it. */
function currentIndex(record: OnboardingRecord): number {
  return Math.max(0, indexOf(record, record.currentStep));
}

/** When `stepId` is the current step, the dialog moves on to the following one (linear). */
function advancePast(record: OnboardingRecord, stepId: string): string {
  const steps = stepsOf(record.flow);
  const i = currentIndex(record);
  if (steps[i]!.stepId !== stepId || i >= steps.length - 1) return record.currentStep;
  return steps[i + 1]!.stepId;
}

const without = (list: string[], id: string) => list.filter((s) => s !== id);
const withId = (list: string[], id: string) => (list.includes(id) ? list : [...list, id]);

export function completeStep(record: OnboardingRecord, stepId: string, now: Date): OnboardingRecord {
  stepOf(record, stepId);
  if (record.isCompleted) return record;
  const next = {
    ...record,
    completedSteps: withId(record.completedSteps, stepId),
    skippedSteps: without(record.skippedSteps, stepId),
    currentStep: advancePast(record, stepId),
  };
  return unchanged(record, next) ? record : { ...next, updatedAt: now.toISOString() };
}

/** Only optional steps may be skipped (spec part 1 §4: 'Skip this step' only on optional steps). */
export function skipStep(record: OnboardingRecord, stepId: string, now: Date): OnboardingRecord {
  const step = stepOf(record, stepId);
  if (!step.isOptional) throw new AppError('CORE_004', 'Este paso no se puede omitir.', { field: 'stepId' });
  if (record.isCompleted) return record;
  // A step already done stays done: skipping it afterwards only moves the dialog on.
  const done = record.completedSteps.includes(stepId);
  const next = {
    ...record,
    skippedSteps: done ? record.skippedSteps : withId(record.skippedSteps, stepId),
    currentStep: advancePast(record, stepId),
  };
  return unchanged(record, next) ? record : { ...next, updatedAt: now.toISOString() };
}

/**
 * 'Siguiente': the current step counts as done (unless it was skipped) and the dialog moves on.
 * On the last step there is nowhere to go: finishing is `completeOnboarding`.
 */
export function nextStep(record: OnboardingRecord, now: Date): OnboardingRecord {
  if (record.isCompleted) return record;
  const steps = stepsOf(record.flow);
  const i = currentIndex(record);
  if (i >= steps.length - 1) return record;
  const id = steps[i]!.stepId;
  const next = {
    ...record,
    completedSteps: record.skippedSteps.includes(id)
      ? record.completedSteps
      : withId(record.completedSteps, id),
    currentStep: steps[i + 1]!.stepId,
  };
  return { ...next, updatedAt: now.toISOString() };
}

/** 'Finalizar configuración': the flow ends on its last step, whatever optional steps remain. */
export function completeOnboarding(record: OnboardingRecord, now: Date): OnboardingRecord {
  if (record.isCompleted) return record;
  const steps = stepsOf(record.flow);
  const last = steps[steps.length - 1]!.stepId;
  const at = now.toISOString();
  return {
    ...record,
    isCompleted: true,
    completedAt: at,
    currentStep: last,
    completedSteps: record.skippedSteps.includes(last)
      ? record.completedSteps
      : withId(record.completedSteps, last),
    updatedAt: at,
  };
}

export function restart(record: OnboardingRecord, now: Date): OnboardingRecord {
  return {
    ...newProgress({ userId: record.userId, role: record.role, flow: record.flow }, now, record),
    restartCount: record.restartCount + 1,
  };
}

export function setPreferences(
  record: OnboardingRecord,
  preferences: OnboardingPreferences,
  now: Date,
): OnboardingRecord {
  const same =
    record.preferences.showTips === preferences.showTips &&
    record.preferences.emailReminders === preferences.emailReminders;
  return same ? record : { ...record, preferences: { ...preferences }, updatedAt: now.toISOString() };
}

function unchanged(a: OnboardingRecord, b: OnboardingRecord): boolean {
  return (
    a.currentStep === b.currentStep &&
    a.completedSteps.length === b.completedSteps.length &&
    a.skippedSteps.length === b.skippedSteps.length &&
    a.completedSteps.every((s, i) => b.completedSteps[i] === s) &&
    a.skippedSteps.every((s, i) => b.skippedSteps[i] === s)
  );
}

/** The answer of every onboarding call (spec part 1 §3). */
export function progressView(record: OnboardingRecord): OnboardingProgress {
  const steps = stepsOf(record.flow);
  const known = new Set(steps.map((s) => s.stepId));
  const completedSteps = record.completedSteps.filter((s) => known.has(s));
  const skippedSteps = record.skippedSteps.filter((s) => known.has(s) && !completedSteps.includes(s));
  const resolved = new Set([...completedSteps, ...skippedSteps]);
  const i = currentIndex(record);
  const remaining = record.isCompleted
    ? 0
    : steps.filter((s) => !resolved.has(s.stepId)).reduce((sum, s) => sum + s.estimatedMinutes, 0);
  return {
    isCompleted: record.isCompleted,
    currentStep: steps[i]!.stepId,
    nextStep: steps[i + 1]?.stepId ?? null,
    stepProgress: i,
    totalSteps: steps.length,
    progressPercentage: record.isCompleted ? 100 : Math.round((100 * resolved.size) / steps.length),
    estimatedTimeRemaining: remaining,
    completedSteps,
    skippedSteps,
    role: record.role,
    flow: record.flow,
    preferences: record.preferences,
    startedAt: record.startedAt,
    completedAt: record.completedAt,
    updatedAt: record.updatedAt,
  };
}

export function progressStats(record: OnboardingRecord, now: Date): OnboardingStats {
  const view = progressView(record);
  const end = record.completedAt ? Date.parse(record.completedAt) : now.getTime();
  return {
    completedSteps: view.completedSteps.length,
    skippedSteps: view.skippedSteps.length,
    totalSteps: view.totalSteps,
    startedAt: record.startedAt,
    completedAt: record.completedAt,
    timeSpentMinutes: Math.max(0, Math.round((end - Date.parse(record.startedAt)) / 60_000)),
  };
}
