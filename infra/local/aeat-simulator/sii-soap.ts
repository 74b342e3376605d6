/**
 * The simulated AEAT's SII services (issue 16, item 6): their paths, the body elements each one
 * takes and answers (the v1.1 WSDLs, reference/verifactu-sii.md §5.2), the SII namespaces and a
 * parser that reads a message the way the AEAT does (prefixes ignored, values trimmed, never
 * converted to numbers). Written independently of the product's SII XML (functions/lib/sii-xml),
 * so a mistake there cannot hide behind the same mistake here.
 */

import { XMLParser } from 'fast-xml-parser';

/** Every SII service hangs from this path (`/wlpl/SSII-FACT/ws/<book>/<service>`, as at the AEAT). */
export const SII_BASE_PATH = '/wlpl/SSII-FACT/ws';

const SII_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws';

/** Target namespaces of the SII v1.1 schemas and the prefixes the AEAT's examples use. */
export const SII_NS = {
  siiLR: `${SII_WS}/SuministroLR.xsd`,
  sii: `${SII_WS}/SuministroInformacion.xsd`,
  siiR: `${SII_WS}/RespuestaSuministro.xsd`,
  siiLRC: `${SII_WS}/ConsultaLR.xsd`,
  siiLRRC: `${SII_WS}/RespuestaConsultaLR.xsd`,
} as const;

/** The six services: four books of invoices, the cobros of issued and the pagos of received ones (RECC). */
export const SII_SIM_SERVICES = ['FE', 'FR', 'BI', 'OI', 'COBROS', 'PAGOS'] as const;
export type SiiSimService = (typeof SII_SIM_SERVICES)[number];

/** The books that hold records (cobros and pagos are added to an FE or FR record). */
export type SiiSimBook = 'FE' | 'FR' | 'BI' | 'OI';

export type SiiExchange = 'SUMINISTRO' | 'BAJA' | 'CONSULTA';

export interface SiiServiceSpec {
  /** Under SII_BASE_PATH (soap:address of the WSDL's ports). */
  path: string;
  /** Body element → exchange (ConsultaLR.xsd / SuministroLR.xsd local names). */
  requests: Partial<Record<SiiExchange, string>>;
  /** The repeated record element of a Suministro / Baja message. */
  registro: string;
  bajaRegistro?: string;
  /** Answer elements (RespuestaSuministro.xsd, RespuestaConsultaLR.xsd). */
  responses: Partial<Record<SiiExchange, string>>;
  /** The repeated element of a ConsultaLR answer. */
  consultaRegistro: string;
}

