/**
 * The face of the verifactu-chain library: the only module other code imports
 * (infra/architecture.test.ts). A store library: only store/ and workers/ files import it.
 */

export {
  appendRecord,
  type ChainTransaction,
  type ChainWrite,
  type ExtraItems,
  MAX_CHAIN_ATTEMPTS,
  writeWithChain,
} from './chain-writer';
export {
  type AnulacionPlan,
  anulacionPlan,
  buildAlta,
  buildAnulacion,
  type ChainContext,
  getRecord,
  getSubmission,
  listChainPage,
  outsideVerifactu,
  queuedSubmission,
  RECORD_ITEM_COUNT,
  type RecordBody,
  readChainHead,
  readVerifactuConfig,
  recordsOfInvoice,
  recordWriteItems,
} from './verifactu-records';
