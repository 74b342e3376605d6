/**
 * What a normalised image is: our own re-encoding of an upload (functions/lib/images), at most
 * NORMALISED_MAX_SIDE on its longest side. The PDF renderer draws nothing else, checking it here
 * from the header alone (no pixel read), so this stays apart from the decoders and out of its bundle.
 */

import { imageHeader } from './image-header';

/** The longest side of a normalised image: 45 mm of invoice logo at ~340 dpi. */
export const NORMALISED_MAX_SIDE = 600;

/**
 * Whether bytes are a normalised image as declared: its header says the declared kind and
 * dimensions, within NORMALISED_MAX_SIDE. Reads no pixel, so it is safe on any input.
 */
export function isNormalisedImage(image: {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}): boolean {
  const header = imageHeader(image.bytes);
  if (!header) return false;
  const kind = image.contentType === 'image/png' ? 'png' : image.contentType === 'image/jpeg' ? 'jpeg' : null;
  return (
    header.kind === kind &&
    header.width === image.width &&
    header.height === image.height &&
    Math.max(header.width, header.height) <= NORMALISED_MAX_SIDE
  );
}
