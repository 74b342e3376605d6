/**
 * The security headers every answer carries, defined once for the two realisations: CloudFront's
 * response headers policies and API Gateway's own responses (infra/cdk), and the local gateway
 * (infra/local/gateway). OWASP Secure Headers Project values.
 *
 * - The SPA's policy allows scripts from its own origin only (no inline script, no eval: the Vite
 *   build emits none and web/index.html has none). Styles need 'unsafe-inline': antd's CSS-in-JS
 *   writes <style> elements at runtime and index.html carries the boot screen's <style>.
 *   connect-src names the API (same origin), Cognito and the notifications WebSocket.
 * - API answers (JSON, PDF, XLSX...) are never rendered as pages: nothing may load from them.
 */

/** On every answer: SPA, API (Lambda or gateway's own), dev pages. */
export const COMMON_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Legacy twin of frame-ancestors 'none' for browsers that predate CSP 2.
  'X-Frame-Options': 'DENY',
} as const;

/** The CSP of API answers: a document that loads nothing and cannot be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The CSP of pages that are not the SPA (the local dev area): only the framing rule. */
export const FRAME_ONLY_CONTENT_SECURITY_POLICY = "frame-ancestors 'none'";

export interface SpaCspSources {
  /**
   * Origins the SPA calls besides its own (the API is same-origin): Cognito's endpoint and the
   * notifications WebSocket, e.g. `https://cognito-idp.eu-west-1.amazonaws.com`, `wss://abc.execute-api...`.
   */
  connect: readonly string[];
}

/** The SPA's Content-Security-Policy. */
export function spaContentSecurityPolicy(sources: SpaCspSources): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Logos and QR codes are shown from blob: and data: URLs made from API answers.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    // A document under review is previewed in a frame from a blob: URL of its bytes (issue 17).
    ['frame-src', "'self'", 'blob:'],
    ['connect-src', "'self'", ...sources.connect],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Origin of a URL (`wss://host/stage` -> `wss://host`), for connect-src. */
export const originOf = (url: string): string => new URL(url).origin;
