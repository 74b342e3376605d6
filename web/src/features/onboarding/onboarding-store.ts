/**
 * The onboarding dialog's state, shared by the dialog (in the app shell) and the dashboard card
 * that reopens it. Progress is kept in localStorage `onboarding_progress` (spec part 3 §4): restored
 * on load while not completed, removed on completion.
 */
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { useSyncExternalStore } from 'react';

export const ONBOARDING_STORAGE_KEY = 'onboarding_progress';
/** Spec part 1 §9: the dialog appears 1 s after login. */
export const ONBOARDING_OPEN_DELAY_MS = 1_000;

export interface OnboardingState {
  progress: OnboardingProgress | null;
  /** showOnboarding of the session state (spec part 1 §3). */
  open: boolean;
}

let state: OnboardingState = { progress: null, open: false };
const listeners = new Set<() => void>();

function set(next: Partial<OnboardingState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const getOnboardingState = (): OnboardingState => state;

export function useOnboardingState(): OnboardingState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getOnboardingState,
    getOnboardingState,
  );
}

/** New progress from the server: stored while not completed, forgotten (and the dialog hidden) once it is. */
export function setOnboardingProgress(progress: OnboardingProgress, userId: string): void {
  if (progress.isCompleted) {
    removeStoredProgress();
    set({ progress, open: false });
    return;
  }
  writeStoredProgress(progress, userId);
  set({ progress });
}

export function openOnboarding(): void {
  if (state.progress && !state.progress.isCompleted) set({ open: true });
}

export function closeOnboarding(): void {
  set({ open: false });
}

/** Test seam and sign-out: back to nothing. */
export function resetOnboardingState(): void {
  set({ progress: null, open: false });
}

// --- storage -------------------------------------------------------------------------------------

interface StoredProgress {
  userId: string;
  progress: OnboardingProgress;
}

/** The saved progress of this user, when there is one. */
export function readStoredProgress(userId: string): OnboardingProgress | null {
  try {
    const raw = window.localStorage.getItem(ONBOARDING_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredProgress>;
    if (stored.userId !== userId || !stored.progress || typeof stored.progress.currentStep !== 'string') {
      return null;
    }
    return stored.progress;
  } catch {
    return null;
  }
}

function writeStoredProgress(progress: OnboardingProgress, userId: string): void {
  try {
    window.localStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify({ userId, progress }));
  } catch {
    // Not kept: the server still has it.
  }
}

export function removeStoredProgress(): void {
  try {
    window.localStorage.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // Nothing to remove.
  }
}
