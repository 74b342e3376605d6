import { describe, expect, it } from 'vitest';
import {
  computeForecast,
  type ForecastInstalment,
  mondayOf,
  type RecurringTemplateInput,
  recurringForecast,
  recurringOccurrences,
} from './forecast';

const inst = (
  direction: ForecastInstalment['direction'],
  documentId: string,
  dueDate: string,
  unpaidCents: number,
): ForecastInstalment => ({
  direction,
  documentKind: direction === 'RECEIVABLE' ? 'INV' : 'REC',
  documentId,
  label: documentId,
  dueDate,
  unpaidCents,
});

const template: RecurringTemplateInput = {
  templateId: 't1',
  name: 'Mantenimiento',
  customerName: 'Cliente SL',
  frequency: 'MONTHLY',
  interval: 1,
  startDate: '2026-01-01',
  endDate: null,
  maxOccurrences: null,
  dayOfMonth: 1,
  isActive: true,
  nextRunDate: '2026-04-01',
  totalCents: 242_000,
  daysToPay: 30,
};

describe('mondayOf', () => {
  it('is the Monday of the ISO week', () => {
    expect(mondayOf('2026-03-11')).toBe('2026-03-09'); // Wednesday
    expect(mondayOf('2026-03-09')).toBe('2026-03-09'); // Monday
    expect(mondayOf('2026-03-15')).toBe('2026-03-09'); // Sunday
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across the year
  });
});

describe('recurringOccurrences', () => {
  it('lists the issues from the next run date within the range, honouring the end and the count', () => {
    expect(recurringOccurrences(template, '2026-03-11', '2026-06-07')).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(recurringOccurrences({ ...template, endDate: '2026-05-15' }, '2026-03-11', '2026-06-07')).toEqual([
      '2026-04-01',
      '2026-05-01',
    ]);
    // Occurrences 1..4 are Jan..Apr: the count ends it after April.
    expect(recurringOccurrences({ ...template, maxOccurrences: 4 }, '2026-03-11', '2026-06-07')).toEqual([
      '2026-04-01',
    ]);
    expect(
      recurringOccurrences(
        {
          ...template,
          frequency: 'QUARTERLY',
          dayOfMonth: 'LAST',
          startDate: '2026-02-10',
          nextRunDate: '2026-02-28',
        },
        '2026-01-01',
        '2026-12-31',
      ),
    ).toEqual(['2026-02-28', '2026-05-31', '2026-08-31', '2026-11-30']);
    expect(recurringOccurrences({ ...template, isActive: false }, '2026-03-11', '2026-06-07')).toEqual([]);
  });
});

