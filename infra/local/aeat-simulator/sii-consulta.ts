/**
 * ConsultaLR of the simulated SII (ConsultaLR.xsd): the records a titular's book holds for one
 * Ejercicio + Periodo (PeriodoLiquidacion), narrowed by IDFactura (number, issue date, issuer),
 * Contraparte, FechaPresentacion, FacturaModificada or IdentificacionBien, in pages of at most
 * SII_CONSULTA_PAGE_SIZE after ClavePaginacion; and ConsultaCobros / ConsultaPagos: the cobros or
 * pagos added to one invoice.
 */

import { bookOf, titularOf } from './sii-rules';
import { isoOf, type SiiSimService, type SiiXml, text } from './sii-soap';
import type { SiiSimulatorState, SiiStoredPayment, SiiStoredRecord } from './sii-state';

/** Records per answer (RespuestaConsultaLR.xsd: maxOccurs 10000); more → IndicadorPaginacion S. */
export const SII_CONSULTA_PAGE_SIZE = 10_000;

export interface SiiBookQueryResult {
  cabecera: SiiXml;
  ejercicio: string;
  periodo: string;
  records: SiiStoredRecord[];
  /** More records after the last one returned (IndicadorPaginacion S). */
  more: boolean;
}

export interface SiiPaymentsQueryResult {
  cabecera: SiiXml;
  /** The IDFactura asked for, as received. */
  idFactura: SiiXml;
  payments: SiiStoredPayment[];
}

const order = (r: { id: { date: string; number: string; issuer: string; good?: string } }) =>
  `${isoOf(r.id.date)}|${r.id.number}|${r.id.issuer}|${r.id.good ?? ''}`;

/** The issuer an IDEmisorFactura names (NIF, or IDOtro's ID). */
const issuerIn = (emisor: SiiXml): string => text(emisor?.NIF).toUpperCase() || text(emisor?.IDOtro?.ID);

/** `dd-mm-yyyy hh:mm:ss` → yyyy-mm-dd */
const dayOf = (timestamp: string) => isoOf(timestamp.slice(0, 10));

export function querySiiBook(
  state: SiiSimulatorState,
  service: Exclude<SiiSimService, 'COBROS' | 'PAGOS'>,
  message: SiiXml,
  pageSize = SII_CONSULTA_PAGE_SIZE,
): SiiBookQueryResult {
  const cabecera = message?.Cabecera ?? {};
  const filtro = message?.FiltroConsulta ?? {};
  const ejercicio = text(filtro.PeriodoLiquidacion?.Ejercicio);
  const periodo = text(filtro.PeriodoLiquidacion?.Periodo);
  let records = state
    .records({ titular: titularOf(message), book: bookOf(service) })
    .filter((r) => r.ejercicio === ejercicio && r.periodo === periodo);

  const id = filtro.IDFactura ?? {};
  const number = text(id.NumSerieFacturaEmisor);
  const date = text(id.FechaExpedicionFacturaEmisor);
  const issuer = issuerIn(id.IDEmisorFactura);
  if (number) records = records.filter((r) => r.id.number === number);
  if (date) records = records.filter((r) => r.id.date === date);
  if (issuer) records = records.filter((r) => r.id.issuer === issuer);
  const contraparte = issuerIn(filtro.Contraparte);
  if (contraparte) {
    records = records.filter((r) => {
      const c =
        r.fields?.FacturaExpedida?.Contraparte ??
        r.fields?.FacturaRecibida?.Contraparte ??
        r.fields?.Contraparte;
      return issuerIn(c) === contraparte;
    });
  }
  const desde = text(filtro.FechaPresentacion?.Desde);
  const hasta = text(filtro.FechaPresentacion?.Hasta);
  if (desde) records = records.filter((r) => dayOf(r.presentedAt) >= isoOf(desde));
  if (hasta) records = records.filter((r) => dayOf(r.presentedAt) <= isoOf(hasta));
  const modificada = text(filtro.FacturaModificada);
  if (modificada) {
    records = records.filter((r) => r.history.some((h) => h.operation === 'A1') === (modificada === 'S'));
  }
  const good = text(filtro.IdentificacionBien);
  if (good) records = records.filter((r) => r.id.good === good);

  const after = filtro.ClavePaginacion;
  if (after) {
    const from = order({
      id: {
        date: text(after.FechaExpedicionFacturaEmisor),
        number: text(after.NumSerieFacturaEmisor),
        issuer: issuerIn(after.IDEmisorFactura),
        ...(after.IdentificacionBien !== undefined ? { good: text(after.IdentificacionBien) } : {}),
      },
    });
    records = records.filter((r) => order(r) > from);
  }
  records.sort((a, b) => order(a).localeCompare(order(b)));
  return {
    cabecera,
    ejercicio,
    periodo,
    records: records.slice(0, pageSize),
    more: records.length > pageSize,
  };
}

/** ConsultaCobros / ConsultaPagos: the cobros or pagos of one invoice of the titular. */
export function querySiiPayments(
  state: SiiSimulatorState,
  service: 'COBROS' | 'PAGOS',
  message: SiiXml,
): SiiPaymentsQueryResult {
  const cabecera = message?.Cabecera ?? {};
  const filtro = (service === 'COBROS' ? message?.FiltroConsultaCobros : message?.FiltroConsultaPagos) ?? {};
  const idFactura = filtro.IDFactura ?? {};
  const record = state.record(titularOf(message), bookOf(service), {
    issuer: issuerIn(idFactura.IDEmisorFactura),
    number: text(idFactura.NumSerieFacturaEmisor),
    date: text(idFactura.FechaExpedicionFacturaEmisor),
  });
  return { cabecera, idFactura, payments: record?.payments ?? [] };
}
