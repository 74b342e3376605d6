// PLACEHOLDER (session-internal, replaced by the model-202 helper before any commit).
import type { ModelDefinition } from './types';
export const model202: ModelDefinition = {
  modelType: '202',
  name: '202',
  periodicities: ['QUARTERLY'],
  designs: [],
  compute() {
    throw new Error('model 202 not built yet');
  },
};
