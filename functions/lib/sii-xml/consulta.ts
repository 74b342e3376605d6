/**
 * ConsultaLR queries (ConsultaLR.xsd v1.1) of the six services: what the AEAT holds of a book for a
 * period (FE, FR, BI, OI), optionally narrowed to one invoice, or the cobros / pagos of one invoice
 * (ConsultaCobros, ConsultaPagos: these have no period). A page holds up to 10,000 records; the next
 * page is asked with the ClavePaginacion that `parseConsultaResponse` gives back.
 *
 * The Cabecera of a query (CabeceraConsultaSii) carries the titular only: the schema has no
 * representative there (the AEAT knows the presenter from the certificate).
 */

import type { SiiCounterparty, SiiInvoiceId, SiiPeriod } from '@shared/schemas/sii';
import { aeatDate, boundedText, FieldError, invoiceNumber, leaf, node, SiiRecordError } from './format';
import {
  idFacturaConNombre,
  idFacturaExpedida,
  periodoLiquidacion,
  persona,
  type SiiHeader,
  s,
  sNode,
  titularUnicaES,
  versionSii,
} from './parts';
import { type SiiService, siiOperationOf } from './services';
import { SII_NS } from './soap';

/**
 * Where the next page starts. The books' answers carry no key: it is the identification of the last
 * record of the page (with the issuer's name and, for BI, the good). Cobros and pagos answer one.
 */
export type SiiPaginationKey =
  | {
      kind: 'INVOICE';
      invoiceId: SiiInvoiceId;
      /** IDEmisorFactura/NombreRazon (FR, BI, OI). */
      issuerName: string | null;
      /** IdentificacionBien (BI). */
      goodIdentification: string | null;
    }
  | { kind: 'NUMBER'; value: string };

export interface SiiConsultaQuery {
  /** PeriodoLiquidacion (FE, FR, BI, OI). Cobros and pagos are asked per invoice and have none. */
  period: SiiPeriod;
  /** One invoice (required for COBROS and PAGOS). */
  invoiceId?: SiiInvoiceId | null;
  /**
   * FE: the customer (Contraparte filter). FR, BI, OI, PAGOS: when it is the invoice's issuer, its name
   * goes in IDFactura/IDEmisorFactura (otherwise the filter is number and date only).
   */
  counterparty?: SiiCounterparty | null;
  /** IDEmisorFactura/NombreRazon, when the counterparty does not give it. */
  issuerName?: string | null;
  /** BI: IdentificacionBien filter. */
  goodIdentification?: string | null;
  paginationKey?: SiiPaginationKey | null;
}

const lrc = (name: string, inner: string) => node('siiLRC', name, inner);

const issuerNameFor = (q: SiiConsultaQuery, header: SiiHeader, id: SiiInvoiceId): string | null => {
  if (q.issuerName) return q.issuerName;
  if (id.issuerNif && id.issuerNif === header.titular.nif) return header.titular.name;
  const c = q.counterparty;
  if (!c) return null;
  if (id.issuerNif) return c.nif === id.issuerNif ? c.name : null;
  const a = id.issuerOtherId;
  return a && c.otherId && a.countryCode === c.otherId.countryCode && a.id === c.otherId.id ? c.name : null;
};

/** IDFacturaConsulta1Type: [IDEmisorFactura{NombreRazon, NIF | IDOtro}], number, date. */
const idFacturaConsulta1 = (q: SiiConsultaQuery, header: SiiHeader, id: SiiInvoiceId): string => {
  const name = issuerNameFor(q, header, id);
  if (name !== null) return idFacturaConNombre(id, name);
  return (
    s('NumSerieFacturaEmisor', invoiceNumber('IDFactura/NumSerieFacturaEmisor', id.number)) +
    s('FechaExpedicionFacturaEmisor', aeatDate('IDFactura/FechaExpedicionFacturaEmisor', id.issueDate))
  );
};

const invoiceKey = (service: SiiService, key: SiiPaginationKey | null | undefined) => {
  if (!key) return null;
  if (key.kind !== 'INVOICE')
    throw new FieldError(`La clave de paginación del servicio ${service} es una factura, no un número.`);
  return key;
};

const withIssuerName = (key: { issuerName: string | null }, service: SiiService): string => {
  if (!key.issuerName)
    throw new FieldError(`La clave de paginación del servicio ${service} necesita el nombre del emisor.`);
  return key.issuerName;
};

