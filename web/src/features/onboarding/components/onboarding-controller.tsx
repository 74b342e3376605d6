import type { Role } from '@shared/api/routes';
import { useEffect } from 'react';
import { checkOnboarding } from '../api/check-onboarding';
import { getOnboardingProgress } from '../api/get-progress';
import { initializeOnboarding } from '../api/initialize-onboarding';
import {
  ONBOARDING_OPEN_DELAY_MS,
  openOnboardingUnlessDismissed,
  readStoredProgress,
  removeStoredProgress,
  resetOnboardingState,
  setOnboardingProgress,
  useOnboardingState,
} from '../onboarding-store';
import { ONBOARDING_ERRORS, OnboardingDialog, toastOnboardingError } from './onboarding-dialog';

/**
 * Spec part 1 §4: after login, saved progress that is not completed is restored and reopens the
 * dialog; then the server is asked whether onboarding is needed; if so the progress is loaded, or
 * initialised for the user's role when there is none, and the dialog opens 1 second later, unless
 * the user closed it with × (it stays closed until reopened from the dashboard).
 */
export function OnboardingController({ userId, userRole }: { userId: string; userRole: Role }) {
  const { open, progress } = useOnboardingState();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const openSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!cancelled) openOnboardingUnlessDismissed(userId);
      }, ONBOARDING_OPEN_DELAY_MS);
    };

    const stored = readStoredProgress(userId);
    if (stored && !stored.isCompleted) {
      setOnboardingProgress(stored, userId);
      openSoon();
    }

    void (async () => {
      let needed: boolean;
      try {
        needed = await checkOnboarding();
      } catch {
        return;
      }
      if (cancelled) return;
      if (!needed) {
        // Completed (maybe on another device): nothing to restore any more. The progress is still
        // read so the dashboard can say the configuration is complete.
        clearTimeout(timer);
        removeStoredProgress();
        resetOnboardingState();
        const done = await getOnboardingProgress().catch(() => null);
        if (!cancelled && done?.isCompleted) setOnboardingProgress(done, userId);
        return;
      }
      try {
        const current = (await getOnboardingProgress()) ?? (await initializeOnboarding(userRole));
        if (cancelled) return;
        setOnboardingProgress(current, userId);
        if (!current.isCompleted) openSoon();
      } catch (error) {
        if (!cancelled) toastOnboardingError(error, ONBOARDING_ERRORS.initialize);
      }
    })();

    return () => {
      cancelled = true;
      clearTimeout(timer);
      resetOnboardingState();
    };
  }, [userId, userRole]);

  return open && progress && !progress.isCompleted ? (
    <OnboardingDialog progress={progress} userId={userId} />
  ) : null;
}
