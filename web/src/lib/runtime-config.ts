import * as z from 'zod';

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * `/config.json`, written by the local cloud (`npm start`) and by the deploy into the SPA bucket:
 * the same build runs against any environment because nothing environment-specific is baked in.
 */
export const RuntimeConfig = z.object({
  /** '' means the API is served from the SPA's own origin. */
  apiBaseUrl: z.union([z.literal(''), httpUrl]).transform((url) => url.replace(/\/+$/, '')),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /**
   * Local only: the Cognito shim in front of cognito-local. A path (`/_cognito`) is taken on the
   * SPA's origin, which keeps it working behind the Vite dev proxy too.
   */
  userPoolEndpoint: z
    .union([httpUrl, z.string().regex(/^\/(?!\/)/)])
    .transform((url) => new URL(url, window.location.origin).toString().replace(/\/+$/, ''))
    .optional(),
  wsUrl: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

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
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(raíz)'))];
    throw new RuntimeConfigError(`El archivo de configuración no es válido (${fields.join(', ')}).`, {
      cause: parsed.error,
    });
  }
  current = parsed.data;
  return current;
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
