/**
 * AEAT SII web-service endpoints (soap:address of the v1.1 WSDLs in ./xsd/; reference/verifactu-sii.md
 * §5.2). "www1"/"prewww1" take personal and entity certificates, "www10"/"prewww10" seal certificates
 * (certificado de sello); the product presents the company's own certificate, so it uses www1.
 *
 * `SII_AEAT_ENDPOINT` (envNames.siiAeatEndpoint; locally the simulator) replaces the host and the
 * common `/wlpl/SSII-FACT/ws` prefix, e.g. `https://127.0.0.1:4443/wlpl/SSII-FACT/ws`.
 */

import type { SiiEnvironment } from '@shared/schemas/sii';
import { SII_SERVICE_DEFS, type SiiService } from './services';

/** Time-out of one SOAP call to the AEAT (the sender's Lambda has 29 s; the rest is archive and writes). */
export const SII_SOAP_TIMEOUT_MS = 15_000;

/** The common prefix of every SII service path. */
export const SII_WS_PREFIX = '/wlpl/SSII-FACT/ws';

export const SII_HOSTS = {
  PRODUCTION: {
    personal: 'https://www1.agenciatributaria.gob.es',
    seal: 'https://www10.agenciatributaria.gob.es',
  },
  TEST: { personal: 'https://prewww1.aeat.es', seal: 'https://prewww10.aeat.es' },
} as const satisfies Record<SiiEnvironment, { personal: string; seal: string }>;

/** The base every service path hangs from: the environment's AEAT host + prefix, or `base`. */
export const siiBase = (environment: SiiEnvironment, base?: string | null): string =>
  base ? base.replace(/\/+$/, '') : `${SII_HOSTS[environment].personal}${SII_WS_PREFIX}`;

/** The URL of one service, e.g. FE TEST → https://prewww1.aeat.es/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP. */
export const siiEndpoint = (service: SiiService, environment: SiiEnvironment, base?: string | null): string =>
  `${siiBase(environment, base)}${SII_SERVICE_DEFS[service].path}`;
