/**
 * Pieces shared by the SII messages (SuministroInformacion.xsd v1.1): the Cabecera, persons, the
 * invoice identifications of each shape, the liquidation period.
 */

import type { SiiCounterparty, SiiInvoiceId } from '@shared/schemas/sii';
import { aeatDate, boundedText, FieldError, invoiceNumber, leaf, nif, node, oneOf, period } from './format';
import { SII_VERSION } from './soap';

export interface SiiParty {
  name: string;
  nif: string;
}

/**
 * Who keeps the books (Titular) and, when someone else presents them (colaborador social, apoderado),
 * that representative: the schemas carry only the representative's NIF, as
 * Titular/NIFRepresentante (PersonaFisicaJuridicaESType); the name is not sent.
 */
export interface SiiHeader {
  titular: SiiParty;
  representative?: SiiParty | null;
}

export const s = (name: string, value: string | null | undefined) => leaf('sii', name, value);
export const sNode = (name: string, inner: string) => node('sii', name, inner);

const name120 = (field: string, value: string) => boundedText(field, value, 120);

/** PersonaFisicaJuridicaESType (Titular of Suministro, Baja and cobros/pagos messages). */
export const titularES = (header: SiiHeader): string =>
  sNode(
    'Titular',
    s('NombreRazon', name120('Titular/NombreRazon', header.titular.name)) +
      (header.representative
        ? s('NIFRepresentante', nif('Titular/NIFRepresentante', header.representative.nif))
        : '') +
      s('NIF', nif('Titular/NIF', header.titular.nif)),
  );

/** PersonaFisicaJuridicaUnicaESType (Titular of ConsultaLR: no representative in the schema). */
export const titularUnicaES = (header: SiiHeader): string =>
  sNode(
    'Titular',
    s('NombreRazon', name120('Titular/NombreRazon', header.titular.name)) +
      s('NIF', nif('Titular/NIF', header.titular.nif)),
  );

export const versionSii = (): string => s('IDVersionSii', SII_VERSION);

/** PersonaFisicaJuridicaIDTypeType. */
const ID_TYPES = ['02', '03', '04', '05', '06', '07'] as const;

/** IDOtroType: CodigoPais, IDType, ID (≤ 20). */
export const idOtro = (field: string, o: NonNullable<SiiCounterparty['otherId']>): string => {
  if (!/^[A-Z]{2}$/.test(o.countryCode))
    throw new FieldError(`${field}/CodigoPais no es un código de país ISO (${o.countryCode}).`);
  return sNode(
    'IDOtro',
    s('CodigoPais', o.countryCode) +
      s('IDType', oneOf(`${field}/IDType`, ID_TYPES, o.idType)) +
      s('ID', boundedText(`${field}/ID`, o.id, 20, { trim: false })),
  );
};

/** The NIF | IDOtro choice of a person or an issuer; exactly one of them must be given. */
const nifOrOtro = (
  field: string,
  nifValue: string | null | undefined,
  otherId: SiiCounterparty['otherId'] | undefined,
): string => {
  const hasNif = nifValue !== null && nifValue !== undefined && nifValue !== '';
  if (hasNif && otherId)
    throw new FieldError(`${field} tiene a la vez NIF e IDOtro: debe ser uno de los dos.`);
  if (hasNif) return s('NIF', nif(`${field}/NIF`, nifValue));
  if (otherId) return idOtro(field, otherId);
  throw new FieldError(`${field} necesita un NIF o un IDOtro.`);
};

/** PersonaFisicaJuridicaType / ContraparteConsultaType: NombreRazon, then NIF or IDOtro. */
export const persona = (field: string, p: SiiCounterparty): string =>
  s('NombreRazon', name120(`${field}/NombreRazon`, p.name)) + nifOrOtro(field, p.nif, p.otherId);

