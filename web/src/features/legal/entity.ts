/**
 * The provider of the service (LSSI-CE art. 10, RGPD art. 13: the data every information-society
 * service must show). Each deployment sets it in its runtime configuration (`legalEntity` of
 * /config.json, web/src/lib/runtime-config.ts); the legal notice, the privacy policy, the terms,
 * the cookie and usage policies read `legalEntity()` and nothing else. A page leaves out what is
 * not set instead of printing a placeholder, and says what is missing (`missingEntityFields`).
 */
import { peekRuntimeConfig } from '@web/lib/runtime-config';

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
  /** A local or demo deployment: the data are labelled as not a real company's. */
  demo: boolean;
}

/** What holds without any configuration: the trade name, the general contact and the website. */
export const LEGAL_ENTITY_DEFAULTS: LegalEntity = {
  tradeName: 'Cuadra',
  legalName: null,
  nif: null,
  address: null,
  registry: null,
  email: 'soporte@cuadra.app',
  phone: null,
  dpoEmail: null,
  website: 'cuadra.app',
  demo: false,
};

/** The provider as this deployment configured it, over the defaults. */
export function legalEntity(): LegalEntity {
  const configured = peekRuntimeConfig()?.legalEntity ?? {};
  return {
    ...LEGAL_ENTITY_DEFAULTS,
    ...Object.fromEntries(Object.entries(configured).filter(([, value]) => value !== undefined)),
  };
}

const REQUIRED_LABELS = {
  legalName: 'razón social',
  nif: 'NIF',
  address: 'domicilio social',
  registry: 'datos registrales',
} as const satisfies Partial<Record<keyof LegalEntity, string>>;

/** The identification fields LSSI-CE art. 10 asks for that are still empty. */
export function missingEntityFields(entity: LegalEntity = legalEntity()): string[] {
  return (Object.keys(REQUIRED_LABELS) as (keyof typeof REQUIRED_LABELS)[])
    .filter((key) => !entity[key])
    .map((key) => REQUIRED_LABELS[key]);
}

/** How the pages name the holder: its razón social, or the trade name until that is filled in. */
export const holderName = (entity: LegalEntity = legalEntity()): string =>
  entity.legalName ?? entity.tradeName;
