/**
 * Bytes of an N43 file -> text. The booklet asks for ASCII upper case, but files come as ISO-8859-1
 * (most banks), CP850 (old DOS exports) or UTF-8 (some web banking exports; OCA's test.n43). Rule:
 * UTF-8 when the bytes are valid UTF-8 AND hold at least one multibyte sequence (pure ASCII decodes
 * the same either way); ISO-8859-1 otherwise. CP850 is not detected (its accented letters read as
 * other Latin-1 letters; the amounts and codes, all ASCII, are unaffected).
 */

export type N43Encoding = 'ISO-8859-1' | 'UTF-8';

const hasHighBytes = (bytes: Uint8Array): boolean => bytes.some((b) => b >= 0x80);

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** ISO-8859-1 maps each byte to the code point of the same value (WHATWG's 'latin1' is windows-1252). */
function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return out;
}

export function decodeN43(bytes: Uint8Array): { text: string; encoding: N43Encoding } {
  if (hasHighBytes(bytes) && isValidUtf8(bytes)) {
    // ignoreBOM false (default): a leading UTF-8 byte-order mark is dropped.
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8' };
  }
  return { text: decodeLatin1(bytes), encoding: 'ISO-8859-1' };
}
