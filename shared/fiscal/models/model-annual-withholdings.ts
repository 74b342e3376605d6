/**
 * The annual withholding summaries with one record per recipient (issue 15 items 2, 5, 7), as the
 * registry (./index.ts) imports them: 190 (IRPF on work, activities and prizes), 180 (rents of urban
 * properties), 193 (movable capital), 296 (non-residents). Each lives in its own file; the machinery they
 * share in ./annual-withholdings.ts.
 */

export { model180 } from './model-180';
export { model190 } from './model-190';
export { model193 } from './model-193';
export { model296 } from './model-296';
