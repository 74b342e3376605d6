/**
 * Inflating untrusted data without ever holding a bomb: the compressed bytes are handed to fflate's
 * streaming inflater a few KB at a time (deflate expands at most ~1032:1, so one slice costs at most
 * ~4 MB), the output is counted, and inflation stops the moment it passes `limit`. Output is kept only
 * when asked (small parts such as an Office `[Content_Types].xml`).
 */

import { Inflate, Unzlib } from 'fflate';

const SLICE = 4096;

export interface Inflated {
  /** Bytes produced before stopping (at most limit + one slice's expansion). */
  size: number;
  /** Inflation passed `limit` and was stopped. */
  exceeded: boolean;
  /** The stream is corrupt or ends early (what was produced until then is counted). */
  broken: boolean;
  /** The output, when `keep` was asked and the limit was not passed. */
  bytes: Uint8Array | null;
}

class Exceeded extends Error {}

export function inflateCapped(
  data: Uint8Array,
  opts: { format: 'zlib' | 'raw'; limit: number; keep?: boolean },
): Inflated {
  let size = 0;
  let finished = false;
  const chunks: Uint8Array[] = [];
  const inflater = opts.format === 'zlib' ? new Unzlib() : new Inflate();
  inflater.ondata = (chunk, final) => {
    size += chunk.length;
    if (size > opts.limit) throw new Exceeded();
    if (opts.keep) chunks.push(chunk.slice());
    if (final) finished = true;
  };
  try {
    for (let at = 0; at < data.length && !finished; at += SLICE) {
      const end = Math.min(at + SLICE, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch (e) {
    if (e instanceof Exceeded) return { size, exceeded: true, broken: false, bytes: null };
    return { size, exceeded: false, broken: true, bytes: null };
  }
  if (!opts.keep) return { size, exceeded: false, broken: !finished, bytes: null };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { size, exceeded: false, broken: !finished, bytes };
}
