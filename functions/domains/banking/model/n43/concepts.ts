/**
 * Norma 43 "conceptos comunes" (AEB Cuaderno 43, June 2012, Annex 2): the two-digit code every bank
 * puts in positions 23-24 of record 22, with the booklet's meaning in Spanish. The bank's own
 * "concepto propio" (positions 25-27) is kept as it comes: it has no common table.
 * Source: AEB/CECA/UNACC "Información normalizada de cuenta corriente" (cuaderno_43_-_junio_2012.pdf,
 * kept in sequra/norma43_parser under doc/), summarised in ../shared/reference/banking-accounting.md A1.
 */

export const N43_COMMON_CONCEPTS: Readonly<Record<string, string>> = {
  '01': 'Talones / reintegros',
  '02': 'Abonarés / entregas / ingresos',
  '03': 'Domiciliados / recibos / letras / pagos por su cuenta',
  '04': 'Giros / transferencias / traspasos / cheques',
  '05': 'Amortización de préstamos, créditos, etc.',
  '06': 'Remesas de efectos',
  '07': 'Suscripciones / dividendos pasivos / canjes',
  '08': 'Dividendos / cupones / primas / amortizaciones',
  '09': 'Operaciones de bolsa y compra/venta de valores',
  '10': 'Cheques gasolina',
  '11': 'Cajeros automáticos',
  '12': 'Tarjetas de crédito / débito',
  '13': 'Operaciones con el extranjero',
  '14': 'Devoluciones e impagados',
  '15': 'Nóminas / seguros sociales',
  '16': 'Timbres / corretaje / póliza',
  '17': 'Intereses / comisiones / custodia / gastos e impuestos',
  '98': 'Anulaciones / correcciones de asientos',
  '99': 'Varios',
};

/** The Spanish label of a concepto común, or `Concepto <code>` for a code outside Annex 2. */
export const commonConceptLabel = (code: string): string => N43_COMMON_CONCEPTS[code] ?? `Concepto ${code}`;

/** ISO 4217 numeric -> alphabetic for the currencies a Spanish statement carries in practice. */
export const N43_CURRENCIES: Readonly<Record<string, string>> = {
  '978': 'EUR',
  '840': 'USD',
  '826': 'GBP',
  '756': 'CHF',
  '392': 'JPY',
  '124': 'CAD',
  '036': 'AUD',
  '752': 'SEK',
  '208': 'DKK',
  '578': 'NOK',
  '985': 'PLN',
  '156': 'CNY',
  '484': 'MXN',
  '504': 'MAD',
};

/** The alphabetic code of an ISO 4217 numeric code (the numeric one itself when not listed). */
export const currencyOfNumeric = (numeric: string): string => N43_CURRENCIES[numeric] ?? numeric;
