/**
 * `?company=` on a link to one company's page (an invoice from a notification, an e-mail, a bulk
 * result): the page is that company's, so it is selected first (checked with `GET companies.get`,
 * as the header's selector does) instead of answering 'La factura no existe' under the company
 * selected before (issue 10, item 7). Links the app builds carry it: `withCompany(path, id)` in
 * ./paths. The gate is web/src/components/company-from-url-gate.tsx.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCompanyId, useSwitchCompany } from './company';
import { COMPANY_PARAM } from './paths';

/** The company `?company=` names when it is not the selected one, else null. */
export function useCompanyToSelect(): string | null {
  const [params] = useSearchParams();
  const wanted = params.get(COMPANY_PARAM);
  const selected = useCompanyId();
  return wanted && wanted !== selected ? wanted : null;
}

/**
 * Selects `companyId` once. 'refused': the user may not open that company (the selection went back
 * to the default, with the selector's toast).
 */
export function useSelectCompany(companyId: string): 'switching' | 'refused' {
  const switchCompany = useSwitchCompany();
  const tried = useRef<string | null>(null);
  const { mutate } = switchCompany;
  useEffect(() => {
    if (tried.current === companyId) return;
    tried.current = companyId;
    mutate(companyId);
  }, [companyId, mutate]);
  return switchCompany.isError ? 'refused' : 'switching';
}
