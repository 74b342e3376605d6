/**
 * `/config.json`, written by the local cloud (`npm start`) and by the deploy into the SPA bucket:
 * the same build runs against any environment because nothing environment-specific is baked in.
 *
 * Validated by hand rather than with zod: this runs before the first screen, and zod would add
 * about 20 kB gzip to the start-up JavaScript of every page, the login included.
 */
export interface RuntimeConfig {
  /** '' means the API is served from the SPA's own origin; never ends with '/'. */
  apiBaseUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /**
   * Local only: the Cognito shim in front of cognito-local. A path (`/_cognito`) is taken on the
   * SPA's origin, which keeps it working behind the Vite dev proxy too.
   */
  userPoolEndpoint?: string;
  /** The notifications WebSocket (`wss://…`, locally `ws://localhost:3000/ws`). */
  wsUrl: string;
  /**
   * Who provides the service (LSSI-CE art. 10, RGPD art. 13), set by each deployment; the legal
   * pages show it (web/src/features/legal/entity.ts). Absent: the pages list what is missing.
   */
  legalEntity?: LegalEntityConfig;
}

/** The provider's identification as a deployment sets it; every field optional. */
export interface LegalEntityConfig {
  /** Razón social with its legal form ('Cuadra Software, S.L.'). */
  legalName?: string;
  nif?: string;
  /** Domicilio social: street, number, postal code, city, province. */
  address?: string;
  /** Registro Mercantil entry: registry, tomo, folio, hoja, inscripción. */
  registry?: string;
  email?: string;
  phone?: string;
  dpoEmail?: string;
  website?: string;
  /** True for a local or demo deployment: the pages say the data are not a real company's. */
  demo?: boolean;
}

const LEGAL_TEXT_FIELDS = [
  'legalName',
  'nif',
  'address',
  'registry',
  'email',
  'phone',
  'dpoEmail',
  'website',
] as const;

/** The legal entity block: the text fields that are non-empty strings, and the demo flag. */
export function parseLegalEntity(raw: unknown): LegalEntityConfig | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const source = raw as Record<string, unknown>;
  const entity: LegalEntityConfig = {};
  for (const key of LEGAL_TEXT_FIELDS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim()) entity[key] = value.trim();
  }
  if (source.demo === true) entity.demo = true;
  return entity;
}

export const RUNTIME_CONFIG_URL = '/config.json';

/** Why the configuration could not be used; shown on the start-up error screen. */
export class RuntimeConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RuntimeConfigError';
  }
}

let current: RuntimeConfig | undefined;

/** Fetches and validates `/config.json`. Rejects with a `RuntimeConfigError` (Spanish message). */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // Same request shape as the <link rel="preload"> in index.html, so the browser reuses it.
    response = await fetchImpl(RUNTIME_CONFIG_URL, { credentials: 'same-origin' });
  } catch (cause) {
    throw new RuntimeConfigError('No se ha podido contactar con el servidor.', { cause });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`El servidor respondió con el estado ${response.status}.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError('El archivo de configuración no es un JSON válido.', { cause });
  }
  current = parseRuntimeConfig(body);
  return current;
}

/** The configuration, or a `RuntimeConfigError` naming every invalid field. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const invalid: string[] = [];
  const text = (key: keyof RuntimeConfig, valid: (value: string) => boolean): string => {
    const value = raw[key];
    if (typeof value === 'string' && valid(value)) return value;
    invalid.push(key);
    return '';
  };
  const nonEmpty = (value: string) => value.length > 0;

  const apiBaseUrl = text('apiBaseUrl', (v) => v === '' || isHttpUrl(v)).replace(/\/+$/, '');
  const region = text('region', nonEmpty);
  const userPoolId = text('userPoolId', nonEmpty);
  const userPoolClientId = text('userPoolClientId', nonEmpty);
  const endpoint =
    raw.userPoolEndpoint === undefined
      ? undefined
      : text('userPoolEndpoint', (v) => isHttpUrl(v) || /^\/(?!\/)/.test(v));
  const wsUrl = text('wsUrl', nonEmpty);

  if (invalid.length > 0 || !(body && typeof body === 'object')) {
    const fields = invalid.length > 0 ? invalid.join(', ') : '(raíz)';
    throw new RuntimeConfigError(`El archivo de configuración no es válido (${fields}).`);
  }
  return {
    apiBaseUrl,
    region,
    userPoolId,
    userPoolClientId,
    ...(endpoint
      ? { userPoolEndpoint: new URL(endpoint, window.location.origin).toString().replace(/\/+$/, '') }
      : {}),
    wsUrl,
    ...(raw.legalEntity === undefined ? {} : { legalEntity: parseLegalEntity(raw.legalEntity) }),
  };
}

/** The configuration loaded at start-up, or undefined before (and in tests that load none). */
export function peekRuntimeConfig(): RuntimeConfig | undefined {
  return current;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The configuration loaded at start. Throws if read before `loadRuntimeConfig` resolved. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration read before it was loaded');
  return current;
}

/** Test seam: set (or clear) the configuration without fetching it. */
export function setRuntimeConfig(config: RuntimeConfig | undefined): void {
  current = config;
}
