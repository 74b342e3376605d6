/** react-query keys of the VeriFacTu feature, so mutations invalidate exactly what they change. */
export const verifactuKeys = {
  all: ['verifactu'] as const,
  company: (companyId: string | null) => ['verifactu', companyId] as const,
  dashboard: (companyId: string | null) => ['verifactu', companyId, 'dashboard'] as const,
  config: (companyId: string) => ['verifactu', companyId, 'config'] as const,
  certificates: (companyId: string) => ['verifactu', companyId, 'certificates'] as const,
  certificateUsage: (companyId: string, certificateId: string) =>
    ['verifactu', companyId, 'certificates', certificateId, 'usage'] as const,
  submissions: (companyId: string | null) => ['verifactu', companyId, 'submissions'] as const,
  submission: (companyId: string | null, submissionId: string) =>
    ['verifactu', companyId, 'submission', submissionId] as const,
  qr: (companyId: string | null, invoiceId: string) => ['verifactu', companyId, 'qr', invoiceId] as const,
};

/** Submission states move in the background (the sender, the AEAT): a short freshness. */
export const VERIFACTU_STALE_MS = 15_000;

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };

/** After a submit, resubmit or cancel: every list, detail and the dashboard of the company. */
export const refreshSubmissions = (queryClient: Invalidator, companyId: string | null) =>
  queryClient.invalidateQueries({ queryKey: verifactuKeys.company(companyId) });
