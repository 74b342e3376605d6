// PLACEHOLDER (session-internal, replaced by the withholding-models helper before any commit).
import type { ModelDefinition } from './types';
const stub = (modelType: '111' | '115' | '123' | '216'): ModelDefinition => ({
  modelType,
  name: modelType,
  periodicities: ['QUARTERLY', 'MONTHLY'],
  designs: [],
  compute() {
    throw new Error(`model ${modelType} not built yet`);
  },
});
export const model111 = stub('111');
export const model115 = stub('115');
export const model123 = stub('123');
export const model216 = stub('216');
