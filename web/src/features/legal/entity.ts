/**
 * The provider of the service (LSSI-CE art. 10: the data every information-society service must
 * show). The legal notice, the privacy policy and the terms render this constant and nothing else,
 * so the company's identification is written once.
 *
 * Fill in every `null` before going live: a page leaves out what is not set instead of printing a
 * placeholder, and in development it lists what is missing (see `missingEntityFields`).
 */
export interface LegalEntity {
  /** The service's trade name, as users know it. */
  tradeName: string;
  /** Razón social of the holder (e.g. the SL that operates the service). */
  legalName: string | null;
  /** NIF of the holder. */
  nif: string | null;
  /** Domicilio social: street, number, postal code, city and province. */
  address: string | null;
  /** Registro Mercantil data: registry, tomo, folio, hoja (LSSI-CE art. 10.1.b). */
  registry: string | null;
  /** General contact e-mail, also used for data-protection requests. */
  email: string;
  phone: string | null;
  /** Data protection officer's e-mail, if one has been appointed (RGPD art. 37; LOPDGDD art. 34). */
  dpoEmail: string | null;
  website: string;
}

export const LEGAL_ENTITY: LegalEntity = {
  tradeName: 'Cuadra',
  legalName: null,
  nif: null,
  address: null,
  registry: null,
  email: 'soporte@cuadra.app',
  phone: null,
  dpoEmail: null,
  website: 'cuadra.app',
};

const REQUIRED_LABELS = {
  legalName: 'razón social',
  nif: 'NIF',
  address: 'domicilio social',
  registry: 'datos registrales',
} as const satisfies Partial<Record<keyof LegalEntity, string>>;

/** The identification fields LSSI-CE art. 10 asks for that are still empty. */
export function missingEntityFields(entity: LegalEntity = LEGAL_ENTITY): string[] {
  return (Object.keys(REQUIRED_LABELS) as (keyof typeof REQUIRED_LABELS)[])
    .filter((key) => !entity[key])
    .map((key) => REQUIRED_LABELS[key]);
}

/** How the pages name the holder: its razón social, or the trade name until that is filled in. */
export const holderName = (entity: LegalEntity = LEGAL_ENTITY): string =>
  entity.legalName ?? entity.tradeName;
