/**
 * Spanish bank entity codes (positions 5-8 of an ES IBAN, the first four digits of the CCC) -> the
 * bank's name. Source: Banco de España, Registro Oficial de Entidades (bde.es, "Entidades de crédito",
 * código de entidad), the same register the BIC directory of the Spanish banks is keyed by. Codes of
 * banks since absorbed stay valid on old accounts, so they are listed with the bank that absorbed them.
 * Only codes checked against the register are listed; an unlisted code has no name (never a guess).
 */

import { cccControlDigits, formatIban, ibanCheckDigits, validateIban } from '@shared/fiscal/iban';

export const SPANISH_BANKS: Readonly<Record<string, string>> = {
  '0019': 'Deutsche Bank',
  '0030': 'Banco Español de Crédito (Santander)',
  '0031': 'Banco Etcheverría',
  '0046': 'Banco Gallego (Sabadell)',
  '0049': 'Banco Santander',
  '0061': 'Banca March',
  '0065': 'Barclays Bank',
  '0073': 'Openbank',
  '0075': 'Banco Popular Español (Santander)',
  '0078': 'Banca Pueyo',
  '0081': 'Banco Sabadell',
  '0083': 'Renta 4 Banco',
  '0108': 'Société Générale',
  '0122': 'Citibank España',
  '0128': 'Bankinter',
  '0130': 'Banco Caixa Geral',
  '0131': 'Novo Banco',
  '0138': 'Bankoa',
  '0149': 'BNP Paribas',
  '0182': 'BBVA',
  '0186': 'Banco Mediolanum',
  '0188': 'Banco Alcalá',
  '0198': 'Banco Cooperativo Español',
  '0216': 'Targobank',
  '0232': 'Banco Inversis',
  '0234': 'Banco Caminos',
  '0237': 'Cajasur Banco',
  '0238': 'Banco Pastor (Santander)',
  '0239': 'EVO Banco',
  '0487': 'Banco Mare Nostrum (CaixaBank)',
  '1465': 'ING',
  '1474': 'Citibank Europe',
  '1491': 'Triodos Bank',
  '2000': 'Cecabank',
  '2013': 'Catalunya Banc (BBVA)',
  '2038': 'Bankia (CaixaBank)',
  '2045': 'Caixa Ontinyent',
  '2048': 'Liberbank (Unicaja)',
  '2056': 'Colonya Caixa Pollença',
  '2080': 'Abanca',
  '2085': 'Ibercaja',
  '2095': 'Kutxabank',
  '2100': 'CaixaBank',
  '2103': 'Unicaja Banco',
  '2108': 'Banco CEISS (Unicaja)',
  '3008': 'Caja Rural de Navarra',
  '3017': 'Caja Rural de Soria',
  '3023': 'Caja Rural de Granada',
  '3025': 'Caixa d’Enginyers',
  '3035': 'Laboral Kutxa',
  '3058': 'Cajamar',
  '3067': 'Caja Rural de Jaén',
  '3081': 'Eurocaja Rural',
  '3183': 'Arquia Bank',
  '3187': 'Caja Rural del Sur',
};

export const bankNameOf = (entityCode: string): string | null => SPANISH_BANKS[entityCode] ?? null;

/** A Spanish CCC (entity, office, account; control digits computed) -> IBAN, electronic format. */
export function spanishIbanOf(entity: string, office: string, account: string): string {
  if (!/^\d{4}$/.test(entity) || !/^\d{4}$/.test(office) || !/^\d{10}$/.test(account)) {
    throw new Error('CCC: entity and office take 4 digits, account 10');
  }
  const bban = `${entity}${office}${cccControlDigits(entity, office, account)}${account}`;
  return `ES${ibanCheckDigits('ES', bban)}${bban}`;
}

export interface IbanDetails {
  valid: boolean;
  /** Electronic format (no spaces, upper case), as typed when invalid. */
  iban: string;
  /** Groups of four for display. */
  formatted: string;
  country: string | null;
  /** Spanish IBANs: the entity code and its name in the register (null when not listed). */
  bankCode: string | null;
  bankName: string | null;
  /** Why it is invalid, in Spanish. */
  reason: string | null;
}

export function ibanDetails(raw: string): IbanDetails {
  const r = validateIban(raw);
  const bankCode = r.valid && r.country === 'ES' ? r.normalized.slice(4, 8) : null;
  return {
    valid: r.valid,
    iban: r.normalized,
    formatted: formatIban(r.normalized),
    country: r.country,
    bankCode,
    bankName: bankCode ? bankNameOf(bankCode) : null,
    reason: r.valid ? null : (r.reason ?? 'El IBAN no es válido'),
  };
}
