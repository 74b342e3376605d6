import { defineAction } from '@functions/platform/http';
import { CompanyPath, type CompanySettings, UpdateCompanySettingsBody } from '@shared/schemas/companies';
import { assertCanManage } from '../model/permissions';
import { getSettings, putSettings } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';

export const getCompanySettingsRoute = defineAction({
  params: CompanyPath,
  run: ({ scope }, deps: CompaniesDeps) => getSettings(deps, scope!.companyId),
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

export const updateCompanySettingsRoute = defineAction({
  params: CompanyPath,
  body: UpdateCompanySettingsBody,
  run: ({ auth, scope, body }, deps: CompaniesDeps) => {
    assertCanManage(auth, scope);
    return updateCompanySettings(scope!.companyId, body, deps);
  },
});
