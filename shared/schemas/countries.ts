/**
 * ISO 3166-1 alpha-2 countries and the EU VAT number formats (VIES), for customers abroad.
 */

import * as z from 'zod';

// --- countries -----------------------------------------------------------------------------------

/** ISO 3166-1 alpha-2, officially assigned codes. */
export const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI ' +
    'BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN ' +
    'CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
    'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
    'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
    'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
    'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
    'VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/**
 * EU member states and the format of their VAT number after the prefix (VIES). Greece's prefix
 * is EL, not its ISO code GR.
 */
const EU_VAT_FORMATS: Record<string, { prefix: string; format: RegExp }> = {
  AT: { prefix: 'AT', format: /^U\d{8}$/ },
  BE: { prefix: 'BE', format: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', format: /^\d{9,10}$/ },
  CY: { prefix: 'CY', format: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', format: /^\d{8,10}$/ },
  DE: { prefix: 'DE', format: /^\d{9}$/ },
  DK: { prefix: 'DK', format: /^\d{8}$/ },
  EE: { prefix: 'EE', format: /^\d{9}$/ },
  ES: { prefix: 'ES', format: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', format: /^\d{8}$/ },
  FR: { prefix: 'FR', format: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', format: /^\d{9}$/ },
  HR: { prefix: 'HR', format: /^\d{11}$/ },
  HU: { prefix: 'HU', format: /^\d{8}$/ },
  IE: { prefix: 'IE', format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', format: /^\d{11}$/ },
  LT: { prefix: 'LT', format: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', format: /^\d{8}$/ },
  LV: { prefix: 'LV', format: /^\d{11}$/ },
  MT: { prefix: 'MT', format: /^\d{8}$/ },
  NL: { prefix: 'NL', format: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', format: /^\d{10}$/ },
  PT: { prefix: 'PT', format: /^\d{9}$/ },
  RO: { prefix: 'RO', format: /^\d{2,10}$/ },
  SE: { prefix: 'SE', format: /^\d{12}$/ },
  SI: { prefix: 'SI', format: /^\d{8}$/ },
  SK: { prefix: 'SK', format: /^\d{10}$/ },
};

export const isEuCountry = (country: string): boolean => country in EU_VAT_FORMATS;

/** An EU VAT number (NIF-IVA): the member state's prefix followed by its national format. */
export function validateEuVatNumber(
  raw: string,
  country: string,
): { valid: boolean; normalized: string; reason?: string } {
  const normalized = raw.toUpperCase().replace(/[\s.\-_/]/g, '');
  const rule = EU_VAT_FORMATS[country];
  if (!rule) {
    return { valid: false, normalized, reason: 'El NIF-IVA solo existe para países de la Unión Europea.' };
  }
  if (!normalized.startsWith(rule.prefix)) {
    return {
      valid: false,
      normalized,
      reason: `El NIF-IVA debe empezar por el prefijo ${rule.prefix} del país.`,
    };
  }
  return rule.format.test(normalized.slice(2))
    ? { valid: true, normalized }
    : { valid: false, normalized, reason: `El NIF-IVA no tiene el formato de ${country}.` };
}

export const Country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => ISO_COUNTRIES.has(c), { message: 'El país debe ser un código ISO 3166-1 alfa-2.' });
