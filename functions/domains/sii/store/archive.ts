/**
 * The archive of every SOAP exchange with the AEAT's SII (reference/reliability.md §4,
 * verifactu-sii.md §7), as VeriFacTu's (functions/domains/verifactu/store/archive.ts): the exact
 * envelope sent (Suministro, Baja or ConsultaLR) and the raw answer, in the `sii-archive` bucket
 * (versioned, S3 Object Lock COMPLIANCE for 6 years: Código de Comercio art. 30), under
 *
 *   <companyId>/<yyyy>/<mm>/<exchangeId>-request.xml
 *   <companyId>/<yyyy>/<mm>/<exchangeId>-response.xml   (an XML answer, byte for byte)
 *   <companyId>/<yyyy>/<mm>/<exchangeId>-response.txt   (no XML: HTTP status, or the transport
 *                                                        outcome: time-out, connection lost…)
 *
 * `exchangeId` is the submission id (`SiiSubmission.submissionId`); later pages of one ConsultaLR
 * are `<id>-p2`, `<id>-p3`. Keys are built from ids only (checked against ID_PATTERN) and the
 * exchange's UTC month; nothing a user typed ever reaches a key.
 *
 * Failure policy (the audit trail is part of the legal duty):
 *  - the REQUEST is stored before the call; if that fails the call is NOT made: `request()` throws
 *    ArchiveUnavailableError and the sender puts the records back to QUEUED and retries later;
 *  - the RESPONSE is stored after the call; a failure is retried once, then logged, and the outcome
 *    is still recorded with `archive.response = null` (the send happened: its outcome must not be
 *    lost because of the archive).
 */

import { errorFields, type Logger } from '@functions/platform/logger';
import type { SiiDeps } from './deps';

export interface ArchiveKeys {
  request: string | null;
  response: string | null;
}

/** Company ids and exchange ids: nothing else can be part of a key. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

const XML_TYPE = 'application/xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The request side could not be archived: the SOAP call must not be made now. */
export class ArchiveUnavailableError extends Error {
  override name = 'ArchiveUnavailableError';
}

const checkId = (what: string, id: string): string => {
  if (!ID_PATTERN.test(id)) throw new Error(`SII archive: invalid ${what}`);
  return id;
};

/** `<companyId>/<yyyy>/<mm>/<exchangeId>-<part>.<ext>` (UTC month of the exchange). */
export function archiveKey(
  companyId: string,
  at: Date,
  exchangeId: string,
  part: 'request' | 'response',
  ext: 'xml' | 'txt',
): string {
  const yyyy = String(at.getUTCFullYear()).padStart(4, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${checkId('company', companyId)}/${yyyy}/${mm}/${checkId('exchange', exchangeId)}-${part}.${ext}`;
}

/** True for a key this module built for that company (what a download route may accept). */
export function isArchiveKeyOf(companyId: string, key: string): boolean {
  const m = /^([A-Za-z0-9_-]{1,80})\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{1,80}-(request|response)\.(xml|txt)$/.exec(
    key,
  );
  return m !== null && m[1] === companyId;
}

/** Where archived exchanges are written and read (S3 in the functions, a map in tests). */
export interface ArchiveStore {
  put(key: string, body: string, contentType: string): Promise<void>;
  /** The object's bytes and content type; null when it does not exist. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
}

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/** The `sii-archive` bucket through the lazily loaded S3 client of the deps. */
export function s3ArchiveStore(deps: Pick<SiiDeps, 's3' | 'archiveBucket'>): ArchiveStore {
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await deps.s3();
      // The SDK adds a checksum (CRC32) to every PutObject: Object Lock buckets require one.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: deps.archiveBucket,
          Key: key,
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await deps.s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: deps.archiveBucket, Key: key }));
        const body = res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
        return { body, contentType: res.ContentType ?? (key.endsWith('.xml') ? XML_TYPE : TEXT_TYPE) };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
  };
}

/** The raw outcome of one call, as the recorder stores it. */
export type ExchangeOutcome =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'transport'; delivered: 'NO' | 'MAYBE'; reason: string; detail: string };

/** What a SOAP call records about itself: the request before, the answer after. */
export interface ExchangeRecorder {
  /** Stores the envelope about to be sent; throws ArchiveUnavailableError when it cannot. */
  request(body: string): Promise<void>;
  /** Stores the raw outcome of the call; never throws. */
  response(outcome: ExchangeOutcome): Promise<void>;
  /** The keys of the (first) exchange; null when no request was stored. */
  keys(): ArchiveKeys | null;
}

/** The raw outcome as stored: an XML answer as received, anything else as a short text. */
export function responseContent(outcome: ExchangeOutcome): { ext: 'xml' | 'txt'; body: string } {
  if (outcome.kind === 'http' && outcome.body.trimStart().startsWith('<'))
    return { ext: 'xml', body: outcome.body };
  if (outcome.kind === 'http')
    return {
      ext: 'txt',
      body: `HTTP ${outcome.status}\n${outcome.body ? `\n${outcome.body}` : '(sin cuerpo)\n'}`,
    };
  // The detail is ours (aeat-client.ts): error codes and Spanish text, nothing of the certificate.
  return {
    ext: 'txt',
    body: `${outcome.reason}\ndelivered=${outcome.delivered}\n${outcome.detail}\n`,
  };
}

/**
 * The recorder of one exchange (one message, or one ConsultaLR with its pages). `at` fixes the key's
 * month, so request and response of an exchange share a folder.
 */
export function exchangeRecorder(
  store: ArchiveStore,
  opts: { companyId: string; exchangeId: string; at: Date; log: Logger },
): ExchangeRecorder {
  checkId('company', opts.companyId);
  checkId('exchange', opts.exchangeId);
  let calls = 0;
  let current: string | null = null;
  let first: ArchiveKeys | null = null;
  return {
    async request(body) {
      calls += 1;
      const id = calls === 1 ? opts.exchangeId : `${opts.exchangeId}-p${calls}`;
      const key = archiveKey(opts.companyId, opts.at, id, 'request', 'xml');
      try {
        await store.put(key, body, XML_TYPE);
      } catch (e) {
        current = null;
        opts.log.error('SII request not archived; the call is not made', {
          companyId: opts.companyId,
          key,
          ...errorFields(e),
        });
        throw new ArchiveUnavailableError('No se pudo archivar la petición a la AEAT.');
      }
      current = id;
      if (calls === 1) first = { request: key, response: null };
    },
    async response(outcome) {
      if (!current) return;
      const { ext, body } = responseContent(outcome);
      const key = archiveKey(opts.companyId, opts.at, current, 'response', ext);
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          await store.put(key, body, ext === 'xml' ? XML_TYPE : TEXT_TYPE);
          if (first && current === opts.exchangeId) first = { ...first, response: key };
          return;
        } catch (e) {
          if (attempt === 2)
            opts.log.error('SII response not archived; the outcome is recorded without it', {
              companyId: opts.companyId,
              key,
              ...errorFields(e),
            });
        }
      }
    },
    keys: () => first,
  };
}
