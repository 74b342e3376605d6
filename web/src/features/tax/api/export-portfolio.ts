import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';
import { type PortfolioFilters, portfolioQuery } from './get-portfolio';

/** `GET taxPortfolio.export` with the list's filters: the XLSX, downloaded. */
export async function exportPortfolio(filters: PortfolioFilters, companyId: string | null): Promise<void> {
  const fallback = 'obligaciones-clientes.xlsx';
  const download = await apiDownload(
    'taxPortfolio.export',
    { query: portfolioQuery(filters), companyId },
    fallback,
  );
  deliver(download, fallback, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
}

export function useExportPortfolio(companyId: string | null) {
  return useMutation({ mutationFn: (filters: PortfolioFilters) => exportPortfolio(filters, companyId) });
}
