/**
 * Routes of one area of the VeriFacTu domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { verifyChainRoute } from '../actions/verify-chain';
import type { VerifactuDeps } from '../store/deps';

export type ChainRoutes = 'verifactu.chainVerification';

export const chainActions: { [K in ChainRoutes]: AnyAction<VerifactuDeps> } = {
  'verifactu.chainVerification': verifyChainRoute,
};