export const periodoLiquidacion = (p: { year: number; period: string }): string => {
  const { year, period: periodo } = period(p);
  return sNode('PeriodoLiquidacion', s('Ejercicio', year) + s('Periodo', periodo));
};

const numberAndDate = (id: SiiInvoiceId): string =>
  s('NumSerieFacturaEmisor', invoiceNumber('IDFactura/NumSerieFacturaEmisor', id.number)) +
  s('FechaExpedicionFacturaEmisor', aeatDate('IDFactura/FechaExpedicionFacturaEmisor', id.issueDate));

/** IDFacturaExpedidaType / IDFacturaExpedidaBCType: IDEmisorFactura{NIF} (always ours), number, date. */
export const idFacturaExpedida = (id: SiiInvoiceId): string => {
  if (id.issuerOtherId)
    throw new FieldError(
      'IDFactura/IDEmisorFactura de una factura expedida es el NIF del titular, no un IDOtro.',
    );
  return (
    sNode('IDEmisorFactura', s('NIF', nif('IDFactura/IDEmisorFactura/NIF', id.issuerNif))) + numberAndDate(id)
  );
};

/** IDFacturaRecibidaType: IDEmisorFactura{NIF | IDOtro}, number, date. */
export const idFacturaRecibida = (id: SiiInvoiceId): string =>
  sNode('IDEmisorFactura', nifOrOtro('IDFactura/IDEmisorFactura', id.issuerNif, id.issuerOtherId)) +
  numberAndDate(id);

/**
 * IDFacturaRecibidaNombreBCType / IDFacturaComunitariaType / ClavePaginacion…: IDEmisorFactura{NombreRazon,
 * NIF | IDOtro}, number, date.
 */
export const idFacturaConNombre = (id: SiiInvoiceId, issuerName: string): string =>
  sNode(
    'IDEmisorFactura',
    s('NombreRazon', name120('IDFactura/IDEmisorFactura/NombreRazon', issuerName)) +
      nifOrOtro('IDFactura/IDEmisorFactura', id.issuerNif, id.issuerOtherId),
  ) + numberAndDate(id);

/** IDFacturaARType (FacturasRectificadas): number and date only. */
export const idFacturaAR = (id: SiiInvoiceId): string =>
  s('NumSerieFacturaEmisor', invoiceNumber('FacturasRectificadas/NumSerieFacturaEmisor', id.number)) +
  s(
    'FechaExpedicionFacturaEmisor',
    aeatDate('FacturasRectificadas/FechaExpedicionFacturaEmisor', id.issueDate),
  );

const sameIssuer = (
  id: SiiInvoiceId,
  p: { nif: string | null; otherId?: SiiCounterparty['otherId'] },
): boolean => {
  if (id.issuerNif) return p.nif === id.issuerNif;
  const a = id.issuerOtherId;
  const b = p.otherId;
  return !!a && !!b && a.countryCode === b.countryCode && a.id === b.id;
};

/**
 * The issuer's name where the schema wants it (IDFacturaComunitariaType, IDFacturaRecibidaNombreBCType)
 * while the neutral invoice id carries only the issuer's identifier: the name the record gives
 * (`issuerName`: BI, PAGOS), else the titular's when the titular issued it, else the counterparty's
 * when the counterparty did. Nothing is guessed: without one of these the record is refused.
 */
export const issuerNameOf = (
  record: { invoiceId: SiiInvoiceId; counterparty?: SiiCounterparty | null },
  header: SiiHeader,
): string => {
  if ('issuerName' in record && typeof record.issuerName === 'string' && record.issuerName.trim() !== '')
    return record.issuerName;
  const id = record.invoiceId;
  if (id.issuerNif && id.issuerNif === header.titular.nif) return header.titular.name;
  if (record.counterparty && sameIssuer(id, record.counterparty)) return record.counterparty.name;
  throw new FieldError(
    'IDFactura/IDEmisorFactura/NombreRazon es obligatorio y el registro no da el nombre del emisor de la factura.',
  );
};
