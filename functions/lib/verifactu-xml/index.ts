/**
 * The face of the verifactu-xml library: the only module other code imports (infra/architecture.test.ts).
 * A pure library: RegFactu and ConsultaLR XML, SOAP, AEAT responses, XSD validation, endpoints.
 */

export { SOAP_TIMEOUT_MS, verifactuEndpoint } from './endpoints';
export { sistemaInformatico } from './system';
export {
  buildConsultaXml,
  buildRegFactuDocument,
  buildRegFactuXml,
  type Party,
  parseConsultaResponse,
  parseRegFactuResponse,
  wrapSoap,
} from './xml';
export { validateXml } from './xsd';
