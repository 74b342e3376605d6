/**
 * The VeriFacTu QR read back (Orden HAC/1177/2024 art. 21; AEAT "Características del QR y
 * especificaciones del servicio de cotejo"): the URL of the AEAT's checking service with the issuer's
 * NIF, the series and number, the issue date (DD-MM-YYYY) and the invoice total (dot decimal).
 * Cuadra writes it with shared/fiscal/verifactu-record.ts `verifactuQrUrl`; this is its inverse, for any
 * issuer's invoice:
 *
 *   https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=…&numserie=…&fecha=…&importe=…
 *   https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?…   (test environment; NO VERI*FACTU)
 *
 * Only the AEAT hosts and these two paths are accepted: a QR pointing anywhere else proves nothing.
 */

import { decimalToCents } from '../einvoice/amounts';
import { cleanNif, isoDateOrNull } from '../einvoice/extraction';

export interface VerifactuQr {
  nif: string;
  invoiceNumber: string;
  /** ISO YYYY-MM-DD. */
  issueDate: string;
  totalCents: number;
  /** ValidarQR (a VERI*FACTU system) or ValidarQRNoVerifactu. */
  mode: 'VERIFACTU' | 'NO_VERIFACTU';
  /** The AEAT's test host (prewww2): an invoice of a test environment. */
  test: boolean;
}

const PRODUCTION_HOSTS = new Set(['www2.agenciatributaria.gob.es', 'www2.aeat.es']);
const TEST_HOSTS = new Set(['prewww2.aeat.es', 'prewww2.agenciatributaria.gob.es']);
const PATHS: Readonly<Record<string, VerifactuQr['mode']>> = {
  '/wlpl/TIKE-CONT/ValidarQR': 'VERIFACTU',
  '/wlpl/TIKE-CONT/ValidarQRNoVerifactu': 'NO_VERIFACTU',
};

/** The fields of an AEAT VeriFacTu QR URL, or null when it is not one or a field is missing or invalid. */
export function parseVerifactuQrUrl(text: string): VerifactuQr | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const test = TEST_HOSTS.has(host);
  if (!test && !PRODUCTION_HOSTS.has(host)) return null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const mode = PATHS[url.pathname.replace(/\/+$/, '')];
  if (!mode) return null;

  const param = (name: string) => url.searchParams.get(name)?.trim() || null;
  const nif = cleanNif(param('nif'));
  const invoiceNumber = param('numserie');
  const date = /^(\d{2})-(\d{2})-(\d{4})$/.exec(param('fecha') ?? '');
  const issueDate = date ? isoDateOrNull(`${date[3]}-${date[2]}-${date[1]}`) : null;
  const importe = param('importe');
  const totalCents = importe !== null && /^-?\d+(\.\d+)?$/.test(importe) ? decimalToCents(importe) : null;
  if (!nif || !invoiceNumber || !issueDate || totalCents === null) return null;
  return { nif, invoiceNumber, issueDate, totalCents, mode, test };
}
