import { describe, expect, it } from 'vitest';
import { obligation } from '../testing/fixtures';
import { byDueDate, obligationsForView } from './calendar';

// The 2026 calendar leaves its 4T and annual returns due in 2027; 2027's own 4T falls due in 2028.
const q4of2026 = obligation({ obligationId: '2026-303-4T', year: 2026, period: '4T', dueDate: '2027-01-30' });
const m390of2026 = obligation({
  obligationId: '2026-390-0A',
  modelType: '390',
  year: 2026,
  dueDate: '2027-01-30',
});
const q3of2026 = obligation({
  obligationId: '2026-303-3T',
  year: 2026,
  period: '3T',
  dueDate: '2026-10-20',
  status: 'OVERDUE',
});
const q1 = obligation({ obligationId: '2027-303-1T', dueDate: '2027-04-20' });
const q2 = obligation({
  obligationId: '2027-303-2T',
  period: '2T',
  dueDate: '2027-07-20',
  status: 'SUBMITTED',
});
const q4 = obligation({ obligationId: '2027-303-4T', period: '4T', dueDate: '2028-01-30' });

describe('obligationsForView', () => {
  const calendars = [
    [q4of2026, m390of2026, q3of2026],
    [q1, q2, q4],
  ];

  it('shows what falls due in the year, whichever year its period belongs to, by due date', () => {
    expect(obligationsForView(calendars, 2027, undefined).map((o) => o.obligationId)).toEqual([
      '2026-303-4T',
      '2026-390-0A',
      '2027-303-1T',
      '2027-303-2T',
    ]);
  });

  it('with a filter, every obligation of that status of both calendars', () => {
    expect(obligationsForView(calendars, 2027, 'overdue').map((o) => o.obligationId)).toEqual([
      '2026-303-3T',
    ]);
    expect(obligationsForView(calendars, 2027, 'pending').map((o) => o.obligationId)).toEqual([
      '2026-303-4T',
      '2026-390-0A',
      '2027-303-1T',
      '2027-303-4T',
    ]);
  });

  it('tolerates a calendar not loaded yet and groups by day', () => {
    expect(obligationsForView([undefined, [q1]], 2027, undefined)).toHaveLength(1);
    expect(
      byDueDate([q4of2026, m390of2026, q1])
        .get('2027-01-30')
        ?.map((o) => o.modelType),
    ).toEqual(['303', '390']);
  });
});
