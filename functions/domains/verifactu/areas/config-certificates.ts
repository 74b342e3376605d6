/**
 * Routes of one area of the VeriFacTu domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts): the company's VeriFacTu
 * configuration and its certificates (spec part 1 §7 verifactu-config, certificates).
 */

import type { AnyAction } from '@functions/platform/http';
import { certificateUsageRoute } from '../actions/certificate-usage';
import { createConfigRoute } from '../actions/create-config';
import { deleteCertificateRoute } from '../actions/delete-certificate';
import { getConfigRoute } from '../actions/get-config';
import { listCertificatesRoute } from '../actions/list-certificates';
import { testConnectionRoute } from '../actions/test-connection';
import { updateConfigRoute } from '../actions/update-config';
import { uploadCertificateRoute } from '../actions/upload-certificate';
import type { VerifactuDeps } from '../store/deps';

export type ConfigCertificatesRoutes =
  | 'verifactu.getConfig'
  | 'verifactu.createConfig'
  | 'verifactu.updateConfig'
  | 'verifactu.testConnection'
  | 'certificates.list'
  | 'certificates.upload'
  | 'certificates.delete'
  | 'certificates.usage';

export const configCertificatesActions: { [K in ConfigCertificatesRoutes]: AnyAction<VerifactuDeps> } = {
  'verifactu.getConfig': getConfigRoute,
  'verifactu.createConfig': createConfigRoute,
  'verifactu.updateConfig': updateConfigRoute,
  'verifactu.testConnection': testConnectionRoute,
  'certificates.list': listCertificatesRoute,
  'certificates.upload': uploadCertificateRoute,
  'certificates.delete': deleteCertificateRoute,
  'certificates.usage': certificateUsageRoute,
};
