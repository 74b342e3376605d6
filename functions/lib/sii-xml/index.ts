/**
 * The face of the sii-xml library: the only module other code imports (infra/architecture.test.ts).
 * A pure library for the SII (issue 16): the Suministro, Baja and ConsultaLR messages of the six AEAT
 * services written from the neutral records of shared/schemas/sii.ts, the SOAP envelope, the parsers
 * of the AEAT's answers, XSD validation against the v1.1 schemas, endpoints and SOAP actions.
 */

export { buildConsultaXml, type SiiConsultaQuery, type SiiPaginationKey } from './consulta';
export { SII_HOSTS, SII_SOAP_TIMEOUT_MS, SII_WS_PREFIX, siiBase, siiEndpoint } from './endpoints';
export { SiiRecordError } from './format';
export { lineKey, type SiiInvoiceKey } from './line-key';
export type { SiiHeader, SiiParty } from './parts';
export {
  parseConsultaResponse,
  parseSuministroResponse,
  type SiiAnswerInvoiceId,
  type SiiConsultaRecord,
  type SiiConsultaResponse,
  type SiiLineState,
  SiiResponseError,
  type SiiResponseLine,
  type SiiSendState,
  SiiSoapFaultError,
  type SiiStoredState,
  type SiiSuministroResponse,
} from './responses';
export {
  SII_SERVICE_DEFS,
  SII_SERVICES,
  type SiiExchangeKind,
  type SiiOperationDef,
  type SiiService,
  serviceOf,
  siiOperationOf,
  soapActionOf,
} from './services';
export { SII_NS, SII_VERSION, unwrapSoap, wrapSoap } from './soap';
export {
  buildAnulacionXml,
  buildSuministroXml,
  recordKey,
  type SiiCommunication,
  siiRecordProblem,
} from './suministro';
export { type SiiSchema, type SiiXmlValidation, validateSiiXml } from './xsd';
