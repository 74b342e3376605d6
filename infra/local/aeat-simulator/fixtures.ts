/**
 * Hand-built VERI*FACTU messages for the simulator's tests (independent of the product's XML
 * builder, so a bug there cannot hide one here): a per-NIF `Chain` that makes altas and anulaciones
 * with correct huellas and links unless told otherwise, and the SOAP envelopes around them.
 */

import { computeVerifactuHash } from '@shared/fiscal/verifactu-hash';
import { NS, SOAP_ENV_NS, escapeXml as x } from './soap';

export interface Link {
  numSerie: string;
  fecha: string;
  huella: string;
}

export interface BuiltRecord {
  xml: string;
  huella: string;
  numSerie: string;
  fecha: string;
  kind: 'alta' | 'anulacion';
}

const SISTEMA = (nif: string) =>
  `<sf:SistemaInformatico><sf:NombreRazon>Cuadra Software (entorno local)</sf:NombreRazon><sf:NIF>${nif}</sf:NIF><sf:NombreSistemaInformatico>Cuadra</sf:NombreSistemaInformatico><sf:IdSistemaInformatico>CU</sf:IdSistemaInformatico><sf:Version>1.0.0</sf:Version><sf:NumeroInstalacion>test-0001</sf:NumeroInstalacion><sf:TipoUsoPosibleSoloVerifactu>S</sf:TipoUsoPosibleSoloVerifactu><sf:TipoUsoPosibleMultiOT>S</sf:TipoUsoPosibleMultiOT><sf:IndicadorMultiplesOT>S</sf:IndicadorMultiplesOT></sf:SistemaInformatico>`;

const PRODUCER_NIF = 'B00000000';

function encadenamiento(nif: string, previous: Link | null | undefined): string {
  return previous
    ? `<sf:Encadenamiento><sf:RegistroAnterior><sf:IDEmisorFactura>${nif}</sf:IDEmisorFactura><sf:NumSerieFactura>${x(previous.numSerie)}</sf:NumSerieFactura><sf:FechaExpedicionFactura>${previous.fecha}</sf:FechaExpedicionFactura><sf:Huella>${previous.huella}</sf:Huella></sf:RegistroAnterior></sf:Encadenamiento>`
    : '<sf:Encadenamiento><sf:PrimerRegistro>S</sf:PrimerRegistro></sf:Encadenamiento>';
}

