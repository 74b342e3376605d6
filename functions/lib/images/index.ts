/**
 * The face of the images library: the only module other code imports (infra/architecture.test.ts).
 * A pure library: PNG and JPEG decoded under bounds and re-encoded as normalised copies.
 */

export { isNormalisedImage, NORMALISED_MAX_SIDE } from '@shared/images/normalised-image';
export { ImageError } from './image-error';
export { decodeJpeg } from './jpeg';
export {
  type NormalisedContentType,
  type NormalisedImage,
  normalisedSize,
  normaliseImage,
} from './normalise';
export { decodePng, type RgbaImage } from './png';
