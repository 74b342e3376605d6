import { LEVEL_COLORS } from '@web/lib/dashboard-thresholds';
import { describe, expect, it } from 'vitest';
import { describeChange } from './change';

describe('describeChange', () => {
  it('shows the sign, one decimal in es-ES and the colour of the change type', () => {
    expect(describeChange({ percent: 12.5, type: 'positive' })).toEqual({
      text: '+12,5 %',
      color: LEVEL_COLORS.good,
    });
    expect(describeChange({ percent: -3, type: 'negative' })).toEqual({
      text: '-3 %',
      color: LEVEL_COLORS.bad,
    });
    expect(describeChange({ percent: 0, type: 'positive' })).toEqual({
      text: '0 %',
      color: LEVEL_COLORS.good,
    });
  });

  it('shows nothing without a base', () => {
    expect(describeChange({ percent: null, type: 'positive' })).toBeNull();
    expect(describeChange(null)).toBeNull();
  });
});