export interface AltaOptions {
  nif: string;
  name?: string;
  numSerie: string;
  /** dd-mm-yyyy */
  fecha: string;
  tipo?: 'F1' | 'F2';
  base?: string;
  rate?: string;
  cuota?: string;
  /** Defaults to the breakdown's cuota. */
  cuotaTotal?: string;
  /** Defaults to base + cuota. */
  importeTotal?: string;
  previous: Link | null;
  timestamp: string;
  subsanacion?: 'S' | 'N';
  rechazoPrevio?: 'N' | 'S' | 'X';
  refExterna?: string;
  descripcion?: string;
  /** Write this huella instead of the right one. */
  huella?: string;
  /** Write PrimerRegistro even though there is a previous record. */
  forceFirst?: boolean;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const amount = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

export function buildAlta(o: AltaOptions): BuiltRecord {
  const base = o.base ?? '100.00';
  const rate = o.rate ?? '21.00';
  const cuota = o.cuota ?? amount(Math.round((cents(base) * Number(rate)) / 100));
  const cuotaTotal = o.cuotaTotal ?? cuota;
  const importeTotal = o.importeTotal ?? amount(cents(base) + cents(cuota));
  const tipo = o.tipo ?? 'F1';
  const previous = o.forceFirst ? null : o.previous;
  const huella =
    o.huella ??
    computeVerifactuHash({
      kind: 'alta',
      previousHash: previous?.huella ?? null,
      fields: {
        IDEmisorFactura: o.nif,
        NumSerieFactura: o.numSerie,
        FechaExpedicionFactura: o.fecha,
        TipoFactura: tipo,
        CuotaTotal: cuotaTotal,
        ImporteTotal: importeTotal,
        FechaHoraHusoGenRegistro: o.timestamp,
      },
    });
  const name = x(o.name ?? 'Empresa de Pruebas SL');
  const xml = [
    '<sfLR:RegistroFactura><sf:RegistroAlta>',
    '<sf:IDVersion>1.0</sf:IDVersion>',
    `<sf:IDFactura><sf:IDEmisorFactura>${o.nif}</sf:IDEmisorFactura><sf:NumSerieFactura>${x(o.numSerie)}</sf:NumSerieFactura><sf:FechaExpedicionFactura>${o.fecha}</sf:FechaExpedicionFactura></sf:IDFactura>`,
    o.refExterna ? `<sf:RefExterna>${x(o.refExterna)}</sf:RefExterna>` : '',
    `<sf:NombreRazonEmisor>${name}</sf:NombreRazonEmisor>`,
    o.subsanacion ? `<sf:Subsanacion>${o.subsanacion}</sf:Subsanacion>` : '',
    o.rechazoPrevio ? `<sf:RechazoPrevio>${o.rechazoPrevio}</sf:RechazoPrevio>` : '',
    `<sf:TipoFactura>${tipo}</sf:TipoFactura>`,
    `<sf:DescripcionOperacion>${x(o.descripcion ?? 'Servicios de prueba')}</sf:DescripcionOperacion>`,
    tipo === 'F1'
      ? '<sf:Destinatarios><sf:IDDestinatario><sf:NombreRazon>Cliente Ejemplo SA</sf:NombreRazon><sf:NIF>A87654321</sf:NIF></sf:IDDestinatario></sf:Destinatarios>'
      : '',
    `<sf:Desglose><sf:DetalleDesglose><sf:Impuesto>01</sf:Impuesto><sf:ClaveRegimen>01</sf:ClaveRegimen><sf:CalificacionOperacion>S1</sf:CalificacionOperacion><sf:TipoImpositivo>${rate}</sf:TipoImpositivo><sf:BaseImponibleOimporteNoSujeto>${base}</sf:BaseImponibleOimporteNoSujeto><sf:CuotaRepercutida>${cuota}</sf:CuotaRepercutida></sf:DetalleDesglose></sf:Desglose>`,
    `<sf:CuotaTotal>${cuotaTotal}</sf:CuotaTotal><sf:ImporteTotal>${importeTotal}</sf:ImporteTotal>`,
    o.forceFirst ? encadenamiento(o.nif, null) : encadenamiento(o.nif, o.previous),
    SISTEMA(PRODUCER_NIF),
    `<sf:FechaHoraHusoGenRegistro>${o.timestamp}</sf:FechaHoraHusoGenRegistro>`,
    `<sf:TipoHuella>01</sf:TipoHuella><sf:Huella>${huella}</sf:Huella>`,
    '</sf:RegistroAlta></sfLR:RegistroFactura>',
  ].join('');
  return { xml, huella, numSerie: o.numSerie, fecha: o.fecha, kind: 'alta' };
}

export interface AnulacionOptions {
  nif: string;
  numSerie: string;
  fecha: string;
  previous: Link | null;
  timestamp: string;
  sinRegistroPrevio?: 'S' | 'N';
  rechazoPrevio?: 'S' | 'N';
  huella?: string;
}

export function buildAnulacion(o: AnulacionOptions): BuiltRecord {
  const huella =
    o.huella ??
    computeVerifactuHash({
      kind: 'anulacion',
      previousHash: o.previous?.huella ?? null,
      fields: {
        IDEmisorFacturaAnulada: o.nif,
        NumSerieFacturaAnulada: o.numSerie,
        FechaExpedicionFacturaAnulada: o.fecha,
        FechaHoraHusoGenRegistro: o.timestamp,
      },
    });
  const xml = [
    '<sfLR:RegistroFactura><sf:RegistroAnulacion>',
    '<sf:IDVersion>1.0</sf:IDVersion>',
    `<sf:IDFactura><sf:IDEmisorFacturaAnulada>${o.nif}</sf:IDEmisorFacturaAnulada><sf:NumSerieFacturaAnulada>${x(o.numSerie)}</sf:NumSerieFacturaAnulada><sf:FechaExpedicionFacturaAnulada>${o.fecha}</sf:FechaExpedicionFacturaAnulada></sf:IDFactura>`,
    o.sinRegistroPrevio ? `<sf:SinRegistroPrevio>${o.sinRegistroPrevio}</sf:SinRegistroPrevio>` : '',
    o.rechazoPrevio ? `<sf:RechazoPrevio>${o.rechazoPrevio}</sf:RechazoPrevio>` : '',
    encadenamiento(o.nif, o.previous),
    SISTEMA(PRODUCER_NIF),
    `<sf:FechaHoraHusoGenRegistro>${o.timestamp}</sf:FechaHoraHusoGenRegistro>`,
    `<sf:TipoHuella>01</sf:TipoHuella><sf:Huella>${huella}</sf:Huella>`,
    '</sf:RegistroAnulacion></sfLR:RegistroFactura>',
  ].join('');
  return { xml, huella, numSerie: o.numSerie, fecha: o.fecha, kind: 'anulacion' };
}

/**
 * The records of one issuer in generation order: each new record is chained to the previous one
 * generated (whatever the AEAT answered), as the SIF must do.
 */
export class Chain {
  last: Link | null = null;
  private second = 0;

