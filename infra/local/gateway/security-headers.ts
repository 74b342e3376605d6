/**
 * The security headers of every answer of the local gateway, as CloudFront and API Gateway give
 * them in AWS (shared/api/security-headers.ts): set on the response before it is routed, so the SPA,
 * /config.json, the API (Lambda answers and the gateway's own 401/403/404/429) and the dev pages all
 * carry them, whichever code writes the head afterwards.
 */

import type { ServerResponse } from 'node:http';
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  originOf,
  spaContentSecurityPolicy,
} from '@shared/api/security-headers';
import type { WebRuntimeConfig } from '../types';

/** Absolute origins the SPA is configured to call (the WebSocket; Cognito when not a same-origin path). */
export function spaConnectSources(config: WebRuntimeConfig): string[] {
  const urls = [config.wsUrl, config.userPoolEndpoint, config.apiBaseUrl];
  const origins = urls.flatMap((url) => (url && /^(https?|wss?):\/\//.test(url) ? [originOf(url)] : []));
  return [...new Set(origins)];
}

export type SecurityHeaders = (res: ServerResponse, path: string) => void;

/** Which CSP a path gets: API-like answers load nothing; dev pages only the common headers. */
export function createSecurityHeaders(config: WebRuntimeConfig): SecurityHeaders {
  const spaPolicy = spaContentSecurityPolicy({ connect: spaConnectSources(config) });
  return (res, path) => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
    const first = path.split('/')[1] ?? '';
    // The dev pages show mails in sandboxed srcdoc iframes, which inherit the page's CSP: none here.
    if (first === '_dev') return;
    const apiLike = ['api', '_cognito', '_ws', 'ws', 'config.json'].includes(first);
    res.setHeader('Content-Security-Policy', apiLike ? API_CONTENT_SECURITY_POLICY : spaPolicy);
  };
}
