/**
 * The six AEAT SII web services this product uses, as their WSDLs (v1.1, ./xsd/*.wsdl) declare them:
 * per service, the WSDL operation and the message element of each kind of exchange, the answer's
 * element, and the SOAPAction (the WSDLs bind every operation with `soapAction=""`).
 *
 * The RECC book (criterio de caja, arts. 163 decies–163 sexiesdecies LIVA) is two AEAT services:
 * COBROS of issued invoices (fe/SiiFactCOBV1SOAP) and PAGOS of received ones (fr/SiiFactPAGV1SOAP).
 * Neither has an anulación operation in the v1.1 WSDLs, and their Cabecera has no TipoComunicacion
 * (CabeceraSiiCobrosPagos): a cobro or pago can only be added.
 */

import type { SiiRecord } from '@shared/schemas/sii';

export const SII_SERVICES = ['FE', 'FR', 'BI', 'OI', 'COBROS', 'PAGOS'] as const;
export type SiiService = (typeof SII_SERVICES)[number];

export type SiiExchangeKind = 'SUMINISTRO' | 'ANULACION' | 'CONSULTA';

/** One WSDL operation: its name, the body element sent and the body element answered (local names). */
export interface SiiOperationDef {
  operation: string;
  request: string;
  response: string;
}

export interface SiiServiceDef {
  /** The WSDL file in ./xsd/ (copied from the AEAT, see xsd/SOURCES.md). */
  wsdl: string;
  /** Path under `/wlpl/SSII-FACT/ws` (soap:address of the WSDL's ports). */
  path: string;
  /** The element of one record inside a Suministro / Baja message (SuministroLR.xsd). */
  registro: string;
  bajaRegistro: string | null;
  operations: Record<'SUMINISTRO' | 'CONSULTA', SiiOperationDef> & { ANULACION: SiiOperationDef | null };
}

