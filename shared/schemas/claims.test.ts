/**
 * Issue 10 item 8: the plans' feature lines and the onboarding steps claim only areas that work
 * (shared/capabilities.ts), and a claim appears as soon as its area is switched on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPABILITIES, type Capability, capabilityCatalogue, unavailableCapabilities } from '../capabilities';
import { planList } from './billing';
import { ONBOARDING_FLOWS, type OnboardingStep, onboardingCatalogue } from './onboarding';

const stepText = (s: OnboardingStep) => [s.title, s.description, s.instructions].join(' ');
const allText = (plans: typeof planList, catalogue: typeof onboardingCatalogue) =>
  [
    ...plans.flatMap((p) => [p.planName, p.audience, ...p.features]),
    ...ONBOARDING_FLOWS.flatMap((f) => catalogue[f].map(stepText)),
  ].join('\n');

/** The catalogues again, as they would be with every area available. */
async function withEveryArea() {
  vi.resetModules();
  vi.doMock('../capabilities', async (importOriginal) => {
    const actual = await importOriginal<typeof import('../capabilities')>();
    const on = Object.fromEntries(CAPABILITIES.map((c) => [c, true])) as Record<Capability, boolean>;
    return { ...actual, ...actual.capabilityRegistry(on) };
  });
  const billing = await import('./billing');
  const onboarding = await import('./onboarding');
  return { planList: billing.planList, onboardingCatalogue: onboarding.onboardingCatalogue };
}

afterEach(() => {
  vi.doUnmock('../capabilities');
  vi.resetModules();
});

describe('claims of plans and onboarding', () => {
  it.each(unavailableCapabilities())('nothing claims %s, which does not work yet', (capability) => {
    expect(allText(planList, onboardingCatalogue)).not.toMatch(capabilityCatalogue[capability].claimPattern);
  });

  it('the claims of the unavailable areas appear once they are switched on', async () => {
    const on = await withEveryArea();
    const text = allText(on.planList, on.onboardingCatalogue);

    for (const capability of [
      'taxModels',
      'incomeTaxModels',
      'fiscalCalendar',
      'sii',
      'accounting',
      'payroll',
      'banking',
      'ocr',
      'smartInbox',
      'clientPortalDocuments',
      'advisorAnalytics',
      'prioritySupport',
    ] as const) {
      expect(text, capability).toMatch(capabilityCatalogue[capability].claimPattern);
    }
    expect(on.onboardingCatalogue.GESTOR.map((s) => s.stepId)).toContain('gestor-fiscal-calendar');
    expect(on.onboardingCatalogue.AUTONOMO.map((s) => s.stepId)).toContain('autonomo-fiscal-calendar');
  });

  it('every flow keeps a step count the dialog can show and steps without catalogue bookkeeping', () => {
    for (const flow of ONBOARDING_FLOWS) {
      const steps = onboardingCatalogue[flow];
      expect(steps.length).toBeGreaterThanOrEqual(4);
      expect(steps[0]!.type).toBe('WELCOME');
      expect(steps.at(-1)!.type).toBe('COMPLETION');
      for (const s of steps) expect(Object.keys(s)).not.toContain('needs');
    }
    expect(onboardingCatalogue.GESTOR.map((s) => s.stepId)).toContain('gestor-verifactu');
    expect(onboardingCatalogue.ADMIN.find((s) => s.stepId === 'admin-notifications')!.description).toBe(
      'Las incidencias de los envíos a la AEAT de VeriFacTu, los envíos al SII, el buzón inteligente y la lectura automática de documentos (OCR) llegan a tu campana.',
    );
  });

  it('the plans keep their prices and limits', () => {
    expect(planList.map((p) => [p.planCode, p.monthlyPriceCents, p.limits.maxCompanies])).toEqual([
      ['STANDARD_STARTER', 1_500, 1],
      ['STANDARD_PROFESSIONAL', 4_900, 1],
      ['GESTORIA_STARTER', 7_900, 25],
      ['GESTORIA_PROFESSIONAL', 19_900, 150],
      ['ENTERPRISE_PROFESSIONAL', 49_900, null],
    ]);
    expect(planList[0]!.features).toEqual([
      'Facturas emitidas y recibidas con VeriFacTu',
      'Clientes, proveedores y facturas recurrentes',
      'Importación y exportación de facturas en Excel y CSV',
      'Modelos de la AEAT y calendario fiscal con avisos',
      'Documentos con lectura automática (OCR)',
      // Issue 14: the 303 is computed; the 130 comes with the income-tax models (issue 15).
      'Modelos 130 y 303 calculados con tus facturas',
    ]);
  });
});
