/**
 * The onboarding dialog's state, shared by the dialog (in the app shell) and the dashboard card
 * that reopens it. Progress is kept in localStorage `onboarding_progress` (spec part 3 §4): restored
 * on load while not completed, removed on completion.
 */
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { useSyncExternalStore } from 'react';

export const ONBOARDING_STORAGE_KEY = 'onboarding_progress';
/** The user who closed the dialog with × (one browser, one signed-in user at a time). */
export const ONBOARDING_DISMISSED_KEY = 'onboarding_dismissed';
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

/** Opens the dialog at the user's request ('Continuar configuración'): a dismissal is forgotten. */
export function openOnboarding(): void {
  forgetDismissal();
  if (state.progress && !state.progress.isCompleted) set({ open: true });
}

/** Opens the dialog on its own (after login), unless this user closed it with ×. */
export function openOnboardingUnlessDismissed(userId: string): void {
  if (!isOnboardingDismissed(userId)) openOnboarding();
}

/** Hides the dialog (a step's link was followed): it comes back after the next login. */
export function closeOnboarding(): void {
  set({ open: false });
}

/**
 * The user closed the dialog with ×: it stays closed, on this page and after the next login
 * (issue 10 item 7), until the user reopens it from the dashboard.
 */
export function dismissOnboarding(userId: string): void {
  try {
    window.localStorage.setItem(ONBOARDING_DISMISSED_KEY, userId);
  } catch {
    // Not kept: closed for this page only.
  }
  set({ open: false });
}

export function isOnboardingDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

function forgetDismissal(): void {
  try {
    window.localStorage.removeItem(ONBOARDING_DISMISSED_KEY);
  } catch {
    // Nothing to forget.
  }
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
