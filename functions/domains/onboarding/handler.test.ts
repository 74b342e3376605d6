import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { routeIds, routes } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import {
  ONBOARDING_STEP_COLORS,
  type OnboardingCheck,
  type OnboardingProgress,
  type OnboardingStats,
  type OnboardingStep,
  onboardingCatalogue,
} from '@shared/schemas/onboarding';
import { beforeEach, describe, expect, it } from 'vitest';
import { onboardingActions } from './handler';
import { conditionalFailure, setupOnboarding, T0 } from './testing/support';

const t = setupOnboarding();
const gestor = t.as({ sub: 'gestor-1', groups: ['GESTOR'] });
const cliente = t.as({ sub: 'cliente-1', groups: ['CLIENTE'] });
const autonomo = t.as({ sub: 'autonomo-1', groups: ['CLIENTE'] });

type P = OnboardingProgress;
const progressOf = (res: { status: number; envelope: { data: unknown } }) => {
  expect(res.status).toBe(200);
  return res.envelope.data as P;
};

beforeEach(() => {
  t.reset();
  t.putProfile('autonomo-1', true);
  t.putProfile('cliente-1', false);
});

describe('onboarding handler', () => {
  it('wires exactly the onboarding routes of the route table', () => {
    const own = routeIds.filter((id) => routes[id].domain === 'onboarding').sort();
    expect(Object.keys(onboardingActions).sort()).toEqual(own);
  });

  it('runs a gestor through the whole flow: complete, skip, next, last step, complete, check', async () => {
    // Arrange: never started.
    expect((await gestor<OnboardingCheck>({ routeId: 'onboarding.check' })).envelope.data).toEqual({
      needsOnboarding: true,
    });
    const missing = await gestor({ routeId: 'onboarding.progress' });
    expect(missing.status).toBe(404);
    expect(missing.envelope.error).toMatchObject({
      code: 'CORE_006',
      message: 'Aún no has iniciado la configuración inicial.',
    });

    // Initialize: the caller's role by default.
    let p = progressOf(await gestor({ routeId: 'onboarding.initialize' }));
    expect(p).toMatchObject({
      isCompleted: false,
      currentStep: 'gestor-welcome',
      nextStep: 'gestor-profile',
      stepProgress: 0,
      totalSteps: 8,
      progressPercentage: 0,
      estimatedTimeRemaining: 14,
      completedSteps: [],
      skippedSteps: [],
      role: 'GESTOR',
      flow: 'GESTOR',
      startedAt: T0.toISOString(),
      completedAt: null,
    });

    p = progressOf(
      await gestor({ routeId: 'onboarding.completeStep', params: { stepId: 'gestor-welcome' } }),
    );
    expect(p).toMatchObject({ currentStep: 'gestor-profile', stepProgress: 1, progressPercentage: 13 });
    expect(p.estimatedTimeRemaining).toBe(13);

    // Re-initialising the same flow changes nothing.
    expect(progressOf(await gestor({ routeId: 'onboarding.initialize' }))).toEqual(p);

    p = progressOf(
      await gestor({ routeId: 'onboarding.completeStep', params: { stepId: 'gestor-profile' } }),
    );
    expect(p).toMatchObject({ currentStep: 'gestor-companies', stepProgress: 2, progressPercentage: 25 });

    // An optional step may be skipped ahead of time; the dialog stays where it is.
    p = progressOf(
      await gestor({ routeId: 'onboarding.skipStep', params: { stepId: 'gestor-invite-clients' } }),
    );
    expect(p).toMatchObject({
      currentStep: 'gestor-companies',
      skippedSteps: ['gestor-invite-clients'],
      progressPercentage: 38,
    });

    // A required one may not.
    const refused = await gestor({ routeId: 'onboarding.skipStep', params: { stepId: 'gestor-companies' } });
    expect(refused.status).toBe(400);
    expect(refused.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'Este paso no se puede omitir.',
      field: 'stepId',
    });

    // Next: the current step counts as done; a skipped one stays skipped.
    p = progressOf(await gestor({ routeId: 'onboarding.next' }));
    expect(p).toMatchObject({
      currentStep: 'gestor-invite-clients',
      stepProgress: 3,
      progressPercentage: 50,
    });
    p = progressOf(await gestor({ routeId: 'onboarding.next' }));
    expect(p).toMatchObject({ currentStep: 'gestor-tour', progressPercentage: 50 });
    expect(p.skippedSteps).toEqual(['gestor-invite-clients']);
    p = progressOf(await gestor({ routeId: 'onboarding.next' }));
    p = progressOf(await gestor({ routeId: 'onboarding.next' }));
    p = progressOf(await gestor({ routeId: 'onboarding.next' }));

    // The last step: nextStep null, stepProgress = totalSteps - 1 ('Finalizar configuración').
    expect(p).toMatchObject({
      currentStep: 'gestor-done',
      nextStep: null,
      stepProgress: 7,
      progressPercentage: 88,
      estimatedTimeRemaining: 1,
    });
    expect(progressOf(await gestor({ routeId: 'onboarding.next' }))).toEqual(p);

    t.clock.now = new Date(T0.getTime() + 12 * 60_000);
    p = progressOf(await gestor({ routeId: 'onboarding.complete' }));
    expect(p).toMatchObject({
      isCompleted: true,
      currentStep: 'gestor-done',
      progressPercentage: 100,
      estimatedTimeRemaining: 0,
      completedAt: t.clock.now.toISOString(),
    });
    expect(p.completedSteps).toEqual([
      'gestor-welcome',
      'gestor-profile',
      'gestor-companies',
      'gestor-tour',
      'gestor-fiscal-calendar',
      'gestor-verifactu',
      'gestor-done',
    ]);

    expect((await gestor<OnboardingCheck>({ routeId: 'onboarding.check' })).envelope.data).toEqual({
      needsOnboarding: false,
    });
    t.clock.now = new Date(T0.getTime() + 60 * 60_000);
    expect((await gestor<OnboardingStats>({ routeId: 'onboarding.stats' })).envelope.data).toEqual({
      completedSteps: 7,
      skippedSteps: 1,
      totalSteps: 8,
      startedAt: T0.toISOString(),
      completedAt: new Date(T0.getTime() + 12 * 60_000).toISOString(),
      timeSpentMinutes: 12,
    });

    // Completed: step changes are no-ops, initialising keeps it; restart starts again.
    expect(
      progressOf(await gestor({ routeId: 'onboarding.completeStep', params: { stepId: 'gestor-tour' } })),
    ).toEqual(p);
    expect(
      progressOf(await gestor({ routeId: 'onboarding.initialize', query: { userRole: 'CLIENTE' } })),
    ).toEqual(p);
    const again = progressOf(await gestor({ routeId: 'onboarding.restart' }));
    expect(again).toMatchObject({
      isCompleted: false,
      currentStep: 'gestor-welcome',
      stepProgress: 0,
      progressPercentage: 0,
      completedSteps: [],
      skippedSteps: [],
      completedAt: null,
      startedAt: t.clock.now.toISOString(),
    });
    expect((await gestor<OnboardingCheck>({ routeId: 'onboarding.check' })).envelope.data).toEqual({
      needsOnboarding: true,
    });
  });

  it('stores one versioned item per user and writes only when something changed', async () => {
    await gestor({ routeId: 'onboarding.initialize' });
    await gestor({ routeId: 'onboarding.initialize' });
    await gestor({ routeId: 'onboarding.completeStep', params: { stepId: 'gestor-welcome' } });
    await gestor({ routeId: 'onboarding.completeStep', params: { stepId: 'gestor-welcome' } });

    const puts = t.db.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts).toHaveLength(2);
    expect(puts[0]).toMatchObject({ ConditionExpression: 'attribute_not_exists(pk)' });
    expect(puts[0]!.Item).toMatchObject({
      ...keys.onboardingProgress('gestor-1'),
      entity: 'OnboardingProgress',
      v: 1,
      version: 1,
    });
    expect(puts[1]).toMatchObject({
      ConditionExpression: '#version = :seen',
      ExpressionAttributeValues: { ':seen': 1 },
    });
    expect(puts[1]!.Item).toMatchObject({ version: 2 });
  });

  it('re-applies a change that lost a race with another tab, and refuses one that keeps losing', async () => {
    await gestor({ routeId: 'onboarding.initialize' });
    // Another tab writes between our read and our write, once.
    t.db.on(PutCommand).rejectsOnce(conditionalFailure());

    const ok = await gestor({ routeId: 'onboarding.next' });
    expect(progressOf(ok)).toMatchObject({ currentStep: 'gestor-profile' });

    t.db.on(PutCommand).rejects(conditionalFailure());
    const lost = await gestor({ routeId: 'onboarding.next' });
    expect(lost.status).toBe(400);
    expect(lost.envelope.error?.code).toBe('CORE_004');
    expect(lost.envelope.error?.message).toMatch(/otra pestaña/);
  });

  it('answers 404 CORE_006 to changes of a progress never initialised', async () => {
    for (const routeId of [
      'onboarding.next',
      'onboarding.complete',
      'onboarding.restart',
      'onboarding.stats',
    ] as const) {
      const res = await gestor({ routeId });
      expect(res.status, routeId).toBe(404);
      expect(res.envelope.error?.code).toBe('CORE_006');
    }
    const prefs = await gestor({
      routeId: 'onboarding.updatePreferences',
      body: { showTips: false, emailReminders: true },
    });
    expect(prefs.status).toBe(404);
  });

  it('refuses steps that are unknown or belong to another flow', async () => {
    await gestor({ routeId: 'onboarding.initialize' });
    for (const stepId of ['no-such-step', 'cliente-welcome']) {
      const res = await gestor({ routeId: 'onboarding.completeStep', params: { stepId } });
      expect(res.status, stepId).toBe(404);
      expect(res.envelope.error).toMatchObject({ code: 'CORE_006', field: 'stepId' });
    }
    const bad = await gestor({ routeId: 'onboarding.skipStep', params: { stepId: 'Mal Paso' } });
    expect(bad.status).toBe(400);
  });

  it('gives an autónomo its own variant and a client user the client flow', async () => {
    const a = progressOf(await autonomo({ routeId: 'onboarding.initialize' }));
    expect(a).toMatchObject({
      role: 'CLIENTE',
      flow: 'AUTONOMO',
      currentStep: 'autonomo-welcome',
      totalSteps: 7,
    });
    const c = progressOf(await cliente({ routeId: 'onboarding.initialize', query: { userRole: 'CLIENTE' } }));
    expect(c).toMatchObject({ role: 'CLIENTE', flow: 'CLIENTE', currentStep: 'cliente-welcome' });

    const steps = await autonomo<OnboardingStep[]>({
      routeId: 'onboarding.steps',
      query: { role: 'CLIENTE' },
    });
    expect(steps.envelope.data?.map((s) => s.stepId)[0]).toBe('autonomo-welcome');
  });

  it('refuses to start the flow of a higher role, and restarts an open flow of another role', async () => {
    const refused = await cliente({ routeId: 'onboarding.initialize', query: { userRole: 'ADMIN' } });
    expect(refused.status).toBe(403);
    expect(refused.envelope.error).toMatchObject({ code: 'CORE_002', field: 'userRole' });

    await gestor({ routeId: 'onboarding.initialize' });
    await gestor({ routeId: 'onboarding.next' });
    const switched = progressOf(
      await gestor({ routeId: 'onboarding.initialize', query: { userRole: 'CLIENTE' } }),
    );
    expect(switched).toMatchObject({ flow: 'CLIENTE', currentStep: 'cliente-welcome', completedSteps: [] });

    const invalid = await gestor({ routeId: 'onboarding.initialize', query: { userRole: 'JEFE' } });
    expect(invalid.status).toBe(400);
    expect(invalid.envelope.error?.field).toBe('userRole');
  });

  it('lists the steps of a role and reads one step, each coloured by its type', async () => {
    const res = await gestor<OnboardingStep[]>({ routeId: 'onboarding.steps' });
    const steps = res.envelope.data!;
    expect(steps.map((s) => [s.stepId, s.type, s.isOptional])).toEqual([
      ['gestor-welcome', 'WELCOME', false],
      ['gestor-profile', 'PROFILE', false],
      ['gestor-companies', 'ACTION', false],
      ['gestor-invite-clients', 'ACTION', true],
      ['gestor-tour', 'TOUR', true],
      ['gestor-fiscal-calendar', 'INFO', true],
      ['gestor-verifactu', 'INFO', true],
      ['gestor-done', 'COMPLETION', false],
    ]);
    expect(steps[1]).toMatchObject({
      title: 'Completa tu perfil',
      actionUrl: '/app/profile',
      primaryColor: '#10b981',
    });

    const admin = await gestor<OnboardingStep[]>({ routeId: 'onboarding.steps', query: { role: 'ADMIN' } });
    expect(admin.envelope.data![0]!.stepId).toBe('admin-welcome');

    const one = await gestor<OnboardingStep>({
      routeId: 'onboarding.step',
      params: { stepId: 'gestor-tour' },
    });
    expect(one.envelope.data).toMatchObject({ type: 'TOUR', primaryColor: '#8b5cf6', isOptional: true });
    const none = await gestor({ routeId: 'onboarding.step', params: { stepId: 'no-such-step' } });
    expect(none.status).toBe(404);
  });

  it('keeps preferences with the progress and validates them', async () => {
    await gestor({ routeId: 'onboarding.initialize' });
    const p = progressOf(
      await gestor({
        routeId: 'onboarding.updatePreferences',
        body: { showTips: false, emailReminders: false },
      }),
    );
    expect(p.preferences).toEqual({ showTips: false, emailReminders: false });
    // A restart keeps them.
    expect(progressOf(await gestor({ routeId: 'onboarding.restart' })).preferences).toEqual(p.preferences);

    const bad = await gestor({ routeId: 'onboarding.updatePreferences', body: { showTips: 'sí' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error).toMatchObject({ code: 'CORE_004', field: 'showTips' });
  });
});

describe('onboarding catalogue', () => {
  it('has Spanish steps with unique ids, colours by type, and a welcome first and a completion last', () => {
    const all = Object.values(onboardingCatalogue).flat();
    expect(new Set(all.map((s) => s.stepId)).size).toBe(all.length);
    for (const steps of Object.values(onboardingCatalogue)) {
      expect(steps[0]!.type).toBe('WELCOME');
      expect(steps.at(-1)!.type).toBe('COMPLETION');
      for (const s of steps) {
        expect(s.primaryColor).toBe(ONBOARDING_STEP_COLORS[s.type]);
        expect(s.estimatedMinutes).toBeGreaterThan(0);
        if (s.actionUrl) expect(s.actionUrl).toMatch(/^\/app\//);
        // WELCOME, PROFILE and COMPLETION are never optional.
        if (['WELCOME', 'PROFILE', 'COMPLETION'].includes(s.type)) expect(s.isOptional).toBe(false);
      }
    }
  });
});
