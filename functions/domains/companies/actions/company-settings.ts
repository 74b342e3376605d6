import { defineCompanyAction } from '@functions/platform/http';
import { CompanyPath, type CompanySettings, UpdateCompanySettingsBody } from '@shared/schemas/companies';
import { getSettings, putSettings } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';

export const getCompanySettingsRoute = defineCompanyAction({
  params: CompanyPath,
  run: ({ scope }, deps: CompaniesDeps) => getSettings(deps, scope.companyId),
});

export async function updateCompanySettings(
  companyId: string,
  body: UpdateCompanySettingsBody,
  deps: CompaniesDeps,
): Promise<CompanySettings> {
  const current = await getSettings(deps, companyId);
  const next: CompanySettings = {
    ...current,
    ...(body.fiscalYearStartMonth ? { fiscalYearStartMonth: body.fiscalYearStartMonth } : {}),
    invoicing: { ...current.invoicing, ...body.invoicing },
    notifications: { ...current.notifications, ...body.notifications },
  };
  await putSettings(deps, companyId, next, deps.now());
  return next;
}

export const updateCompanySettingsRoute = defineCompanyAction({
  params: CompanyPath,
  body: UpdateCompanySettingsBody,
  run: ({ scope, body }, deps: CompaniesDeps) => {
    return updateCompanySettings(scope.companyId, body, deps);
  },
});
