import { describe, expect, it } from 'vitest';
import { obligationView } from '../testing/fixtures';
import { groupObligations } from './group-obligations';

const TODAY = '2027-04-10';

const ids = (rows: { obligation: { obligationId: string } }[]) => rows.map((r) => r.obligation.obligationId);

describe('groupObligations', () => {
  it('puts overdue, due within 30 days and filed this year in their groups, and nothing else', () => {
    const groups = groupObligations(
      [
        obligationView({ obligationId: 'late', dueDate: '2027-01-20', status: 'OVERDUE' }),
        obligationView({ obligationId: 'today', dueDate: '2027-04-10', alertDate: '2027-04-10' }),
        obligationView({ obligationId: 'in-30', dueDate: '2027-05-10', alertDate: '2027-05-10' }),
        obligationView({ obligationId: 'in-31', dueDate: '2027-05-11', alertDate: '2027-05-11' }),
        obligationView({
          obligationId: 'filed',
          dueDate: '2027-01-30',
          status: 'SUBMITTED',
          submittedAt: '2027-01-25T10:00:00Z',
        }),
        obligationView({ obligationId: 'debt', dueDate: '2027-03-01', status: 'OBLIGATION_GENERATED' }),
        // Filed last year: not this year's.
        obligationView({ obligationId: 'filed-2026', dueDate: '2026-10-20', status: 'SUBMITTED' }),
      ],
      TODAY,
      2027,
    );
    expect(ids(groups.overdue)).toEqual(['late']);
    expect(groups.overdue[0]?.daysOverdue).toBe(80);
    expect(ids(groups.upcoming)).toEqual(['today', 'in-30']);
    expect(groups.upcoming.map((r) => r.daysLeft)).toEqual([0, 30]);
    expect(ids(groups.filed)).toEqual(['debt', 'filed']);
  });

  it('counts down to the debit deadline while it is open, then to the filing deadline', () => {
    const debited = { paidByDomiciliation: true, dueDate: '2027-04-20', alertDate: '2027-04-15' };
    const open = groupObligations([obligationView({ obligationId: 'd', ...debited })], TODAY, 2027);
    expect(open.upcoming[0]?.daysLeft).toBe(5);
    const closed = groupObligations([obligationView({ obligationId: 'd', ...debited })], '2027-04-17', 2027);
    expect(closed.upcoming[0]?.daysLeft).toBe(3);
  });

  it('treats a generated model past its due date as overdue and counts an obligation seen twice once', () => {
    const generated = obligationView({ obligationId: 'g', dueDate: '2027-04-01', status: 'MODEL_GENERATED' });
    const groups = groupObligations([generated, generated], TODAY, 2027);
    expect(ids(groups.overdue)).toEqual(['g']);
    expect(groups.upcoming).toEqual([]);
  });
});
