import type { Recommendation } from '@shared/fiscal/fiscal-analysis';
import type { FiscalAlert } from '@shared/schemas/tax';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  complianceTone,
  daysLeftTone,
  isNoTaxProfile,
  isProfileNotFound,
  topFiscalAlerts,
  topRecommendations,
} from './tax-api';

type AlertFields = Pick<FiscalAlert, 'priority' | 'dueDate' | 'createdAt'> & { id: string };
const a = (id: string, priority: FiscalAlert['priority'], dueDate: string | null = null): AlertFields => ({
  id,
  priority,
  dueDate,
  createdAt: '2027-01-01T00:00:00Z',
});

describe('fiscal alerts shown (spec part 2 §9)', () => {
  it('sorts critical, high, medium, low, the nearest date first, and keeps only 5', () => {
    const alerts = [
      a('low', 'low'),
      a('medium-late', 'medium', '2027-03-01'),
      a('high', 'high', '2027-02-10'),
      a('critical', 'critical', '2027-02-01'),
      a('medium-soon', 'medium', '2027-02-20'),
      a('critical-2', 'critical', '2027-01-30'),
      a('medium-undated', 'medium'),
    ];
    expect(topFiscalAlerts(alerts).map((x) => x.id)).toEqual([
      'critical-2',
      'critical',
      'high',
      'medium-soon',
      'medium-late',
    ]);
  });

  it('shows fewer when there are fewer, and does not reorder the caller’s list', () => {
    const alerts = [a('m', 'medium'), a('c', 'critical')];
    expect(topFiscalAlerts(alerts).map((x) => x.id)).toEqual(['c', 'm']);
    expect(alerts.map((x) => x.id)).toEqual(['m', 'c']);
  });
});

describe('colour rules (spec part 2 §9)', () => {
  it('next obligation days left: red at 7 or less, yellow at 30 or less', () => {
    expect(daysLeftTone(-2)).toBe('danger');
    expect(daysLeftTone(0)).toBe('danger');
    expect(daysLeftTone(7)).toBe('danger');
    expect(daysLeftTone(8)).toBe('warning');
    expect(daysLeftTone(30)).toBe('warning');
    expect(daysLeftTone(31)).toBeNull();
  });

  it('compliance percentage: green at 90 or more, yellow at 70 or more, red below', () => {
    expect(complianceTone(100)).toBe('success');
    expect(complianceTone(90)).toBe('success');
    expect(complianceTone(89)).toBe('warning');
    expect(complianceTone(70)).toBe('warning');
    expect(complianceTone(69)).toBe('danger');
  });
});

describe('recommendations shown', () => {
  const r = (id: string, priority: Recommendation['priority']): Recommendation => ({
    id,
    title: id,
    description: '',
    priority,
    type: 'DOMICILIATION',
    estimatedBenefit: null,
    model: '303',
  });

  it('up to 4, high before medium, low ones left out', () => {
    const shown = topRecommendations([
      r('m1', 'medium'),
      r('l1', 'low'),
      r('h1', 'high'),
      r('m2', 'medium'),
      r('h2', 'high'),
      r('m3', 'medium'),
    ]);
    expect(shown.map((x) => x.id)).toEqual(['h1', 'h2', 'm1', 'm2']);
  });
});

describe('no tax profile', () => {
  it('TAX_021 and CONFIGURATION_NOT_FOUND mean the welcome card; the profile answers 404 CORE_006', () => {
    expect(isNoTaxProfile(new ApiError({ code: 'TAX_021', message: 'x', status: 400 }))).toBe(true);
    expect(isNoTaxProfile(new ApiError({ code: 'CONFIGURATION_NOT_FOUND', message: 'x', status: 404 }))).toBe(
      true,
    );
    expect(isNoTaxProfile(new ApiError({ code: 'CORE_005', message: 'x', status: 500 }))).toBe(false);
    expect(isNoTaxProfile(new Error('x'))).toBe(false);
    expect(isProfileNotFound(new ApiError({ code: 'CORE_006', message: 'x', status: 404 }))).toBe(true);
    expect(isProfileNotFound(new ApiError({ code: 'TAX_021', message: 'x', status: 400 }))).toBe(false);
  });
});