/** FiltroConsulta of the books with a period (LRFiltroEmitidasType, …RecibidasType, …BienInversionType, …DetOperIntracomunitariasType). */
const filtroLibro = (service: 'FE' | 'FR' | 'BI' | 'OI', q: SiiConsultaQuery, header: SiiHeader): string => {
  const id = q.invoiceId ?? null;
  const key = invoiceKey(service, q.paginationKey);
  const periodo = periodoLiquidacion(q.period);
  switch (service) {
    case 'FE': {
      if (id?.issuerNif && id.issuerNif !== header.titular.nif)
        throw new FieldError('Una consulta de facturas expedidas solo busca facturas del titular.');
      return (
        periodo +
        (id
          ? lrc(
              'IDFactura',
              s('NumSerieFacturaEmisor', invoiceNumber('IDFactura/NumSerieFacturaEmisor', id.number)) +
                s(
                  'FechaExpedicionFacturaEmisor',
                  aeatDate('IDFactura/FechaExpedicionFacturaEmisor', id.issueDate),
                ),
            )
          : '') +
        (q.counterparty ? lrc('Contraparte', persona('Contraparte', q.counterparty)) : '') +
        (key ? lrc('ClavePaginacion', idFacturaExpedida(key.invoiceId)) : '')
      );
    }
    case 'FR':
    case 'OI':
      return (
        periodo +
        (id ? lrc('IDFactura', idFacturaConsulta1(q, header, id)) : '') +
        (key ? lrc('ClavePaginacion', idFacturaConNombre(key.invoiceId, withIssuerName(key, service))) : '')
      );
    case 'BI': {
      const good = q.goodIdentification ? boundedText('IdentificacionBien', q.goodIdentification, 40) : null;
      let clave = '';
      if (key) {
        if (!key.goodIdentification)
          throw new FieldError('La clave de paginación de bienes de inversión necesita IdentificacionBien.');
        clave = lrc(
          'ClavePaginacion',
          idFacturaConNombre(key.invoiceId, withIssuerName(key, service)) +
            s('IdentificacionBien', boundedText('IdentificacionBien', key.goodIdentification, 40)),
        );
      }
      return (
        periodo +
        (id ? lrc('IDFactura', idFacturaConsulta1(q, header, id)) : '') +
        leaf('siiLRC', 'IdentificacionBien', good) +
        clave
      );
    }
  }
};

const numberKey = (service: SiiService, key: SiiPaginationKey | null | undefined): string => {
  if (!key) return '';
  if (key.kind !== 'NUMBER')
    throw new FieldError(`La clave de paginación del servicio ${service} es un número, no una factura.`);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(key.value))
    throw new FieldError(`La clave de paginación no es un número (${key.value}).`);
  return leaf('siiLRC', 'ClavePaginacion', key.value);
};

/** FiltroConsultaCobros / FiltroConsultaPagos: the invoice, then the page key. */
const filtroCobrosPagos = (service: 'COBROS' | 'PAGOS', q: SiiConsultaQuery, header: SiiHeader): string => {
  const id = q.invoiceId;
  if (!id)
    throw new FieldError(
      `La consulta de ${service === 'COBROS' ? 'cobros' : 'pagos'} es de una factura: falta IDFactura.`,
    );
  if (service === 'COBROS')
    return lrc('IDFactura', idFacturaExpedida(id)) + numberKey(service, q.paginationKey);
  const name = issuerNameFor(q, header, id);
  if (name === null)
    throw new FieldError(
      'La consulta de pagos necesita el nombre del proveedor (IDFactura/IDEmisorFactura/NombreRazon).',
    );
  return lrc('IDFactura', idFacturaConNombre(id, name)) + numberKey(service, q.paginationKey);
};

/** The ConsultaLR… / ConsultaCobros / ConsultaPagos message of one service (the SOAP body). */
export const buildConsultaXml = (service: SiiService, header: SiiHeader, query: SiiConsultaQuery): string => {
  const element = siiOperationOf(service, 'CONSULTA').request;
  let inner: string;
  try {
    const cabecera = sNode('Cabecera', versionSii() + titularUnicaES(header));
    const filtro =
      service === 'COBROS'
        ? lrc('FiltroConsultaCobros', filtroCobrosPagos(service, query, header))
        : service === 'PAGOS'
          ? lrc('FiltroConsultaPagos', filtroCobrosPagos(service, query, header))
          : lrc('FiltroConsulta', filtroLibro(service, query, header));
    inner = cabecera + filtro;
  } catch (e) {
    if (e instanceof FieldError) throw new SiiRecordError(null, e.message);
    throw e;
  }
  return `<siiLRC:${element} xmlns:siiLRC="${SII_NS.siiLRC}" xmlns:sii="${SII_NS.sii}">${inner}</siiLRC:${element}>`;
};
