import { ONBOARDING_FLOWS, onboardingCatalogue } from '@shared/schemas/onboarding';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeOnboarding,
  completeStep,
  newProgress,
  nextStep,
  type OnboardingRecord,
  progressView,
  restart,
  skipStep,
} from './progress';

const NOW = new Date('2026-03-02T10:00:00.000Z');

type Op =
  | { kind: 'next' }
  | { kind: 'finish' }
  | { kind: 'restart' }
  | { kind: 'skip'; i: number }
  | { kind: 'done'; i: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'next' }),
  fc.constant<Op>({ kind: 'finish' }),
  fc.constant<Op>({ kind: 'restart' }),
  fc.nat(10).map<Op>((i) => ({ kind: 'skip', i })),
  fc.nat(10).map<Op>((i) => ({ kind: 'done', i })),
);

function apply(r: OnboardingRecord, o: Op): OnboardingRecord {
  const steps = onboardingCatalogue[r.flow];
  switch (o.kind) {
    case 'next':
      return nextStep(r, NOW);
    case 'finish':
      return completeOnboarding(r, NOW);
    case 'restart':
      return restart(r, NOW);
    case 'done':
      return completeStep(r, steps[o.i % steps.length]!.stepId, NOW);
    case 'skip': {
      const s = steps[o.i % steps.length]!;
      return s.isOptional ? skipStep(r, s.stepId, NOW) : r;
    }
  }
}

describe('onboarding progress rules', () => {
  it('any sequence of operations keeps a consistent progress (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ONBOARDING_FLOWS), fc.array(op, { maxLength: 30 }), (flow, ops) => {
        let r = newProgress({ userId: 'u', role: flow === 'AUTONOMO' ? 'CLIENTE' : flow, flow }, NOW);
        for (const o of ops) {
          const before = progressView(r);
          r = apply(r, o);
          const v = progressView(r);
          const steps = onboardingCatalogue[flow];
          expect(Number.isInteger(v.progressPercentage)).toBe(true);
          expect(v.progressPercentage).toBeGreaterThanOrEqual(0);
          expect(v.progressPercentage).toBeLessThanOrEqual(100);
          expect(v.stepProgress).toBeGreaterThanOrEqual(0);
          expect(v.stepProgress).toBeLessThan(v.totalSteps);
          expect(v.currentStep).toBe(steps[v.stepProgress]!.stepId);
          expect(v.nextStep).toBe(steps[v.stepProgress + 1]?.stepId ?? null);
          // A step is never both completed and skipped.
          expect(v.completedSteps.filter((s) => v.skippedSteps.includes(s))).toEqual([]);
          if (v.isCompleted) expect(v.progressPercentage).toBe(100);
          // Progress never goes back except by a restart.
          if (o.kind !== 'restart')
            expect(v.progressPercentage).toBeGreaterThanOrEqual(before.progressPercentage);
        }
      }),
    );
  });

  it('rounds the percentage of each resolved step count', () => {
    let r = newProgress({ userId: 'u', role: 'CLIENTE', flow: 'CLIENTE' }, NOW);
    const pcts = [progressView(r).progressPercentage];
    for (let i = 0; i < 5; i++) {
      r = nextStep(r, NOW);
      pcts.push(progressView(r).progressPercentage);
    }
    expect(pcts).toEqual([0, 17, 33, 50, 67, 83]);
  });
});
