/**
 * Reads a Lambda proxy response the way API Gateway does and writes it to the HTTP response.
 * Anything that is not a valid proxy response is "malformed" (API Gateway answers 5xx then).
 */

import type { ServerResponse } from 'node:http';

export interface ProxyResult {
  statusCode: number;
  /** Merged `headers` + `multiValueHeaders`, keyed by the handler's casing. */
  headers: Record<string, string[]>;
  body: Buffer;
}

export type ParsedResult = { ok: true; result: ProxyResult } | { ok: false; reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function parseProxyResult(value: unknown): ParsedResult {
  if (!isRecord(value)) return { ok: false, reason: 'the result is not an object' };
  const { statusCode, headers = {}, multiValueHeaders = {}, body, isBase64Encoded = false } = value;
  if (
    typeof statusCode !== 'number' ||
    !Number.isInteger(statusCode) ||
    statusCode < 100 ||
    statusCode > 599
  ) {
    return { ok: false, reason: `statusCode ${JSON.stringify(statusCode)} is not an HTTP status` };
  }
  if (body !== undefined && body !== null && typeof body !== 'string') {
    return { ok: false, reason: 'body must be a string' };
  }
  if (typeof isBase64Encoded !== 'boolean') return { ok: false, reason: 'isBase64Encoded must be a boolean' };
  if (!isRecord(headers) || !Object.values(headers).every(isScalar)) {
    return { ok: false, reason: 'headers must map names to strings' };
  }
  if (
    !isRecord(multiValueHeaders) ||
    !Object.values(multiValueHeaders).every((v) => Array.isArray(v) && v.every(isScalar))
  ) {
    return { ok: false, reason: 'multiValueHeaders must map names to arrays of strings' };
  }
  return {
    ok: true,
    result: {
      statusCode,
      headers: mergeHeaders(
        headers as Record<string, unknown>,
        multiValueHeaders as Record<string, unknown[]>,
      ),
      body: Buffer.from(body ?? '', isBase64Encoded ? 'base64' : 'utf8'),
    },
  };
}

/**
 * AWS merges both maps into one list per header; a name/value pair present in both appears once
 * (the multi-value copy).
 */
function mergeHeaders(
  single: Record<string, unknown>,
  multi: Record<string, unknown[]>,
): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  const keyOf = (name: string) =>
    Object.keys(merged).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
  for (const [name, values] of Object.entries(multi)) {
    const key = keyOf(name);
    merged[key] = [...(merged[key] ?? []), ...values.map(String)];
  }
  for (const [name, value] of Object.entries(single)) {
    const key = keyOf(name);
    const list = merged[key] ?? [];
    if (!list.includes(String(value))) list.push(String(value));
    merged[key] = list;
  }
  return merged;
}

/** Framing headers are ours to set: the handler's could contradict the body we actually send. */
const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

export function writeProxyResult(res: ServerResponse, result: ProxyResult, requestId: string): void {
  for (const [name, values] of Object.entries(result.headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase())) res.setHeader(name, values.length === 1 ? values[0]! : values);
  }
  // API Gateway defaults a proxy response without Content-Type to JSON.
  if (!res.hasHeader('content-type')) res.setHeader('Content-Type', 'application/json');
  res.setHeader('x-amzn-RequestId', requestId);
  res.statusCode = result.statusCode;
  // 204 and 304 carry no body by definition.
  if (result.statusCode === 204 || result.statusCode === 304) {
    res.end();
    return;
  }
  res.setHeader('Content-Length', String(result.body.length));
  res.end(result.body);
}
