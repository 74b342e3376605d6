import { describe, expect, it } from 'vitest';
import {
  ALERT_URLS,
  alertForObligation,
  countdownDate,
  deadlinePriority,
  effectiveStatus,
  isOpen,
  lateFilingNote,
  periodLabel,
  priorityRank,
  SUMMARY_ALERT_THRESHOLD,
  settledAlert,
  sortAlerts,
  summaryAlert,
  summaryPriority,
  type TaxObligation,
  UPCOMING_WINDOW_DAYS,
} from './fiscal-alerts';

function obligation(over: Partial<TaxObligation> = {}): TaxObligation {
  const dueDate = over.dueDate ?? '2027-02-01';
  return {
    obligationId: '2026-303-4T',
    companyId: 'c1',
    modelType: '303',
    period: '4T',
    year: 2026,
    periodicity: 'QUARTERLY',
    periodStart: '2026-10-01',
    periodEnd: '2026-12-31',
    windowStart: '2027-01-01',
    dueDate,
    domiciliationDueDate: '2027-01-27',
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

/** 303 · 4T 2026: filing until Mon 1 Feb 2027 (30 Jan is a Saturday), direct debit until 27 Jan. */
const debited = (over: Partial<TaxObligation> = {}) =>
  obligation({ paidByDomiciliation: true, alertDate: '2027-01-27', ...over });

describe('effectiveStatus and isOpen', () => {
  it('turns PENDING into OVERDUE only after the due date', () => {
    expect(effectiveStatus({ status: 'PENDING', dueDate: '2026-04-20' }, '2026-04-20')).toBe('PENDING');
    expect(effectiveStatus({ status: 'PENDING', dueDate: '2026-04-20' }, '2026-04-21')).toBe('OVERDUE');
  });

  it('judges a stored OVERDUE on its dates, so a due date moved forward makes it PENDING again', () => {
    expect(effectiveStatus({ status: 'OVERDUE', dueDate: '2026-04-20' }, '2026-04-25')).toBe('OVERDUE');
    expect(effectiveStatus({ status: 'OVERDUE', dueDate: '2026-07-25' }, '2026-04-25')).toBe('PENDING');
  });

  it('never changes a settled status', () => {
    for (const status of ['MODEL_GENERATED', 'SUBMITTED', 'OBLIGATION_GENERATED'] as const) {
      expect(effectiveStatus({ status, dueDate: '2026-04-20' }, '2027-01-01')).toBe(status);
      expect(isOpen(status)).toBe(false);
    }
    expect(isOpen('PENDING')).toBe(true);
    expect(isOpen('OVERDUE')).toBe(true);
  });
});

describe('priorities', () => {
  it.each([
    [-1, 'critical'],
    [0, 'critical'],
    [3, 'critical'],
    [4, 'high'],
    [7, 'high'],
    [8, 'medium'],
    [30, 'medium'],
  ] as const)('%i days remaining is %s', (days, priority) => {
    expect(deadlinePriority(days)).toBe(priority);
  });

  it('makes the summary high above 5 pending obligations', () => {
    expect(SUMMARY_ALERT_THRESHOLD).toBe(5);
    expect(summaryPriority(5)).toBe('medium');
    expect(summaryPriority(6)).toBe('high');
    expect(summaryPriority(1)).toBe('medium');
  });

  it('ranks critical, high, medium, low', () => {
    expect(priorityRank).toEqual({ critical: 0, high: 1, medium: 2, low: 3 });
  });
});

describe('sortAlerts', () => {
  it('sorts by priority, then the earliest due date (none last), then the newest', () => {
    const alerts = [
      { id: 'low', priority: 'low' as const, dueDate: '2026-01-01', createdAt: '2026-01-01T00:00:00Z' },
      {
        id: 'medium-late',
        priority: 'medium' as const,
        dueDate: '2026-05-01',
        createdAt: '2026-01-01T00:00:00Z',
      },
      { id: 'medium-none', priority: 'medium' as const, dueDate: null, createdAt: '2026-01-01T00:00:00Z' },
      {
        id: 'medium-old',
        priority: 'medium' as const,
        dueDate: '2026-04-20',
        createdAt: '2026-01-01T00:00:00Z',
      },
      {
        id: 'medium-new',
        priority: 'medium' as const,
        dueDate: '2026-04-20',
        createdAt: '2026-03-01T00:00:00Z',
      },
      {
        id: 'critical',
        priority: 'critical' as const,
        dueDate: '2026-09-01',
        createdAt: '2026-01-01T00:00:00Z',
      },
      { id: 'high', priority: 'high' as const, createdAt: '2026-01-01T00:00:00Z' },
    ];
    const sorted = sortAlerts(alerts).map((a) => a.id);
    expect(sorted).toEqual([
      'critical',
      'high',
      'medium-new',
      'medium-old',
      'medium-late',
      'medium-none',
      'low',
    ]);
    expect(alerts[0]!.id).toBe('low'); // the input is not reordered
  });
});

describe('periodLabel', () => {
  it('names every kind of period in Spanish', () => {
    expect(periodLabel('303', '1T', 2026)).toBe('1T 2026');
    expect(periodLabel('303', '01', 2026)).toBe('Enero 2026');
    expect(periodLabel('111', '12', 2026)).toBe('Diciembre 2026');
    expect(periodLabel('390', '0A', 2026)).toBe('Ejercicio 2026');
    expect(periodLabel('202', '1P', 2026)).toBe('1er pago fraccionado 2026');
    expect(periodLabel('202', '2P', 2026)).toBe('2º pago fraccionado 2026');
    expect(periodLabel('202', '3P', 2026)).toBe('3er pago fraccionado 2026');
    expect(periodLabel('036', '2026-11-26', 2026)).toBe('Modificación censal del 26/11/2026');
  });

  it('rejects a period no model has', () => {
    expect(() => periodLabel('303', '5T', 2026)).toThrow(RangeError);
    expect(() => periodLabel('303', '2026-11-26', 2026)).toThrow(RangeError);
    expect(() => periodLabel('303', '13', 2026)).toThrow(RangeError);
  });
});

describe('alertForObligation', () => {
  it('gives no alert for a settled obligation, nor before the 30-day window', () => {
    expect(alertForObligation(obligation({ status: 'SUBMITTED' }), '2027-01-29', 'Acme SL')).toBeNull();
    expect(alertForObligation(obligation({ status: 'MODEL_GENERATED' }), '2027-03-01', 'Acme SL')).toBeNull();
    expect(UPCOMING_WINDOW_DAYS).toBe(30);
    expect(alertForObligation(obligation(), '2027-01-01', 'Acme SL')).toBeNull(); // 31 days
    const first = alertForObligation(obligation(), '2027-01-02', 'Acme SL'); // 30 days
    expect(first).toMatchObject({ type: 'deadline', priority: 'medium', step: 'medium', daysRemaining: 30 });
  });

  it('counts down to the filing deadline with the priority of the days remaining', () => {
    const at = (today: string) => alertForObligation(obligation(), today, 'Acme SL')!;
    expect(at('2027-01-24')).toMatchObject({ priority: 'medium', daysRemaining: 8 });
    expect(at('2027-01-25')).toMatchObject({ priority: 'high', step: 'high', daysRemaining: 7 });
    expect(at('2027-01-28')).toMatchObject({ priority: 'high', daysRemaining: 4 });
    const three = at('2027-01-29');
    expect(three).toEqual({
      alertId: '2026-303-4T',
      obligationId: '2026-303-4T',
      type: 'deadline',
      priority: 'critical',
      step: 'critical',
      title: 'Modelo 303 · 4T 2026 vence el 01/02/2027 (quedan 3 días)',
      message:
        'Acme SL · Modelo 303 · 4T 2026 (IVA. Autoliquidación): plazo de presentación del 01/01/2027 al 01/02/2027.',
      actionUrl: '/app/tax/calendar?filter=pending',
      dueDate: '2027-02-01',
      daysRemaining: 3,
    });
    expect(at('2027-01-31').title).toBe('Modelo 303 · 4T 2026 vence el 01/02/2027 (queda 1 día)');
    expect(at('2027-02-01')).toMatchObject({
      priority: 'critical',
      daysRemaining: 0,
      title: 'Modelo 303 · 4T 2026 vence el 01/02/2027 (hoy)',
    });
  });

  it('turns the same alert into an overdue one, always critical, the day after the deadline', () => {
    const o = obligation({
      obligationId: '2026-111-3T',
      modelType: '111',
      period: '3T',
      dueDate: '2026-10-20',
      alertDate: '2026-10-20',
    });
    const overdue = alertForObligation(o, '2026-10-25', 'Acme SL')!;
    expect(overdue).toMatchObject({
      alertId: '2026-111-3T',
      type: 'overdue',
      priority: 'critical',
      step: 'overdue',
      title: 'Modelo 111 · 3T 2026 venció el 20/10/2026 (hace 5 días)',
      actionUrl: ALERT_URLS.overdue,
      dueDate: '2026-10-20',
      daysRemaining: -5,
    });
    expect(overdue.message).toContain('art. 27 LGT');
    expect(alertForObligation(o, '2026-10-21', 'Acme SL')!.title).toContain('(hace 1 día)');
    expect(alertForObligation(o, '2026-10-20', 'Acme SL')!.type).toBe('deadline');
    expect(alertForObligation({ ...o, status: 'OVERDUE' }, '2026-10-25', 'Acme SL')!.alertId).toBe(
      alertForObligation(o, '2026-10-01', 'Acme SL')!.alertId,
    );
  });

  it('counts down to the domiciliation deadline (alertDate) for a model paid by direct debit', () => {
    const alert = alertForObligation(debited(), '2027-01-24', 'Acme SL')!;
    expect(alert).toMatchObject({
      type: 'deadline',
      priority: 'critical',
      dueDate: '2027-01-27',
      daysRemaining: 3,
      title: 'Cargo en cuenta: la domiciliación del modelo 303 termina el 27/01/2027 (quedan 3 días)',
    });
    expect(alert.message).toContain('el cargo se haga el 01/02/2027');
    // The same day without direct debit: 8 days to the filing deadline.
    expect(alertForObligation(obligation(), '2027-01-24', 'Acme SL')).toMatchObject({
      priority: 'medium',
      daysRemaining: 8,
    });
    // The window opens 30 days before the debit deadline, not the filing one.
    expect(alertForObligation(debited(), '2026-12-28', 'Acme SL')).toMatchObject({ daysRemaining: 30 });
    expect(alertForObligation(obligation(), '2026-12-28', 'Acme SL')).toBeNull();
  });

  it('after the debit window closes, counts down to the filing deadline and says to pay otherwise', () => {
    const alert = alertForObligation(debited(), '2027-01-28', 'Acme SL')!;
    expect(alert).toMatchObject({
      type: 'deadline',
      priority: 'high',
      dueDate: '2027-02-01',
      daysRemaining: 4,
    });
    expect(alert.title).toBe('Modelo 303 · 4T 2026 vence el 01/02/2027 (quedan 4 días)');
    expect(alert.message).toContain('El plazo para domiciliar el pago terminó el 27/01/2027');
    expect(countdownDate(debited(), '2027-01-27')).toBe('2027-01-27');
    expect(countdownDate(debited(), '2027-01-28')).toBe('2027-02-01');
    // Overdue is judged on the filing deadline only.
    expect(alertForObligation(debited(), '2027-02-01', 'Acme SL')!.type).toBe('deadline');
    expect(alertForObligation(debited(), '2027-02-02', 'Acme SL')!.type).toBe('overdue');
  });

  it('labels census and instalment obligations', () => {
    const census = obligation({
      obligationId: '2026-036-2026-11-26',
      modelType: '036',
      period: '2026-11-26',
      periodicity: 'EVENT',
      dueDate: '2026-12-28',
      alertDate: '2026-12-28',
      domiciliationDueDate: null,
    });
    expect(alertForObligation(census, '2026-12-20', 'Acme SL')!.title).toBe(
      'Modelo 036 · Modificación censal del 26/11/2026 vence el 28/12/2026 (quedan 8 días)',
    );
    const overdueCensus = alertForObligation(census, '2026-12-29', 'Acme SL')!;
    expect(overdueCensus.message).toContain('art. 198.2 LGT');
  });
});

describe('lateFilingNote', () => {
  it('cites art. 27 LGT for self-assessments, art. 198 for informative returns and the OSS rules for 369', () => {
    expect(lateFilingNote('130')).toContain('art. 27 LGT');
    expect(lateFilingNote('347')).toContain('art. 198.2 LGT');
    expect(lateFilingNote('369')).toContain('Estado miembro de consumo');
  });
});

describe('summaryAlert', () => {
  const today = '2026-04-10';
  const open = (n: number, over: Partial<TaxObligation> = {}) =>
    Array.from({ length: n }, (_, i) =>
      obligation({ obligationId: `o${i}`, dueDate: '2026-04-20', alertDate: '2026-04-20', ...over }),
    );

  it('is null with nothing pending in the window', () => {
    expect(summaryAlert('c1', [], today)).toBeNull();
    expect(summaryAlert('c1', open(3, { dueDate: '2026-07-20', alertDate: '2026-07-20' }), today)).toBeNull();
    expect(summaryAlert('c1', open(3, { status: 'SUBMITTED' }), today)).toBeNull();
    expect(summaryAlert('c1', open(3, { companyId: 'c2' }), today)).toBeNull();
  });

  it('is medium with 5 pending and high with 6, one alert with a step per priority', () => {
    const five = summaryAlert('c1', open(5), today)!;
    expect(five).toMatchObject({
      alertId: 'summary',
      obligationId: null,
      type: 'deadline',
      priority: 'medium',
      step: 'summary-medium',
      title: 'Tienes 5 obligaciones fiscales pendientes',
      actionUrl: '/app/tax/calendar?filter=pending',
    });
    const six = summaryAlert('c1', open(6), today)!;
    expect(six).toMatchObject({ alertId: 'summary', priority: 'high', step: 'summary-high' });
  });

  it('counts overdue ones and those within 30 days, not later ones', () => {
    const list = [
      ...open(1, { obligationId: 'late', dueDate: '2026-03-30', alertDate: '2026-03-30' }),
      ...open(1, { obligationId: 'in30', dueDate: '2026-05-10', alertDate: '2026-05-10' }),
      ...open(1, { obligationId: 'in31', dueDate: '2026-05-11', alertDate: '2026-05-11' }),
    ];
    const alert = summaryAlert('c1', list, today)!;
    expect(alert.title).toBe('Tienes 2 obligaciones fiscales pendientes');
    expect(alert.message).toBe(
      '1 vencida sin presentar y 1 con vencimiento en los próximos 30 días. Revisa el calendario fiscal.',
    );
    expect(summaryAlert('c1', list.slice(1, 2), today)!.title).toBe('Tienes 1 obligación fiscal pendiente');
  });
});

describe('settledAlert', () => {
  it('has a deterministic id per obligation and type, low priority unless it is an error', () => {
    const o = obligation();
    expect(settledAlert(o, 'generated')).toMatchObject({
      alertId: '2026-303-4T#generated',
      type: 'generated',
      priority: 'low',
      step: 'generated',
      title: 'Modelo 303 · 4T 2026: declaración generada',
    });
    expect(settledAlert(o, 'submitted')).toMatchObject({ alertId: '2026-303-4T#submitted', priority: 'low' });
    const error = settledAlert(o, 'error', 'La AEAT rechazó el fichero.');
    expect(error).toMatchObject({ alertId: '2026-303-4T#error', priority: 'high', step: 'error' });
    expect(error.message).toBe('No se pudo completar la declaración. La AEAT rechazó el fichero.');
    expect(settledAlert(o, 'error')).toEqual(settledAlert(o, 'error'));
  });
});
