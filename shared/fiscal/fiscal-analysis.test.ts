import { describe, expect, it } from 'vitest';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '../schemas/tax-profile';
import type { TaxObligation } from './fiscal-alerts';
import {
  type AnalysisInput,
  addMonths,
  analyseFiscalHealth,
  compliancePercentage,
  filedOn,
  HEALTH_RULES,
  healthStatus,
  recargoRateBp,
  settledLate,
} from './fiscal-analysis';

const TODAY = '2026-05-10';

function obligation(over: Partial<TaxObligation> = {}): TaxObligation {
  const dueDate = over.dueDate ?? '2026-07-20';
  return {
    obligationId: `2026-${over.modelType ?? '303'}-${over.period ?? '2T'}`,
    companyId: 'c1',
    modelType: '303',
    period: '2T',
    year: 2026,
    periodicity: 'QUARTERLY',
    periodStart: '2026-04-01',
    periodEnd: '2026-06-30',
    windowStart: '2026-07-01',
    dueDate,
    domiciliationDueDate: null,
    paidByDomiciliation: false,
    alertDate: dueDate,
    profileVersion: '2026-01-01',
    reason: 'IVA en régimen general',
    status: 'PENDING',
    modelId: null,
    submittedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Settled on `filed` (a Madrid calendar day, given as noon UTC). */
const settled = (over: Partial<TaxObligation>, filed: string) =>
  obligation({ status: 'SUBMITTED', submittedAt: `${filed}T10:00:00.000Z`, ...over });

/** Facts with nothing to recommend (cash accounting already on, every model debited). */
const quietFacts: TaxProfileFacts = {
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  cashAccounting: true,
  domiciliation: { '303': true, '111': true, '115': true, '202': true, '200': true, '130': true },
};

function analyse(over: Partial<AnalysisInput> = {}) {
  return analyseFiscalHealth({
    today: TODAY,
    companyType: 'SL',
    facts: quietFacts,
    obligations: [],
    thresholdAlerts: [],
    ...over,
  });
}

describe('health score rules', () => {
  it('starts at 100 EXCELLENT and says no rule took points', () => {
    const { fiscalHealth, metrics, compliance, recommendations } = analyse();
    expect(fiscalHealth).toMatchObject({ status: 'EXCELLENT', score: 100 });
    expect(fiscalHealth.reasons).toHaveLength(1);
    expect(fiscalHealth.reasons[0]).toMatch(/^Ninguna regla resta puntos/);
    expect(compliance).toEqual([]);
    expect(recommendations).toEqual([]);
    expect(metrics).toEqual({
      compliancePercentage: 100,
      totalThresholdAlerts: 0,
      modelsAffected: 0,
      lastAnalysisDate: TODAY,
    });
  });

  it('takes 25 per overdue obligation and caps the status at WARNING', () => {
    const overdue = obligation({ period: '1T', dueDate: '2026-04-20' });
    const { fiscalHealth } = analyse({ obligations: [overdue] });
    expect(fiscalHealth.score).toBe(75);
    expect(fiscalHealth.status).toBe('WARNING');
    expect(fiscalHealth.reasons).toEqual([
      'Regla «Obligación vencida sin presentar» (−25 cada una): 1 → −25. Modelo 303 · 1T 2026.',
      'Regla «Con obligaciones vencidas la salud fiscal es como mucho “Con incidencias”».',
    ]);
    const four = ['01', '02', '03', '04'].map((p) => obligation({ period: p, dueDate: '2026-05-01' }));
    expect(analyse({ obligations: four }).fiscalHealth).toMatchObject({ score: 0, status: 'CRITICAL' });
  });

  it('counts a stored OVERDUE as overdue only while its due date has passed', () => {
    const moved = obligation({ status: 'OVERDUE', dueDate: '2026-07-20' });
    expect(analyse({ obligations: [moved] }).fiscalHealth.score).toBe(100);
  });

  it('takes 10 per filing late in the last 12 months, at most 30', () => {
    const late = settled({ period: '1T', dueDate: '2026-04-20' }, '2026-04-25');
    expect(analyse({ obligations: [late] }).fiscalHealth).toMatchObject({ score: 90, status: 'EXCELLENT' });
    expect(analyse({ obligations: [late] }).fiscalHealth.reasons[0]).toBe(
      'Regla «Presentada fuera de plazo en los últimos 12 meses» (−10 cada una): 1 → −10. Modelo 303 · 1T 2026.',
    );
    const onTime = settled({ period: '1T', dueDate: '2026-04-20' }, '2026-04-20');
    expect(analyse({ obligations: [onTime] }).fiscalHealth.score).toBe(100);
    const longAgo = settled({ period: '1T', year: 2025, dueDate: '2025-04-21' }, '2025-05-09');
    expect(analyse({ obligations: [longAgo] }).fiscalHealth.score).toBe(100);
    const withinYear = settled({ period: '2T', year: 2025, dueDate: '2025-04-21' }, '2025-05-11');
    expect(analyse({ obligations: [withinYear] }).fiscalHealth.score).toBe(90);
    const four = ['01', '02', '03', '04'].map((p) =>
      settled({ period: p, dueDate: '2026-03-20' }, '2026-03-30'),
    );
    const capped = analyse({ obligations: four }).fiscalHealth;
    expect(capped.score).toBe(70);
    expect(capped.reasons[0]).toContain('4 → −30 (máximo 30)');
  });

  it('takes 5 per open obligation due within 3 days, at most 15', () => {
    const in3 = obligation({ period: '04', dueDate: '2026-05-13' });
    const in4 = obligation({ period: '05', dueDate: '2026-05-14' });
    expect(analyse({ obligations: [in3] }).fiscalHealth.score).toBe(95);
    expect(analyse({ obligations: [in4] }).fiscalHealth.score).toBe(100);
    const dueToday = obligation({ period: '06', dueDate: TODAY });
    expect(analyse({ obligations: [dueToday] }).fiscalHealth.score).toBe(95);
    const many = ['01', '02', '03', '04'].map((p) => obligation({ period: p, dueDate: '2026-05-12' }));
    expect(analyse({ obligations: many }).fiscalHealth.score).toBe(85);
  });

  it('counts down to the domiciliation deadline for a debited obligation', () => {
    const debited = obligation({ dueDate: '2026-05-20', alertDate: '2026-05-13', paidByDomiciliation: true });
    expect(analyse({ obligations: [debited] }).fiscalHealth.score).toBe(95);
  });

  it('takes 5 per threshold alert, at most 15, and names them', () => {
    const alerts = [
      { code: 'MODELO_347', model: '347' as const },
      { code: 'SII_TURNOVER', model: null },
    ];
    const { fiscalHealth, metrics } = analyse({ thresholdAlerts: alerts });
    expect(fiscalHealth.score).toBe(90);
    expect(fiscalHealth.reasons[0]).toBe(
      'Regla «Alerta de umbral» (−5 cada una): 2 → −10. MODELO_347 (modelo 347), SII_TURNOVER.',
    );
    expect(metrics).toMatchObject({ totalThresholdAlerts: 2, modelsAffected: 1 });
    const four = Array.from({ length: 4 }, (_, i) => ({ code: `A${i}`, model: null }));
    expect(analyse({ thresholdAlerts: four }).fiscalHealth.score).toBe(85);
  });

  it('documents every rule in the table', () => {
    expect(Object.values(HEALTH_RULES).map((r) => [r.code, r.points, r.maxPoints])).toEqual([
      ['OVERDUE', 25, 100],
      ['FILED_LATE', 10, 30],
      ['DUE_SOON', 5, 15],
      ['THRESHOLD_ALERT', 5, 15],
    ]);
  });
});

describe('healthStatus', () => {
  it.each([
    [100, 'EXCELLENT'],
    [90, 'EXCELLENT'],
    [89, 'GOOD'],
    [70, 'GOOD'],
    [69, 'WARNING'],
    [40, 'WARNING'],
    [39, 'CRITICAL'],
    [0, 'CRITICAL'],
  ] as const)('%i is %s', (score, status) => {
    expect(healthStatus(score, false)).toBe(status);
  });

  it('is at most WARNING with an overdue obligation', () => {
    expect(healthStatus(95, true)).toBe('WARNING');
    expect(healthStatus(75, true)).toBe('WARNING');
    expect(healthStatus(50, true)).toBe('WARNING');
    expect(healthStatus(30, true)).toBe('CRITICAL');
  });
});

describe('late filing', () => {
  it('reads submittedAt as a Spanish calendar day', () => {
    expect(filedOn('2026-04-20T21:30:00.000Z')).toBe('2026-04-20'); // 23:30 in Madrid (CEST)
    expect(filedOn('2026-04-20T22:30:00.000Z')).toBe('2026-04-21'); // 00:30 the next day
    expect(filedOn('2026-04-20')).toBe('2026-04-20');
    expect(settledLate(obligation({ status: 'SUBMITTED', submittedAt: '2026-07-20T22:30:00.000Z' }))).toBe(
      true,
    );
    expect(settledLate(obligation({ status: 'SUBMITTED', submittedAt: '2026-07-20T21:30:00.000Z' }))).toBe(
      false,
    );
    expect(settledLate(obligation({ status: 'MODEL_GENERATED', submittedAt: null }))).toBe(false);
    expect(settledLate(obligation({ status: 'PENDING', submittedAt: '2026-08-01' }))).toBe(false);
  });

  it('adds calendar months clamping to the end of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-05-10', -12)).toBe('2025-05-10');
    expect(addMonths('2026-01-10', -1)).toBe('2025-12-10');
    expect(addMonths('2026-11-30', 14)).toBe('2028-01-30');
  });

  it('computes the art. 27 LGT recargo: 1 % plus 1 % per full month, 15 % after 12 months', () => {
    expect(recargoRateBp('2026-01-20', '2026-01-20')).toBe(0);
    expect(recargoRateBp('2026-01-20', '2026-01-21')).toBe(100);
    expect(recargoRateBp('2026-01-20', '2026-02-19')).toBe(100);
    expect(recargoRateBp('2026-01-20', '2026-02-20')).toBe(200);
    expect(recargoRateBp('2026-01-20', '2027-01-19')).toBe(1200);
    expect(recargoRateBp('2026-01-20', '2027-01-20')).toBe(1500);
    expect(recargoRateBp('2026-01-20', '2029-01-01')).toBe(1500);
  });
});

