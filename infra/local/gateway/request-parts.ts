/**
 * Headers and query parameters in the shapes API Gateway gives them to Lambda (REST proxy
 * events and WebSocket $connect events use the same ones).
 */

import { traceId } from './aws-ids';

export type SingleMap = Record<string, string>;
export type MultiMap = Record<string, string[]>;

export interface ForwardingInfo {
  sourceIp: string;
  localPort: number;
  at: Date;
}

/**
 * Headers as sent (original casing), last value wins in `headers`, every value in
 * `multiValueHeaders`; plus the X-Forwarded-* and trace headers API Gateway adds.
 */
export function headersOf(
  rawHeaders: string[],
  fwd: ForwardingInfo,
): { headers: SingleMap; multiValueHeaders: MultiMap } {
  const headers: SingleMap = {};
  const multiValueHeaders: MultiMap = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    headers[name] = value;
    multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
  }
  const forwardedFor = findHeader(headers, 'x-forwarded-for');
  const added: SingleMap = {
    'X-Forwarded-For': forwardedFor ? `${forwardedFor}, ${fwd.sourceIp}` : fwd.sourceIp,
    'X-Forwarded-Port': String(fwd.localPort),
    'X-Forwarded-Proto': 'http',
    'X-Amzn-Trace-Id': traceId(fwd.at),
  };
  for (const [name, value] of Object.entries(added)) {
    for (const existing of Object.keys(headers)) {
      if (existing.toLowerCase() === name.toLowerCase()) {
        delete headers[existing];
        delete multiValueHeaders[existing];
      }
    }
    headers[name] = value;
    multiValueHeaders[name] = [value];
  }
  return { headers, multiValueHeaders };
}

/** Query parameters decoded the way API Gateway does (`+` is a space); undefined when none. */
export function queryParametersOf(raw: string): { single: SingleMap; multi: MultiMap } | undefined {
  if (!raw) return undefined;
  const single: SingleMap = {};
  const multi: MultiMap = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    single[name] = value;
    multi[name] = [...(multi[name] ?? []), value];
  }
  return Object.keys(single).length > 0 ? { single, multi } : undefined;
}

export function findHeader(headers: SingleMap, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}
