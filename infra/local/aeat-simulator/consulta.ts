/**
 * ConsultaFactuSistemaFacturacion (reference/verifactu-sii.md §4.7): the stored invoices of the
 * obligado (or, asked as Destinatario, those addressed to it) of one Ejercicio + Periodo, narrowed
 * by number, issue date, RefExterna, and paged after ClavePaginacion.
 */

import type { XmlNode } from './soap';
import type { InvoiceEntry, SimulatorState } from './state';

export const MAX_CONSULTA_ROWS = 10_000;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
/** dd-mm-yyyy → yyyy-mm-dd, for ordering and ranges. */
const iso = (fecha: string) => `${fecha.slice(6, 10)}-${fecha.slice(3, 5)}-${fecha.slice(0, 2)}`;

function addressedTo(entry: InvoiceEntry, nif: string): boolean {
  const destinatarios: XmlNode[] = entry.alta?.fields?.Destinatarios?.IDDestinatario ?? [];
  return destinatarios.some((d) => text(d.NIF) === nif);
}

export function queryRecords(
  state: SimulatorState,
  message: XmlNode,
): { cabecera: XmlNode; ejercicio: string; periodo: string; entries: InvoiceEntry[] } {
  const cabecera = message.Cabecera ?? {};
  const filtro = message.FiltroConsulta ?? {};
  const ejercicio = text(filtro.PeriodoImputacion?.Ejercicio);
  const periodo = text(filtro.PeriodoImputacion?.Periodo);
  const obligadoNif = text(cabecera.ObligadoEmision?.NIF);
  const destinatarioNif = text(cabecera.Destinatario?.NIF);

  let entries: InvoiceEntry[] = obligadoNif
    ? Object.values(state.data.obligados[obligadoNif]?.invoices ?? {})
    : Object.values(state.data.obligados)
        .flatMap((o) => Object.values(o.invoices))
        .filter((e) => destinatarioNif !== '' && addressedTo(e, destinatarioNif));

  entries = entries.filter(
    (e) => e.id.fecha.slice(6, 10) === ejercicio && e.id.fecha.slice(3, 5) === periodo,
  );
  const numSerie = text(filtro.NumSerieFactura);
  if (numSerie) entries = entries.filter((e) => e.id.numSerie === numSerie);
  const fecha = filtro.FechaExpedicionFactura ?? {};
  if (text(fecha.FechaExpedicionFactura)) {
    entries = entries.filter((e) => e.id.fecha === text(fecha.FechaExpedicionFactura));
  }
  const desde = text(fecha.RangoFechaExpedicion?.Desde);
  const hasta = text(fecha.RangoFechaExpedicion?.Hasta);
  if (desde) entries = entries.filter((e) => iso(e.id.fecha) >= iso(desde));
  if (hasta) entries = entries.filter((e) => iso(e.id.fecha) <= iso(hasta));
  const ref = text(filtro.RefExterna);
  if (ref) entries = entries.filter((e) => (e.alta ?? e.anulacion)?.refExterna === ref);

  const order = (e: InvoiceEntry) => `${iso(e.id.fecha)}|${e.id.numSerie}`;
  entries.sort((a, b) => order(a).localeCompare(order(b)));
  const after = filtro.ClavePaginacion;
  if (after) {
    const from = `${iso(text(after.FechaExpedicionFactura))}|${text(after.NumSerieFactura)}`;
    entries = entries.filter((e) => order(e) > from);
  }
  return { cabecera, ejercicio, periodo, entries: entries.slice(0, MAX_CONSULTA_ROWS) };
}