describe('compliance', () => {
  it('classifies each model and sorts worst first, then by next deadline', () => {
    const obligations = [
      // 111: overdue → NON_COMPLIANT
      obligation({ modelType: '111', period: '1T', dueDate: '2026-04-20' }),
      obligation({ modelType: '111', period: '2T', dueDate: '2026-07-20' }),
      // 115: filed late → WARNING
      settled({ modelType: '115', period: '1T', dueDate: '2026-04-20' }, '2026-04-22'),
      // 130: due within 7 days → WARNING
      obligation({ modelType: '130', period: '01', dueDate: '2026-05-17' }),
      // 303: open, far away → pending
      settled({ modelType: '303', period: '1T', dueDate: '2026-04-20' }, '2026-04-15'),
      obligation({ modelType: '303', period: '2T', dueDate: '2026-07-20' }),
      // 347: all settled on time → COMPLIANT
      settled({ modelType: '347', period: '0A', year: 2025, dueDate: '2026-03-02' }, '2026-02-20'),
    ];
    const { compliance, metrics } = analyse({ obligations });
    expect(compliance.map((c) => [c.model, c.status, c.nextDeadline])).toEqual([
      ['111', 'NON_COMPLIANT', '2026-07-20'],
      ['130', 'WARNING', '2026-05-17'],
      ['115', 'WARNING', null],
      ['303', 'pending', '2026-07-20'],
      ['347', 'COMPLIANT', null],
    ]);
    expect(compliance[0]!.description).toBe('Vencida sin presentar: Modelo 111 · 1T 2026.');
    expect(compliance[1]!.description).toBe('Vence en 7 días o menos: Modelo 130 · Enero 2026 (17/05/2026).');
    expect(compliance[2]!.description).toBe('Presentada fuera de plazo: Modelo 115 · 1T 2026.');
    // Due so far: 111 1T (overdue), 115 1T (late), 303 1T and 347 (on time) → 2 of 4.
    expect(metrics.compliancePercentage).toBe(50);
    expect(metrics.modelsAffected).toBe(2);
  });

  it('is WARNING at 7 days and pending at 8', () => {
    const at7 = analyse({ obligations: [obligation({ dueDate: '2026-05-17' })] }).compliance[0]!;
    const at8 = analyse({ obligations: [obligation({ dueDate: '2026-05-18' })] }).compliance[0]!;
    expect(at7.status).toBe('WARNING');
    expect(at8.status).toBe('pending');
  });

  it('rounds the compliance percentage and is 100 with nothing due yet', () => {
    const due = [
      settled({ period: '01', dueDate: '2026-02-20' }, '2026-02-20'),
      settled({ period: '02', dueDate: '2026-03-20' }, '2026-03-19'),
      settled({ period: '03', dueDate: '2026-04-20' }, '2026-04-21'),
    ];
    expect(compliancePercentage(due, TODAY)).toBe(67);
    expect(compliancePercentage([obligation()], TODAY)).toBe(100);
    // Due today is not yet "already due".
    expect(compliancePercentage([obligation({ dueDate: TODAY })], TODAY)).toBe(100);
  });
});

