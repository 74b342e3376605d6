/**
 * How the judge's invoices print money, dates and tax ids: the variety a gestoría receives (Spanish
 * "1.234,56 €", "1234,56 EUR", English "€1,234.56"; "03/10/2026", "3 de octubre de 2026",
 * "03.10.2026", "October 3, 2026"; "B-46128732", "ES B46128732"). Written apart from the team's corpus
 * generator on purpose (issue 17, "How it will be judged": a corpus that is not in the repository).
 */

export type MoneyStyle = 'es' | 'es-plain' | 'es-eur' | 'en' | 'en-eur';
export type DateStyle = 'slash' | 'dash' | 'dot' | 'long-es' | 'long-en' | 'iso' | 'short-en';

const groupThousands = (digits: string, sep: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** Céntimos as the invoice prints them (no currency sign). */
export function amount(cents: number, style: MoneyStyle): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100));
  const dec = String(abs % 100).padStart(2, '0');
  switch (style) {
    case 'es':
    case 'es-eur':
      return `${sign}${groupThousands(units, '.')},${dec}`;
    case 'es-plain':
      return `${sign}${units},${dec}`;
    case 'en':
    case 'en-eur':
      return `${sign}${groupThousands(units, ',')}.${dec}`;
  }
}

/** Céntimos with the currency the way the style writes it. */
export function money(cents: number, style: MoneyStyle): string {
  const a = amount(cents, style);
  switch (style) {
    case 'es':
    case 'es-plain':
      return `${a} €`;
    case 'es-eur':
      return `${a} EUR`;
    case 'en':
      return cents < 0 ? `-€${a.slice(1)}` : `€${a}`;
    case 'en-eur':
      return `EUR ${a}`;
  }
}

/** A rate in basis points as printed: 2100 -> "21", 520 -> "5,2" ("5.2" in English). */
export function rate(bp: number, english = false): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  const dec = String(rest).padStart(2, '0').replace(/0$/, '');
  return `${whole}${english ? '.' : ','}${dec}`;
}

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An ISO date as the invoice prints it. */
export function date(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = Number(m) - 1;
  switch (style) {
    case 'slash':
      return `${d}/${m}/${y}`;
    case 'dash':
      return `${d}-${m}-${y}`;
    case 'dot':
      return `${d}.${m}.${y}`;
    case 'long-es':
      return `${Number(d)} de ${MESES[month]} de ${y}`;
    case 'long-en':
      return `${Number(d)} ${MONTHS[month]} ${y}`;
    case 'short-en':
      return `${MONTHS[month]} ${Number(d)}, ${y}`;
    case 'iso':
      return iso;
  }
}

/** DD-MM-YYYY: the `fecha` of the VeriFacTu QR (Orden HAC/1177/2024 art. 21). */
export const qrDate = (iso: string): string => date(iso, 'dash');

/** The QR's `importe`: the total with a dot and two decimals (ImporteTotal of the record). */
export function qrAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The AEAT validation URL of a VeriFacTu invoice (Orden HAC/1177/2024 art. 20; the AEAT's
 * "Características del QR" document): nif, numserie, fecha, importe, in this order, URL-encoded.
 */
export function verifactuQrUrl(a: {
  nif: string;
  number: string;
  issueDate: string;
  totalCents: number;
}): string {
  const q = [
    `nif=${encodeURIComponent(a.nif)}`,
    `numserie=${encodeURIComponent(a.number)}`,
    `fecha=${qrDate(a.issueDate)}`,
    `importe=${qrAmount(a.totalCents)}`,
  ].join('&');
  return `https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?${q}`;
}

/** Half-up rounding of céntimos × basis points, symmetric for negative amounts (rectificativas). */
export function quotaOf(baseCents: number, rateBp: number): number {
  const abs = Math.abs(baseCents) * rateBp;
  const q = Math.floor((abs + 5_000) / 10_000);
  return baseCents < 0 ? -q : q;
}