describe('computeForecast (computed by hand)', () => {
  // Today Wednesday 11 March 2026: week 1 = Mon 9 – Sun 15 March; week 13 ends Sun 7 June.
  const input = {
    today: '2026-03-11',
    openingCents: 1_000_000,
    instalments: [
      inst('RECEIVABLE', 'R1', '2026-03-10', 200_000), // overdue: not counted, shown apart
      inst('RECEIVABLE', 'R2', '2026-03-11', 121_000), // today: week 1
      inst('RECEIVABLE', 'R3', '2026-04-10', 50_000), // week 5
      inst('RECEIVABLE', 'R4', '2026-06-08', 99_999), // after the horizon
      inst('RECEIVABLE', 'R5', '2026-03-20', 0), // paid
      inst('PAYABLE', 'P1', '2026-02-28', 60_500), // overdue payable: week 1
      inst('PAYABLE', 'P2', '2026-03-20', 30_000), // week 2
      inst('PAYABLE', 'P3', '2026-03-22', 10_000), // Sunday: still week 2
    ],
    recurring: recurringForecast([template], '2026-03-11', '2026-06-07'),
    taxes: [
      {
        obligationId: '2026-303-1T',
        label: '303 1T',
        dueDate: '2026-04-20',
        amountCents: 145_000,
        estimated: false,
      },
      {
        obligationId: '2026-111-1T',
        label: '111 1T',
        dueDate: '2026-04-20',
        amountCents: 30_000,
        estimated: true,
      },
      {
        obligationId: '2026-115-1T',
        label: '115 1T',
        dueDate: '2026-04-20',
        amountCents: 0,
        estimated: false,
      },
      {
        obligationId: '2026-303-4T',
        label: '303 4T',
        dueDate: '2026-01-30',
        amountCents: 5_000,
        estimated: false,
      },
    ],
  };

  it('adds up each week: opening, inflows, outflows, closing', () => {
    const f = computeForecast(input);
    expect(f.from).toBe('2026-03-09');
    expect(f.to).toBe('2026-06-07');
    expect(f.weeks).toHaveLength(13);
    const table = f.weeks.map((w) => [
      w.week,
      w.from,
      w.openingCents,
      w.inflowsCents,
      w.outflowsCents,
      w.closingCents,
    ]);
    expect(table).toEqual([
      [1, '2026-03-09', 1_000_000, 121_000, 65_500, 1_055_500], // R2 in; P1 + 303 4T out
      [2, '2026-03-16', 1_055_500, 0, 40_000, 1_015_500], // P2 + P3
      [3, '2026-03-23', 1_015_500, 0, 0, 1_015_500],
      [4, '2026-03-30', 1_015_500, 0, 0, 1_015_500],
      [5, '2026-04-06', 1_015_500, 50_000, 0, 1_065_500], // R3
      [6, '2026-04-13', 1_065_500, 0, 0, 1_065_500],
      [7, '2026-04-20', 1_065_500, 0, 175_000, 890_500], // 303 1T + 111 1T (estimated)
      [8, '2026-04-27', 890_500, 242_000, 0, 1_132_500], // April's recurring invoice collected 1 May
      [9, '2026-05-04', 1_132_500, 0, 0, 1_132_500],
      [10, '2026-05-11', 1_132_500, 0, 0, 1_132_500],
      [11, '2026-05-18', 1_132_500, 0, 0, 1_132_500],
      [12, '2026-05-25', 1_132_500, 242_000, 0, 1_374_500], // May's collected 31 May
      [13, '2026-06-01', 1_374_500, 0, 0, 1_374_500], // June's is collected 1 July: outside
    ]);
    expect(f.closingCents).toBe(1_374_500);
    expect(f.minimumClosingCents).toBe(890_500);
    expect(f.minimumWeek).toBe(7);
    expect(f.overdueReceivablesCents).toBe(200_000);
    expect(f.overdueReceivables.map((l) => l.documentId)).toEqual(['R1']);
    expect(f.overduePayablesCents).toBe(60_500);
  });

  it('explains each week with its lines', () => {
    const f = computeForecast(input);
    expect(f.weeks[0]!.lines.map((l) => [l.kind, l.date, l.amountCents, l.estimated])).toEqual([
      ['TAX', '2026-01-30', -5_000, false],
      ['OVERDUE_PAYABLE', '2026-02-28', -60_500, false],
      ['RECEIVABLE', '2026-03-11', 121_000, false],
    ]);
    expect(f.weeks[6]!.lines.map((l) => [l.label, l.amountCents, l.estimated])).toEqual([
      ['303 1T', -145_000, false],
      ['111 1T', -30_000, true],
    ]);
    expect(f.weeks[7]!.lines).toMatchObject([
      { kind: 'RECURRING', date: '2026-05-01', amountCents: 242_000 },
    ]);
  });

  it('ignores a recurring occurrence issued before today', () => {
    const f = computeForecast({
      ...input,
      instalments: [],
      taxes: [],
      recurring: [
        {
          templateId: 't',
          label: 'x',
          issueDate: '2026-03-10',
          collectionDate: '2026-03-12',
          amountCents: 1,
        },
      ],
    });
    expect(f.closingCents).toBe(1_000_000);
  });
});
