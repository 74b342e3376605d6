// PLACEHOLDER (session-internal, replaced by the model-130 helper before any commit).
import type { ModelDefinition } from './types';
export const model130: ModelDefinition = {
  modelType: '130',
  name: 'Pago fraccionado IRPF (estimación directa)',
  periodicities: ['QUARTERLY'],
  designs: [],
  compute() {
    throw new Error('model 130 not built yet');
  },
};
