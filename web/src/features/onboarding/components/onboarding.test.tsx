import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { onboardingCatalogue } from '@shared/schemas/onboarding';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo, notFound } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import {
  getOnboardingState,
  isOnboardingDismissed,
  ONBOARDING_DISMISSED_KEY,
  ONBOARDING_STORAGE_KEY,
  openOnboarding,
  resetOnboardingState,
  setOnboardingProgress,
} from '../onboarding-store';
import { OnboardingController } from './onboarding-controller';
import { OnboardingDialog } from './onboarding-dialog';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

const steps = onboardingCatalogue.GESTOR;

/** Progress of the gestor flow standing on step `index`. */
function progressAt(index: number, over: Partial<OnboardingProgress> = {}): OnboardingProgress {
  return {
    isCompleted: false,
    currentStep: steps[index]!.stepId,
    nextStep: steps[index + 1]?.stepId ?? null,
    stepProgress: index,
    totalSteps: steps.length,
    progressPercentage: Math.round((index / steps.length) * 100),
    estimatedTimeRemaining: 5,
    completedSteps: steps.slice(0, index).map((s) => s.stepId),
    skippedSteps: [],
    role: 'GESTOR',
    flow: 'GESTOR',
    preferences: { showTips: true, emailReminders: true },
    startedAt: '2025-03-01T10:00:00Z',
    completedAt: null,
    updatedAt: '2025-03-01T10:00:00Z',
    ...over,
  };
}

const stored = () => localStorage.getItem(ONBOARDING_STORAGE_KEY);

function renderController() {
  return renderRoutes([{ path: '/', element: <OnboardingController userId="u-1" userRole="GESTOR" /> }]);
}

function renderDialog(progress: OnboardingProgress) {
  setOnboardingProgress(progress, 'u-1');
  return renderRoutes([{ path: '/', element: <OnboardingDialog progress={progress} userId="u-1" /> }]);
}

beforeEach(() => resetOnboardingState());
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  localStorage.clear();
  resetOnboardingState();
});

describe('onboarding after login (spec part 1 §4)', () => {
  it('initialises the progress for the role when there is none, and opens the dialog 1 s later', async () => {
    vi.useFakeTimers();
    answerApi(apiRequest, {
      'onboarding.check': { needsOnboarding: true },
      'onboarding.progress': () => notFound(),
      'onboarding.initialize': progressAt(0),
    });
    renderController();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(callsTo(apiRequest, 'onboarding.initialize')).toEqual([{ query: { userRole: 'GESTOR' } }]);
    expect(stored()).toContain('gestor-welcome');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Te damos la bienvenida a Cuadra')).toBeTruthy();
    expect(screen.getByText('Bienvenida')).toBeTruthy();
  });

  it('restores saved progress that is not completed and reopens the dialog', async () => {
    vi.useFakeTimers();
    localStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify({ userId: 'u-1', progress: progressAt(2) }));
    // The check cannot be made (offline): the saved progress is still shown.
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({ code: 'NETWORK_ERROR', message: 'Error de conexión', status: 0 }),
    );
    renderController();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText(steps[2]!.title)).toBeTruthy();
    expect(callsTo(apiRequest, 'onboarding.initialize')).toEqual([]);
  });

  it('is never shown once completed, and forgets the saved progress', async () => {
    vi.useFakeTimers();
    localStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify({ userId: 'u-1', progress: progressAt(2) }));
    answerApi(apiRequest, {
      'onboarding.check': { needsOnboarding: false },
      'onboarding.progress': progressAt(6, { isCompleted: true, progressPercentage: 100 }),
    });
    renderController();

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toBeNull();
    expect(getOnboardingState().progress?.isCompleted).toBe(true);
  });

  it("ignores another user's saved progress", async () => {
    vi.useFakeTimers();
    localStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify({ userId: 'u-2', progress: progressAt(2) }));
    answerApi(apiRequest, { 'onboarding.check': { needsOnboarding: false } });
    renderController();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('closing the dialog with × (issue 10 item 7)', () => {
  it('stays closed after the next login, until the user reopens it', async () => {
    vi.useFakeTimers();
    answerApi(apiRequest, {
      'onboarding.check': { needsOnboarding: true },
      'onboarding.progress': progressAt(1),
    });
    const first = renderController();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    fireEvent.click(screen.getByRole('button', { name: /close|cerrar/i }));
    expect(getOnboardingState().open).toBe(false);
    first.unmount();

    // The next login: the server still says onboarding is needed, the dialog does not open.
    renderController();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(getOnboardingState().open).toBe(false);
    expect(getOnboardingState().progress?.currentStep).toBe(steps[1]!.stepId);

    // 'Continuar configuración' on the dashboard opens it again, and forgets the dismissal.
    act(() => openOnboarding());
    expect(getOnboardingState().open).toBe(true);
    expect(localStorage.getItem(ONBOARDING_DISMISSED_KEY)).toBeNull();
  });

  it("does not keep another user's dismissal", () => {
    localStorage.setItem(ONBOARDING_DISMISSED_KEY, 'u-2');
    expect(isOnboardingDismissed('u-1')).toBe(false);
    expect(isOnboardingDismissed('u-2')).toBe(true);
  });
});

describe('OnboardingDialog buttons', () => {
  it("offers 'Siguiente' but no 'Omitir este paso' on a required step", async () => {
    answerApi(apiRequest, { 'onboarding.completeStep': progressAt(1) });
    renderDialog(progressAt(0));

    expect(screen.queryByRole('button', { name: 'Omitir este paso' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finalizar configuración' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    await waitFor(() => expect(callsTo(apiRequest, 'onboarding.completeStep')).toHaveLength(1));
    expect(callsTo(apiRequest, 'onboarding.completeStep')[0]).toEqual({
      params: { stepId: 'gestor-welcome' },
    });
    await waitFor(() => expect(stored()).toContain('"currentStep":"gestor-profile"'));
  });

  it("offers 'Omitir este paso' on an optional step and skips it", async () => {
    const optional = steps.findIndex((s) => s.isOptional);
    answerApi(apiRequest, { 'onboarding.skipStep': progressAt(optional + 1) });
    renderDialog(progressAt(optional));

    expect(screen.getByText('Opcional')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Omitir este paso' }));

    await waitFor(() => expect(callsTo(apiRequest, 'onboarding.skipStep')).toHaveLength(1));
    expect(callsTo(apiRequest, 'onboarding.skipStep')[0]).toEqual({
      params: { stepId: steps[optional]!.stepId },
    });
  });

  it("shows 'Finalizar configuración' on the last step, and completing removes the saved progress", async () => {
    const last = steps.length - 1;
    answerApi(apiRequest, {
      'onboarding.complete': progressAt(last, { isCompleted: true, progressPercentage: 100 }),
    });
    renderDialog(progressAt(last));
    expect(stored()).not.toBeNull();

    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar configuración' }));

    await waitFor(() => expect(callsTo(apiRequest, 'onboarding.complete')).toHaveLength(1));
    await waitFor(() => expect(stored()).toBeNull());
    expect(toast.success).toHaveBeenCalled();
  });

  it('colours the step by its type and links to where it happens', () => {
    const action = steps.findIndex((s) => s.type === 'ACTION');
    renderDialog(progressAt(action));
    expect(screen.getByText('Acción')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a esta sección' }).getAttribute('href')).toBe(
      steps[action]!.actionUrl,
    );
  });

  it('says what failed with the Spanish fallback', async () => {
    vi.mocked(apiRequest).mockRejectedValue(new Error('boom'));
    renderDialog(progressAt(0));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error completando paso'));
  });
});