describe('recommendations', () => {
  it('recommends filing an overdue self-assessment with the recargo it bears today', () => {
    const overdue = obligation({ period: '1T', dueDate: '2026-04-20' });
    const [rec] = analyse({ obligations: [overdue], today: '2026-06-25' }).recommendations;
    expect(rec).toMatchObject({
      id: 'OVERDUE_FILING#303',
      type: 'OVERDUE_FILING',
      priority: 'high',
      model: '303',
      title: 'Presenta cuanto antes el modelo 303',
      estimatedBenefit: null,
    });
    expect(rec!.description).toContain('recargo del art. 27 LGT es del 3 %');
    expect(rec!.description).toContain('sube al 4 % el 20/07/2026');
  });

  it('cites art. 198 LGT for an overdue informative return', () => {
    const overdue = obligation({ modelType: '347', period: '0A', year: 2025, dueDate: '2026-03-02' });
    const [rec] = analyse({ obligations: [overdue] }).recommendations;
    expect(rec!.description).toContain('art. 198 LGT');
  });

  it('recommends preparing an obligation due within 7 days, not 8', () => {
    const in7 = obligation({ period: '04', dueDate: '2026-05-17' });
    const in8 = obligation({ period: '05', dueDate: '2026-05-18' });
    const recs = analyse({ obligations: [in7, in8] }).recommendations;
    expect(recs).toEqual([
      {
        id: 'DEADLINE_SOON#2026-303-04',
        title: 'Prepara el Modelo 303 · Abril 2026',
        description: 'El plazo termina en 7 días, el 17/05/2026. Revisa los datos y genera la declaración.',
        priority: 'high',
        type: 'DEADLINE_SOON',
        estimatedBenefit: null,
        model: '303',
      },
    ]);
  });

  it('recommends direct debit for a domiciliable model with open obligations not debited', () => {
    const facts = { ...quietFacts, domiciliation: {} };
    const obligations = [obligation(), obligation({ modelType: '390', period: '0A', dueDate: '2027-02-01' })];
    const recs = analyse({ facts, obligations }).recommendations;
    expect(recs.map((r) => r.id)).toEqual(['DOMICILIATION#303']);
    expect(recs[0]).toMatchObject({ title: 'Domicilia el pago del modelo 303', priority: 'medium' });
    expect(analyse({ obligations }).recommendations).toEqual([]); // quietFacts debit 303
    const alreadyDebited = obligation({ paidByDomiciliation: true });
    expect(analyse({ facts, obligations: [alreadyDebited] }).recommendations).toEqual([]);
  });

  it('suggests cash accounting only to an autónomo or SL in the general regime, not large, not already in it', () => {
    const base = { ...quietFacts, cashAccounting: false };
    const ids = (over: Partial<AnalysisInput>) => analyse(over).recommendations.map((r) => r.id);
    expect(ids({ facts: base })).toEqual(['CASH_ACCOUNTING#303']);
    expect(ids({ facts: base, companyType: 'AUTONOMO' })).toEqual(['CASH_ACCOUNTING#303']);
    expect(ids({ facts: base, companyType: 'SA' })).toEqual([]);
    expect(ids({ facts: { ...base, largeCompany: true } })).toEqual([]);
    expect(ids({ facts: { ...base, vatRegime: 'SIMPLIFICADO' } })).toEqual([]);
    expect(ids({ facts: { ...base, vatZone: 'CANARIAS' } })).toEqual([]);
    expect(analyse({ facts: base }).recommendations[0]!.description).toContain('Cuadra no conoce esa cifra');
  });

  it('sorts high before medium', () => {
    const facts = { ...quietFacts, cashAccounting: false, domiciliation: {} };
    const obligations = [
      obligation({ modelType: '111', period: '2T', dueDate: '2026-07-20' }),
      obligation({ period: '04', dueDate: '2026-05-12' }),
      obligation({ period: '1T', dueDate: '2026-04-20' }),
    ];
    const recs = analyse({ facts, obligations }).recommendations;
    expect(recs.map((r) => [r.priority, r.id])).toEqual([
      ['high', 'OVERDUE_FILING#303'],
      ['high', 'DEADLINE_SOON#2026-303-04'],
      ['medium', 'DOMICILIATION#111'],
      ['medium', 'DOMICILIATION#303'],
      ['medium', 'CASH_ACCOUNTING#303'],
    ]);
  });
});
