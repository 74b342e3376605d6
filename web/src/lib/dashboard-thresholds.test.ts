import { describe, expect, it } from 'vitest';
import {
  ALERTS_SHOWN,
  alertPriorityRank,
  complianceLevel,
  daysLeftLevel,
  metricLevel,
  sortByPriority,
  topAlerts,
} from './dashboard-thresholds';

describe('complianceLevel', () => {
  it('is green at 90 or more, yellow at 70 or more, red below', () => {
    expect(complianceLevel(100)).toBe('good');
    expect(complianceLevel(90)).toBe('good');
    expect(complianceLevel(89.9)).toBe('warning');
    expect(complianceLevel(70)).toBe('warning');
    expect(complianceLevel(69)).toBe('bad');
    expect(complianceLevel(0)).toBe('bad');
  });
});

describe('metricLevel', () => {
  it('is good at 80 or more, warning at 60 or more, bad below', () => {
    expect(metricLevel(80)).toBe('good');
    expect(metricLevel(79)).toBe('warning');
    expect(metricLevel(60)).toBe('warning');
    expect(metricLevel(59.5)).toBe('bad');
  });
});

describe('daysLeftLevel', () => {
  it('is red at 7 days or less (overdue too), yellow at 30 or less, green later', () => {
    expect(daysLeftLevel(-3)).toBe('bad');
    expect(daysLeftLevel(0)).toBe('bad');
    expect(daysLeftLevel(7)).toBe('bad');
    expect(daysLeftLevel(8)).toBe('warning');
    expect(daysLeftLevel(30)).toBe('warning');
    expect(daysLeftLevel(31)).toBe('good');
  });
});

describe('alert priorities', () => {
  it('ranks critical, high, medium, low in any case, unknown last', () => {
    expect(['low', 'CRITICAL', 'x', 'Medium', 'high'].map(alertPriorityRank)).toEqual([3, 0, 4, 2, 1]);
  });

  it('sorts most urgent first keeping the order of equals', () => {
    const items = [
      { id: 'a', p: 'LOW' },
      { id: 'b', p: 'HIGH' },
      { id: 'c', p: 'CRITICAL' },
      { id: 'd', p: 'HIGH' },
    ];
    expect(sortByPriority(items, (i) => i.p).map((i) => i.id)).toEqual(['c', 'b', 'd', 'a']);
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shows the first 5 and counts the rest', () => {
    expect(ALERTS_SHOWN).toBe(5);
    const items = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL', 'LOW', 'HIGH', 'MEDIUM'];
    const { shown, hidden } = topAlerts(items, (p) => p);
    expect(shown).toEqual(['CRITICAL', 'HIGH', 'HIGH', 'MEDIUM', 'MEDIUM']);
    expect(hidden).toBe(2);
    expect(topAlerts(['LOW'], (p) => p)).toEqual({ shown: ['LOW'], hidden: 0 });
  });
});