export const SII_SERVICE_DEFS: Record<SiiService, SiiServiceDef> = {
  FE: {
    wsdl: 'SuministroFactEmitidas.wsdl',
    path: '/fe/SiiFactFEV1SOAP',
    registro: 'RegistroLRFacturasEmitidas',
    bajaRegistro: 'RegistroLRBajaExpedidas',
    operations: {
      SUMINISTRO: {
        operation: 'SuministroLRFacturasEmitidas',
        request: 'SuministroLRFacturasEmitidas',
        response: 'RespuestaLRFacturasEmitidas',
      },
      ANULACION: {
        operation: 'AnulacionLRFacturasEmitidas',
        request: 'BajaLRFacturasEmitidas',
        response: 'RespuestaLRBajaFacturasEmitidas',
      },
      CONSULTA: {
        operation: 'ConsultaLRFacturasEmitidas',
        request: 'ConsultaLRFacturasEmitidas',
        response: 'RespuestaConsultaLRFacturasEmitidas',
      },
    },
  },
  FR: {
    wsdl: 'SuministroFactRecibidas.wsdl',
    path: '/fr/SiiFactFRV1SOAP',
    registro: 'RegistroLRFacturasRecibidas',
    bajaRegistro: 'RegistroLRBajaRecibidas',
    operations: {
      SUMINISTRO: {
        operation: 'SuministroLRFacturasRecibidas',
        request: 'SuministroLRFacturasRecibidas',
        response: 'RespuestaLRFacturasRecibidas',
      },
      ANULACION: {
        operation: 'AnulacionLRFacturasRecibidas',
        request: 'BajaLRFacturasRecibidas',
        response: 'RespuestaLRBajaFacturasRecibidas',
      },
      CONSULTA: {
        operation: 'ConsultaLRFacturasRecibidas',
        request: 'ConsultaLRFacturasRecibidas',
        response: 'RespuestaConsultaLRFacturasRecibidas',
      },
    },
  },
  BI: {
    wsdl: 'SuministroBienesInversion.wsdl',
    path: '/bi/SiiFactBIV1SOAP',
    registro: 'RegistroLRBienesInversion',
    bajaRegistro: 'RegistroLRBajaBienesInversion',
    operations: {
      SUMINISTRO: {
        operation: 'SuministroLRBienesInversion',
        request: 'SuministroLRBienesInversion',
        response: 'RespuestaLRBienesInversion',
      },
      ANULACION: {
        operation: 'AnulacionLRBienesInversion',
        request: 'BajaLRBienesInversion',
        response: 'RespuestaLRBajaBienesInversion',
      },
      CONSULTA: {
        operation: 'ConsultaLRBienesInversion',
        request: 'ConsultaLRBienesInversion',
        response: 'RespuestaConsultaLRBienesInversion',
      },
    },
  },
  OI: {
    wsdl: 'SuministroOpIntracomunitarias.wsdl',
    path: '/oi/SiiFactOIV1SOAP',
    registro: 'RegistroLRDetOperacionIntracomunitaria',
    bajaRegistro: 'RegistroLRBajaDetOperacionIntracomunitaria',
    operations: {
      SUMINISTRO: {
        operation: 'SuministroLRDetOperacionIntracomunitaria',
        request: 'SuministroLRDetOperacionIntracomunitaria',
        response: 'RespuestaLRDetOperacionesIntracomunitarias',
      },
      ANULACION: {
        operation: 'AnulacionLRDetOperacionIntracomunitaria',
        request: 'BajaLRDetOperacionIntracomunitaria',
        response: 'RespuestaLRBajaDetOperacionesIntracomunitarias',
      },
      CONSULTA: {
        operation: 'ConsultaLRDetOperacionIntracomunitaria',
        request: 'ConsultaLRDetOperIntracomunitarias',
        response: 'RespuestaConsultaLRDetOperIntracomunitarias',
      },
    },
  },
  COBROS: {
    wsdl: 'SuministroCobrosEmitidas.wsdl',
    path: '/fe/SiiFactCOBV1SOAP',
    registro: 'RegistroLRCobros',
    bajaRegistro: null,
    operations: {
      SUMINISTRO: {
        operation: 'SuministroLRCobrosEmitidas',
        request: 'SuministroLRCobrosEmitidas',
        response: 'RespuestaLRCobrosEmitidas',
      },
      ANULACION: null,
      CONSULTA: {
        operation: 'ConsultaLRCobrosEmitidas',
        request: 'ConsultaCobros',
        response: 'RespuestaConsultaCobros',
      },
    },
  },
  PAGOS: {
    wsdl: 'SuministroPagosRecibidas.wsdl',
    path: '/fr/SiiFactPAGV1SOAP',
    registro: 'RegistroLRPagos',
    bajaRegistro: null,
    operations: {
      SUMINISTRO: {
        operation: 'SuministroLRPagosRecibidas',
        request: 'SuministroLRPagosRecibidas',
        response: 'RespuestaLRPagosRecibidas',
      },
      ANULACION: null,
      CONSULTA: {
        operation: 'ConsultaLRPagosRecibidas',
        request: 'ConsultaPagos',
        response: 'RespuestaConsultaPagos',
      },
    },
  },
};

/** The AEAT service a record goes to (RECC: COBROS for a collection, PAGOS for a payment). */
export const serviceOf = (record: SiiRecord): SiiService => {
  if (record.book === 'RECC') return record.direction === 'COLLECTION' ? 'COBROS' : 'PAGOS';
  return record.book;
};

/** The WSDL operation of an exchange; throws for an anulación of COBROS / PAGOS (no such operation). */
export const siiOperationOf = (service: SiiService, kind: SiiExchangeKind): SiiOperationDef => {
  const def = SII_SERVICE_DEFS[service].operations[kind];
  if (!def) throw new Error(`El servicio ${service} del SII no tiene operación de anulación.`);
  return def;
};

/**
 * The SOAPAction HTTP header of an exchange: every operation of the six WSDLs is bound with
 * `soapAction=""` (the AEAT dispatches on the body element). Throws where the operation does not exist.
 */
export const soapActionOf = (service: SiiService, kind: SiiExchangeKind): string => {
  siiOperationOf(service, kind);
  return '';
};