/** From the WSDLs in shared/data/aeat/sii (also functions/lib/sii-xml/xsd). */
export const SII_SERVICE_SPECS: Record<SiiSimService, SiiServiceSpec> = {
  FE: {
    path: '/fe/SiiFactFEV1SOAP',
    requests: {
      SUMINISTRO: 'SuministroLRFacturasEmitidas',
      BAJA: 'BajaLRFacturasEmitidas',
      CONSULTA: 'ConsultaLRFacturasEmitidas',
    },
    registro: 'RegistroLRFacturasEmitidas',
    bajaRegistro: 'RegistroLRBajaExpedidas',
    responses: {
      SUMINISTRO: 'RespuestaLRFacturasEmitidas',
      BAJA: 'RespuestaLRBajaFacturasEmitidas',
      CONSULTA: 'RespuestaConsultaLRFacturasEmitidas',
    },
    consultaRegistro: 'RegistroRespuestaConsultaLRFacturasEmitidas',
  },
  FR: {
    path: '/fr/SiiFactFRV1SOAP',
    requests: {
      SUMINISTRO: 'SuministroLRFacturasRecibidas',
      BAJA: 'BajaLRFacturasRecibidas',
      CONSULTA: 'ConsultaLRFacturasRecibidas',
    },
    registro: 'RegistroLRFacturasRecibidas',
    bajaRegistro: 'RegistroLRBajaRecibidas',
    responses: {
      SUMINISTRO: 'RespuestaLRFacturasRecibidas',
      BAJA: 'RespuestaLRBajaFacturasRecibidas',
      CONSULTA: 'RespuestaConsultaLRFacturasRecibidas',
    },
    consultaRegistro: 'RegistroRespuestaConsultaLRFacturasRecibidas',
  },
  BI: {
    path: '/bi/SiiFactBIV1SOAP',
    requests: {
      SUMINISTRO: 'SuministroLRBienesInversion',
      BAJA: 'BajaLRBienesInversion',
      CONSULTA: 'ConsultaLRBienesInversion',
    },
    registro: 'RegistroLRBienesInversion',
    bajaRegistro: 'RegistroLRBajaBienesInversion',
    responses: {
      SUMINISTRO: 'RespuestaLRBienesInversion',
      BAJA: 'RespuestaLRBajaBienesInversion',
      CONSULTA: 'RespuestaConsultaLRBienesInversion',
    },
    consultaRegistro: 'RegistroRespuestaConsultaLRBienesInversion',
  },
  OI: {
    path: '/oi/SiiFactOIV1SOAP',
    requests: {
      SUMINISTRO: 'SuministroLRDetOperacionIntracomunitaria',
      BAJA: 'BajaLRDetOperacionIntracomunitaria',
      CONSULTA: 'ConsultaLRDetOperIntracomunitarias',
    },
    registro: 'RegistroLRDetOperacionIntracomunitaria',
    bajaRegistro: 'RegistroLRBajaDetOperacionIntracomunitaria',
    responses: {
      SUMINISTRO: 'RespuestaLRDetOperacionesIntracomunitarias',
      BAJA: 'RespuestaLRBajaDetOperacionesIntracomunitarias',
      CONSULTA: 'RespuestaConsultaLRDetOperIntracomunitarias',
    },
    consultaRegistro: 'RegistroRespuestaConsultaLRDetOperIntracomunitarias',
  },
  COBROS: {
    path: '/fe/SiiFactCOBV1SOAP',
    requests: { SUMINISTRO: 'SuministroLRCobrosEmitidas', CONSULTA: 'ConsultaCobros' },
    registro: 'RegistroLRCobros',
    responses: { SUMINISTRO: 'RespuestaLRCobrosEmitidas', CONSULTA: 'RespuestaConsultaCobros' },
    consultaRegistro: 'RegistroRespuestaConsultaCobros',
  },
  PAGOS: {
    path: '/fr/SiiFactPAGV1SOAP',
    requests: { SUMINISTRO: 'SuministroLRPagosRecibidas', CONSULTA: 'ConsultaPagos' },
    registro: 'RegistroLRPagos',
    responses: { SUMINISTRO: 'RespuestaLRPagosRecibidas', CONSULTA: 'RespuestaConsultaPagos' },
    consultaRegistro: 'RegistroRespuestaConsultaPagos',
  },
};

/** The service answering a path (`/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP` → FE), if any. */
export function siiServiceOfPath(pathname: string): SiiSimService | undefined {
  const tail = pathname.replace(/\/+$/, '');
  if (!tail.startsWith(SII_BASE_PATH)) return undefined;
  const rest = tail.slice(SII_BASE_PATH.length);
  return SII_SIM_SERVICES.find((s) => SII_SERVICE_SPECS[s].path === rest);
}

/** Which exchange of which service a body element is (any service: the caller checks the path). */
export function siiExchangeOf(
  localName: string,
  namespace: string | undefined,
): { service: SiiSimService; exchange: SiiExchange } | undefined {
  for (const service of SII_SIM_SERVICES) {
    for (const [exchange, element] of Object.entries(SII_SERVICE_SPECS[service].requests)) {
      if (element !== localName) continue;
      const ns = exchange === 'CONSULTA' ? SII_NS.siiLRC : SII_NS.siiLR;
      if (namespace === ns) return { service, exchange: exchange as SiiExchange };
    }
  }
  return undefined;
}

/** Elements that may repeat: always arrays, even with one occurrence. */
const REPEATED = new Set([
  ...SII_SIM_SERVICES.flatMap((s) => {
    const spec = SII_SERVICE_SPECS[s];
    return [spec.registro, spec.bajaRegistro ?? spec.registro];
  }),
  'DetalleIVA',
  'DetalleExenta',
  'DetalleInmueble',
  'IDFacturaRectificada',
  'IDFacturaAgrupada',
  'Cobro',
  'Pago',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is untyped until the rules read it.
export type SiiXml = any;

export function parseSiiXml(xml: string): SiiXml {
  return parser.parse(xml);
}

/** A text value of the parsed XML ('' when absent or not text). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The AEAT's time as the SII schemas write it (Timestamp: `dd-mm-yyyy hh:mm:ss`), Madrid time. */
export function siiTimestamp(madridIso: string): string {
  // madridIso: 2027-01-15T10:30:00+01:00 (time.ts madridTimestamp)
  return `${madridIso.slice(8, 10)}-${madridIso.slice(5, 7)}-${madridIso.slice(0, 4)} ${madridIso.slice(11, 19)}`;
}

/** dd-mm-yyyy → yyyy-mm-dd (ordering, ranges and comparisons). */
export const isoOf = (fecha: string): string =>
  `${fecha.slice(6, 10)}-${fecha.slice(3, 5)}-${fecha.slice(0, 2)}`;
