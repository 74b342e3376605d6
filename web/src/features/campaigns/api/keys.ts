import type { CampaignStatus } from '@shared/schemas/campaigns';

/** react-query keys of the campaigns feature. */
export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (status: CampaignStatus | null) => ['campaigns', 'list', status] as const,
  detail: (campaignId: string) => ['campaigns', 'detail', campaignId] as const,
  suggestions: (companyId: string, period: string) =>
    ['campaigns', 'suggestions', companyId, period] as const,
  /**
   * The gestor's client companies to choose from: under the companies' lists (web/src/lib/company.ts
   * uses the same prefix), so creating or editing a company refreshes it.
   */
  companies: () => ['companies', 'list', { scope: 'campaign-targets' }] as const,
  /**
   * The client's open checklists: under the company's documents (`['documents', companyId]`, the
   * client portal's and the uploader's prefix), so an upload refreshes them.
   */
  clientRequests: (companyId: string) => ['documents', companyId, 'document-requests'] as const,
};
