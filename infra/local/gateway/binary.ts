/**
 * Which request bodies reach the Lambda base64-encoded. In AWS this is the REST API's
 * `binaryMediaTypes` setting: a body whose Content-Type matches one of these arrives with
 * `isBase64Encoded: true`; anything else is passed as UTF-8 text (and binary bytes would be
 * mangled). The list lives in the manifest, which the CDK stack reads too.
 */

import { binaryMediaTypes } from '../../manifest';

export const BINARY_MEDIA_TYPES = binaryMediaTypes;

/** True when a Content-Type header value matches a binary media type (parameters ignored). */
export function isBinaryMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return BINARY_MEDIA_TYPES.some((binary) =>
    binary.endsWith('/*') ? type.startsWith(binary.slice(0, -1)) : type === binary,
  );
}
