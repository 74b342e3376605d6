import type { CompanyEntry } from '@shared/schemas/companies';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../testing/render';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import {
  pickCompany,
  SWITCH_FAILED_MESSAGE,
  sessionCompaniesQueryOptions,
  useSwitchCompany,
} from './company';
import { getSelectedCompany, setSelectedCompany } from './session';
import { toast } from './toast';

vi.mock('./api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));

const entry = (companyId: string, isDefault = false): CompanyEntry => ({
  companyId,
  name: `Empresa ${companyId}`,
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  isDefault,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-01-01T00:00:00Z',
});

afterEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
  setSelectedCompany(null);
});

describe('pickCompany (spec part 1 §4)', () => {
  const companies = [entry('a'), entry('b', true), entry('c')];

  it('keeps the stored company while it is still one of the user’s', () => {
    expect(pickCompany(companies, 'c')?.companyId).toBe('c');
  });

  it('falls back to the default company, then to the first, then to none', () => {
    expect(pickCompany(companies, 'gone')?.companyId).toBe('b');
    expect(pickCompany(companies, null)?.companyId).toBe('b');
    expect(pickCompany([entry('a'), entry('c')], null)?.companyId).toBe('a');
    expect(pickCompany([], 'a')).toBeNull();
  });
});

describe('useSwitchCompany', () => {
  function setup() {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionCompaniesQueryOptions().queryKey, {
      content: [entry('a'), entry('b', true)],
      page: 0,
      size: 100,
      totalElements: 2,
      totalPages: 1,
    });
    setSelectedCompany(entry('a'));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(() => useSwitchCompany(), { wrapper });
  }

  it('selects the company once GET companies.get confirms it', async () => {
    vi.mocked(apiRequest).mockResolvedValue({
      ...entry('c'),
      myRole: 'GESTOR',
      myPermissions: [],
      canManage: true,
    });
    const { result } = setup();

    act(() => result.current.mutate('c'));

    await waitFor(() => expect(getSelectedCompany()?.companyId).toBe('c'));
    expect(apiRequest).toHaveBeenCalledWith(
      'companies.get',
      expect.objectContaining({ params: { companyId: 'c' } }),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('goes back to the default company with an error toast when the check fails', async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({ code: 'CORE_003', message: 'No tienes acceso a esta empresa.', status: 403 }),
    );
    const { result } = setup();

    act(() => result.current.mutate('c'));

    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(getSelectedCompany()?.companyId).toBe('b');
    expect(toast.error).toHaveBeenCalledWith('No tienes acceso a esta empresa.', {
      title: SWITCH_FAILED_MESSAGE,
    });
    expect(JSON.parse(localStorage.getItem('selected_company') ?? '{}').companyId).toBe('b');
  });
});
