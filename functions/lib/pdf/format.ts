/**
 * es-ES formatting for the invoice PDF, from the stored integers (céntimos, milésimas, basis
 * points) with integer arithmetic only, and the WinAnsi sanitiser the standard Helvetica needs.
 */

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 123456 -> '1.234,56 €'; -5 -> '-0,05 €'. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an integer amount: ${cents}`);
  const abs = BigInt(Math.abs(cents));
  const euros = (abs / 100n).toString();
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${group(euros)},${rest} €`;
}

/** An integer scaled by `scale` (a power of ten) as es-ES decimals without trailing zeros. */
function scaled(value: number, scale: bigint, decimals: number): string {
  const abs = BigInt(Math.abs(Math.trunc(value)));
  const int = group((abs / scale).toString());
  const frac = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${int}${frac ? `,${frac}` : ''}`;
}

/** 2500 -> '2,5'; 1000 -> '1'; 1234567 -> '1.234,567'. */
export const formatQuantity = (quantityMilli: number): string => scaled(quantityMilli, 1000n, 3);

/** Basis points as a percentage: 2100 -> '21 %'; 550 -> '5,5 %'. */
export const formatRate = (bp: number): string => `${scaled(bp, 100n, 2)} %`;

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** The characters of WinAnsiEncoding beyond ASCII and Latin-1 (the 0x80–0x9F block). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isWinAnsi = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
};

/**
 * Text the standard (WinAnsi) Helvetica can draw: controls become spaces, letters outside WinAnsi
 * lose their diacritics (ă -> a, ș -> s), and anything else left becomes '?'. Spanish text
 * (á é í ó ú ü ñ Ñ º ª € ¿ ¡) passes unchanged.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (isWinAnsi(ch)) out += ch;
    else if (/\s/.test(ch)) out += ' ';
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}