  constructor(
    readonly nif: string,
    readonly name = 'Empresa de Pruebas SL',
  ) {}

  private timestamp(): string {
    this.second += 1;
    const s = this.second;
    const hh = String(10 + Math.floor(s / 3600)).padStart(2, '0');
    const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
    const ss = String(s % 60).padStart(2, '0');
    return `2027-01-15T${hh}:${mm}:${ss}+01:00`;
  }

  alta(o: Partial<Omit<AltaOptions, 'nif' | 'previous' | 'timestamp'>> & { numSerie: string }): BuiltRecord {
    const r = buildAlta({
      fecha: '15-01-2027',
      ...o,
      nif: this.nif,
      name: this.name,
      previous: this.last,
      timestamp: this.timestamp(),
    });
    this.last = { numSerie: r.numSerie, fecha: r.fecha, huella: r.huella };
    return r;
  }

  anulacion(
    o: Partial<Omit<AnulacionOptions, 'nif' | 'previous' | 'timestamp'>> & { numSerie: string },
  ): BuiltRecord {
    const r = buildAnulacion({
      fecha: '15-01-2027',
      ...o,
      nif: this.nif,
      previous: this.last,
      timestamp: this.timestamp(),
    });
    this.last = { numSerie: r.numSerie, fecha: r.fecha, huella: r.huella };
    return r;
  }
}

/** A RegFactuSistemaFacturacion SOAP envelope (namespaces declared on the Envelope, like many clients). */
export function regFactuEnvelope(
  cabecera: { nif: string; name?: string; incidencia?: 'S' | 'N' },
  records: BuiltRecord[],
): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:sfLR="${NS.sfLR}" xmlns:sf="${NS.sf}"><soapenv:Header/><soapenv:Body>`,
    '<sfLR:RegFactuSistemaFacturacion><sfLR:Cabecera>',
    `<sf:ObligadoEmision><sf:NombreRazon>${x(cabecera.name ?? 'Empresa de Pruebas SL')}</sf:NombreRazon><sf:NIF>${cabecera.nif}</sf:NIF></sf:ObligadoEmision>`,
    cabecera.incidencia
      ? `<sf:RemisionVoluntaria><sf:Incidencia>${cabecera.incidencia}</sf:Incidencia></sf:RemisionVoluntaria>`
      : '',
    '</sfLR:Cabecera>',
    ...records.map((r) => r.xml),
    '</sfLR:RegFactuSistemaFacturacion></soapenv:Body></soapenv:Envelope>',
  ].join('');
}

/** A ConsultaFactuSistemaFacturacion SOAP envelope (as the obligado). */
export function consultaEnvelope(q: {
  nif: string;
  name?: string;
  ejercicio: string;
  periodo: string;
  numSerie?: string;
}): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Body>`,
    `<con:ConsultaFactuSistemaFacturacion xmlns:con="${NS.sfLRC}" xmlns:sf="${NS.sf}">`,
    `<con:Cabecera><sf:IDVersion>1.0</sf:IDVersion><sf:ObligadoEmision><sf:NombreRazon>${x(q.name ?? 'Empresa de Pruebas SL')}</sf:NombreRazon><sf:NIF>${q.nif}</sf:NIF></sf:ObligadoEmision></con:Cabecera>`,
    `<con:FiltroConsulta><con:PeriodoImputacion><sf:Ejercicio>${q.ejercicio}</sf:Ejercicio><sf:Periodo>${q.periodo}</sf:Periodo></con:PeriodoImputacion>`,
    q.numSerie ? `<con:NumSerieFactura>${x(q.numSerie)}</con:NumSerieFactura>` : '',
    '</con:FiltroConsulta></con:ConsultaFactuSistemaFacturacion></soapenv:Body></soapenv:Envelope>',
  ].join('');
}
