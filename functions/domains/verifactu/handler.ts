import { type AnyAction, createApiHandler, type RoutesOf } from '@functions/platform/http';
import { archiveActions } from './areas/archive';
import { chainActions } from './areas/chain';
import { configCertificatesActions } from './areas/config-certificates';
import { qrActions } from './areas/qr';
import { submissionsActions } from './areas/submissions';
import { makeDeps, type VerifactuDeps } from './store/deps';

export const verifactuActions: { [K in RoutesOf<'verifactu'>]: AnyAction<VerifactuDeps> } = {
  ...configCertificatesActions,
  ...submissionsActions,
  ...qrActions,
  ...chainActions,
  ...archiveActions,
};

export const handler = createApiHandler('verifactu', verifactuActions, makeDeps);
