import type { PortfolioView } from '@shared/schemas/tax';
import type { TaxModel } from '@shared/schemas/tax-profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxKeys } from '@web/lib/tax-api';

export const PORTFOLIO_DAYS = [7, 30, 60, 90] as const;
export type PortfolioStatus =
  | 'PENDING'
  | 'OVERDUE'
  | 'MODEL_GENERATED'
  | 'SUBMITTED'
  | 'OBLIGATION_GENERATED';

/** The gestor's filters (PortfolioQuery of shared/schemas/tax.ts). */
export interface PortfolioFilters {
  days: number;
  model?: TaxModel;
  status?: PortfolioStatus;
  companyId?: string;
}

export const portfolioQuery = (filters: PortfolioFilters) => ({
  days: filters.days,
  model: filters.model,
  status: filters.status,
  companyId: filters.companyId,
});

/** `GET taxPortfolio.list`: every readable client's obligations of the next `days` days (and overdue ones). */
export function getPortfolio(filters: PortfolioFilters, signal?: AbortSignal): Promise<PortfolioView> {
  return apiRequest<PortfolioView>('taxPortfolio.list', { query: portfolioQuery(filters), signal });
}

export function usePortfolio(filters: PortfolioFilters) {
  return useQuery({
    queryKey: [...taxKeys.portfolio, filters],
    queryFn: ({ signal }) => getPortfolio(filters, signal),
    placeholderData: keepPreviousData,
  });
}
