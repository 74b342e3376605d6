import { useAuth } from '@web/lib/auth';

/** Creating companies is for advisors and administrators (spec part 1 §6: company management). */
export function useCanCreateCompany(): boolean {
  const { state } = useAuth();
  const groups = state.user?.groups ?? [];
  return groups.includes('ADMIN') || groups.includes('GESTOR');
}
