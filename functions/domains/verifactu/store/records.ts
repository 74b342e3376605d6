/**
 * The company's VeriFacTu chain (lib/verifactu-chain: records, submissions, configuration, the
 * corrections' writer) and its sending state (lib/verifactu-sending), as this domain's actions use
 * them: actions reach a store library only through their own store/ (infra/architecture.test.ts).
 */

export {
  appendRecord,
  getRecord,
  getSubmission,
  listChainPage,
  readChainHead,
  readVerifactuConfig,
  recordsOfInvoice,
} from '@functions/lib/verifactu-chain';
export { invoiceVerifactuQr, readSendingState } from '@functions/lib/verifactu-sending';
