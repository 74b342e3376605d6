/**
 * AEAT VERI*FACTU web-service endpoints (SistemaFacturacion.wsdl; reference/verifactu-sii.md §4.2).
 * VerifactuSOAP receives voluntary remissions (VERI*FACTU mode) and answers ConsultaLR queries;
 * RequerimientoSOAP receives the records of a NO VERI*FACTU system under a requerimiento. The "www10"
 * hosts are for seal certificates (certificado de sello), "www1" for personal/entity certificates.
 */

import type { VerifactuEnvironment } from '@shared/schemas/verifactu';

/** Time-out of one SOAP call to the AEAT (the sender's Lambda has 29 s). */
export const SOAP_TIMEOUT_MS = 15_000;

const PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/';

export const VERIFACTU_ENDPOINTS = {
  PRODUCTION: {
    verifactu: `https://www1.agenciatributaria.gob.es${PATH}VerifactuSOAP`,
    verifactuSello: `https://www10.agenciatributaria.gob.es${PATH}VerifactuSOAP`,
    requerimiento: `https://www1.agenciatributaria.gob.es${PATH}RequerimientoSOAP`,
    requerimientoSello: `https://www10.agenciatributaria.gob.es${PATH}RequerimientoSOAP`,
  },
  TEST: {
    verifactu: `https://prewww1.aeat.es${PATH}VerifactuSOAP`,
    verifactuSello: `https://prewww10.aeat.es${PATH}VerifactuSOAP`,
    requerimiento: `https://prewww1.aeat.es${PATH}RequerimientoSOAP`,
    requerimientoSello: `https://prewww10.aeat.es${PATH}RequerimientoSOAP`,
  },
} as const satisfies Record<VerifactuEnvironment, Record<string, string>>;

/** The official endpoint for an environment, certificate kind and service. */
export const verifactuEndpoint = ({
  environment,
  sealCertificate,
  requerimiento = false,
}: {
  environment: VerifactuEnvironment;
  sealCertificate: boolean;
  requerimiento?: boolean;
}): string => {
  const hosts = VERIFACTU_ENDPOINTS[environment];
  if (requerimiento) return sealCertificate ? hosts.requerimientoSello : hosts.requerimiento;
  return sealCertificate ? hosts.verifactuSello : hosts.verifactu;
};
