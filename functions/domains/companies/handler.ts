/** The companies domain's Lambda: companies, their settings and logo, and their users. */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { clientProfileActions } from './actions/client-profile';
import { deleteCompanyLogoRoute, getCompanyLogoRoute, putCompanyLogoRoute } from './actions/company-logo';
import { getCompanySettingsRoute, updateCompanySettingsRoute } from './actions/company-settings';
import {
  companyUserDepartmentsRoute,
  companyUserStatsRoute,
  getCompanyUserRoute,
  listCompanyUsersRoute,
  removeCompanyUserRoute,
  toggleCompanyUserStatusRoute,
  updateCompanyUserRoute,
} from './actions/company-users';
import { createCompanyRoute } from './actions/create-company';
import { getCompanyRoute } from './actions/get-company';
import { healthRoute } from './actions/health';
import { inviteCompanyUserRoute } from './actions/invite-company-user';
import { listCompaniesRoute } from './actions/list-companies';
import { setDefaultCompanyRoute } from './actions/set-default-company';
import { updateCompanyRoute } from './actions/update-company';
import { validateNifRoute } from './actions/validate-nif';
import { type CompaniesDeps, makeDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const companiesActions: ActionsOf<'companies', CompaniesDeps> = {
  'system.health': healthRoute,
  'companies.list': listCompaniesRoute,
  'companies.create': createCompanyRoute,
  'companies.validateNif': validateNifRoute,
  'companies.get': getCompanyRoute,
  'companies.update': updateCompanyRoute,
  'companies.setDefault': setDefaultCompanyRoute,
  'companies.getSettings': getCompanySettingsRoute,
  'companies.updateSettings': updateCompanySettingsRoute,
  'companies.getLogo': getCompanyLogoRoute,
  'companies.putLogo': putCompanyLogoRoute,
  'companies.deleteLogo': deleteCompanyLogoRoute,
  'companyUsers.list': listCompanyUsersRoute,
  'companyUsers.invite': inviteCompanyUserRoute,
  'companyUsers.departments': companyUserDepartmentsRoute,
  'companyUsers.stats': companyUserStatsRoute,
  'companyUsers.get': getCompanyUserRoute,
  'companyUsers.update': updateCompanyUserRoute,
  'companyUsers.toggleStatus': toggleCompanyUserStatusRoute,
  'companyUsers.remove': removeCompanyUserRoute,
  ...clientProfileActions,
};

export const handler = createApiHandler('companies', companiesActions, makeDeps);
