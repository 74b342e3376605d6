import { describe, expect, it } from 'vitest';
import {
  differenceIsLoss,
  partialPaymentAllowed,
  selectionTotals,
  suggestedDifferenceAccount,
} from './match-math';

describe('selectionTotals', () => {
  it('is |Σ movements| − Σ outstanding, for collections and payments alike', () => {
    expect(
      selectionTotals(
        [
          { amountCents: 60000, direction: 'IN' },
          { amountCents: 40000, direction: 'IN' },
        ],
        [{ outstandingCents: 60000 }, { outstandingCents: 40500 }],
      ),
    ).toEqual({ direction: 'IN', movementsCents: 100000, itemsCents: 100500, differenceCents: -500 });
    expect(
      selectionTotals([{ amountCents: -24350, direction: 'OUT' }], [{ outstandingCents: 24200 }]),
    ).toEqual({
      direction: 'OUT',
      movementsCents: 24350,
      itemsCents: 24200,
      differenceCents: 150,
    });
  });

  it('counts a rectificativa by its absolute outstanding and flags mixed directions', () => {
    expect(
      selectionTotals([{ amountCents: -5000, direction: 'OUT' }], [{ outstandingCents: -5000 }]),
    ).toMatchObject({
      differenceCents: 0,
    });
    expect(
      selectionTotals(
        [
          { amountCents: 100, direction: 'IN' },
          { amountCents: -100, direction: 'OUT' },
        ],
        [],
      ).direction,
    ).toBe('MIXED');
    expect(selectionTotals([], []).direction).toBeNull();
  });
});

describe('the difference', () => {
  it('is a loss when less is collected or more is paid', () => {
    expect(differenceIsLoss('IN', -500)).toBe(true);
    expect(differenceIsLoss('IN', 500)).toBe(false);
    expect(differenceIsLoss('OUT', 150)).toBe(true);
    expect(differenceIsLoss('OUT', -150)).toBe(false);
  });

  it('suggests 626 for a fee, 659/759 for rounding, nothing for a partial payment', () => {
    expect(suggestedDifferenceAccount('BANK_FEE', 'IN', -500)).toBe('626');
    expect(suggestedDifferenceAccount('BANK_FEE', 'OUT', 150)).toBe('626');
    expect(suggestedDifferenceAccount('ROUNDING', 'IN', 1)).toBe('759');
    expect(suggestedDifferenceAccount('ROUNDING', 'IN', -1)).toBe('659');
    expect(suggestedDifferenceAccount('PARTIAL_PAYMENT', 'IN', -500)).toBeNull();
  });

  it('allows a partial payment only for a shortfall', () => {
    expect(partialPaymentAllowed(-1)).toBe(true);
    expect(partialPaymentAllowed(0)).toBe(false);
    expect(partialPaymentAllowed(1)).toBe(false);
  });
});
