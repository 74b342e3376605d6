/**
 * When a simplified invoice (F2, factura simplificada) may be issued: art. 4 RD 1619/2012.
 *  - art. 4.1.a: total up to 400 € VAT included, any activity;
 *  - art. 4.1.b: rectificativas of simplified invoices (not handled here: decided by the series);
 *  - art. 4.2: up to 3,000 € VAT included in the listed activities.
 * The sector list and the exclusions of art. 4.3 (intra-EU deliveries of art. 25, distance sales...) are
 * [law] from memory: to confirm against the BOE text.
 */

export const SIMPLIFIED_GENERAL_LIMIT_CENTS = 40_000;
export const SIMPLIFIED_SECTOR_LIMIT_CENTS = 300_000;

/** Activities of art. 4.2 RD 1619/2012 with the 3,000 € limit. */
export const SIMPLIFIED_INVOICE_SECTORS = {
  RETAIL: 'Ventas al por menor',
  AMBULANT_SALES: 'Ventas o servicios en ambulancia',
  HOME_SALES: 'Ventas o servicios a domicilio del consumidor',
  PASSENGER_TRANSPORT: 'Transporte de personas y sus equipajes',
  HOSPITALITY: 'Hostelería y restauración (restaurantes, bares, cafeterías y similares)',
  DANCE_HALLS: 'Salas de baile y discotecas',
  PUBLIC_PHONES: 'Servicios telefónicos en cabinas o con tarjetas sin identificación del portador',
  HAIRDRESSING_BEAUTY: 'Peluquería e institutos de belleza',
  SPORTS_FACILITIES: 'Utilización de instalaciones deportivas',
  PHOTO: 'Revelado de fotografías y estudios fotográficos',
  PARKING: 'Aparcamiento y estacionamiento de vehículos',
  VIDEO_RENTAL: 'Alquiler de películas',
  DRY_CLEANING: 'Tintorería y lavandería',
  TOLL_ROADS: 'Utilización de autopistas de peaje',
} as const;
export type SimplifiedInvoiceSector = keyof typeof SIMPLIFIED_INVOICE_SECTORS;

export type SimplifiedInvoiceCheck =
  | { allowed: true; limitCents: number }
  | { allowed: false; limitCents: number; reason: string };

/** Whether an F2 may be issued for this total (VAT included, céntimos); a Spanish reason when not. */
export function simplifiedInvoiceAllowed(
  totalCents: number,
  sector?: SimplifiedInvoiceSector,
): SimplifiedInvoiceCheck {
  const limitCents = sector ? SIMPLIFIED_SECTOR_LIMIT_CENTS : SIMPLIFIED_GENERAL_LIMIT_CENTS;
  if (!Number.isSafeInteger(totalCents)) {
    return { allowed: false, limitCents, reason: 'El importe de la factura no es válido.' };
  }
  if (totalCents <= limitCents) return { allowed: true, limitCents };
  const reason = sector
    ? `La factura simplificada solo se admite hasta 3.000 € IVA incluido en la actividad «${SIMPLIFIED_INVOICE_SECTORS[sector]}» (art. 4.2 RD 1619/2012).`
    : 'La factura simplificada solo se admite hasta 400 € IVA incluido (art. 4.1 RD 1619/2012); emita una factura completa.';
  return { allowed: false, limitCents, reason };
}
