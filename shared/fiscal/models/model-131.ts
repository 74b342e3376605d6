// PLACEHOLDER (session-internal, replaced by the model-131 helper before any commit).
import type { ModelDefinition } from './types';
export const model131: ModelDefinition = {
  modelType: '131',
  name: '131',
  periodicities: ['QUARTERLY'],
  designs: [],
  compute() {
    throw new Error('model 131 not built yet');
  },
};
