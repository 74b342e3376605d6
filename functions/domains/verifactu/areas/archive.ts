/**
 * Routes of one area of the VeriFacTu domain, spread into the handler's action map: the archived
 * SOAP exchanges with the AEAT (store/archive.ts). The type lists exactly the route ids this area
 * serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { getSubmissionExchangeRoute } from '../actions/get-submission-exchange';
import type { VerifactuDeps } from '../store/deps';

export type ArchiveRoutes = 'verifactu.submissionExchange';

export const archiveActions: { [K in ArchiveRoutes]: AnyAction<VerifactuDeps> } = {
  'verifactu.submissionExchange': getSubmissionExchangeRoute,
};
