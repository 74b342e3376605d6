/** react-query keys of the companies feature, so mutations invalidate exactly what they change. */
export const companiesKeys = {
  all: ['companies'] as const,
  lists: () => ['companies', 'list'] as const,
  details: () => ['companies', 'detail'] as const,
  detail: (companyId: string) => ['companies', 'detail', companyId] as const,
  settings: (companyId: string) => ['companies', 'settings', companyId] as const,
  /** The invoice logo's bytes, one entry per upload (`uploadedAt`), so a new logo is a new entry. */
  logo: (companyId: string, uploadedAt?: string) =>
    uploadedAt === undefined
      ? (['companies', 'logo', companyId] as const)
      : (['companies', 'logo', companyId, uploadedAt] as const),
  users: (companyId: string) => ['companies', 'users', companyId] as const,
};

/** Spec part 1 §9: companies are cached 30 minutes (60 in development). */
export const COMPANIES_STALE_MS = (import.meta.env.DEV ? 60 : 30) * 60_000;
