import type { Recommendation } from '@shared/fiscal/fiscal-analysis';
import type { AssistantStatus, FiscalAlert } from '@shared/schemas/tax';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../testing/render';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import {
  complianceTone,
  daysLeftTone,
  isNoTaxProfile,
  isProfileNotFound,
  refreshTaxQueries,
  taxKeys,
  topFiscalAlerts,
  topRecommendations,
  useTaxProfileStatus,
} from './tax-api';

vi.mock('./api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

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

describe('useTaxProfileStatus', () => {
  const status = (hasProfile: boolean): AssistantStatus => ({
    hasProfile,
    status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
    draft: null,
    profileUpdatedAt: hasProfile ? '2027-01-02T08:00:00Z' : null,
  });

  function setup(answer: () => Promise<AssistantStatus>, companyId: string | null, enabled = true) {
    vi.mocked(apiRequest).mockImplementation(answer as () => Promise<never>);
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const hook = renderHook(() => useTaxProfileStatus(companyId, { enabled }), { wrapper });
    return { hook, queryClient };
  }

  it('without a profile: noProfile, and the calls that need one stay off', async () => {
    const { hook } = setup(async () => status(false), 'c-1');
    expect(hook.result.current).toMatchObject({ isPending: true, noProfile: false, profileReady: false });
    await waitFor(() => expect(hook.result.current.isPending).toBe(false));
    expect(hook.result.current).toMatchObject({ noProfile: true, profileReady: false });
    expect(apiRequest).toHaveBeenCalledWith(
      'taxAssistant.status',
      expect.objectContaining({ params: { companyId: 'c-1' }, companyId: 'c-1' }),
    );
  });

  it('with a profile: profileReady', async () => {
    const { hook } = setup(async () => status(true), 'c-1');
    await waitFor(() => expect(hook.result.current.profileReady).toBe(true));
    expect(hook.result.current.noProfile).toBe(false);
  });

  it('an unreadable status lets the calls be asked: their own answer decides', async () => {
    const { hook } = setup(async () => {
      throw new ApiError({ code: 'CORE_005', message: 'Error interno', status: 500 });
    }, 'c-1');
    await waitFor(() => expect(hook.result.current.profileReady).toBe(true));
    expect(hook.result.current).toMatchObject({ isPending: false, noProfile: false });
  });

  it('asks nothing without tax.read or without a company', () => {
    for (const [companyId, enabled] of [
      ['c-1', false],
      [null, true],
    ] as const) {
      const { hook } = setup(async () => status(true), companyId, enabled);
      expect(hook.result.current).toMatchObject({ isPending: false, noProfile: false, profileReady: false });
      hook.unmount();
    }
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('refreshTaxQueries asks it again (after the profile is created or changed)', async () => {
    let hasProfile = false;
    const { hook, queryClient } = setup(async () => status(hasProfile), 'c-1');
    await waitFor(() => expect(hook.result.current.noProfile).toBe(true));
    hasProfile = true;
    await refreshTaxQueries(queryClient, 'c-1');
    await waitFor(() => expect(hook.result.current.profileReady).toBe(true));
    expect(hook.result.current.noProfile).toBe(false);
    expect(taxKeys.profileStatus('c-1').slice(0, 2)).toEqual(taxKeys.company('c-1'));
  });
});
