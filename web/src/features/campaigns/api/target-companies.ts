import type { Page } from '@shared/api/envelope';
import type { CompanyEntry } from '@shared/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { campaignsKeys } from './keys';

/** The most a campaign targets (`CreateCampaignBody.companyIds` max 500): five pages of 100. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

/**
 * `GET companies.list`, every page up to 500: the companies the gestor works for, active ones,
 * by name. The server decides which of them a campaign may ask (a company the gestor is not staff
 * of is refused there).
 */
export async function getTargetCompanies(signal?: AbortSignal): Promise<CompanyEntry[]> {
  const all: CompanyEntry[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await apiRequest<Page<CompanyEntry>>('companies.list', {
      query: { page, size: PAGE_SIZE, sort: 'name,asc' },
      signal,
    });
    all.push(...answer.content);
    if (page + 1 >= answer.totalPages || answer.content.length < PAGE_SIZE) break;
  }
  return all.filter((c) => c.isActive).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

export function useTargetCompanies() {
  return useQuery({
    queryKey: campaignsKeys.companies(),
    queryFn: ({ signal }) => getTargetCompanies(signal),
    staleTime: 5 * 60_000,
  });
}
