// PLACEHOLDER (session-internal, replaced by the annual-summaries helper before any commit).
import type { ModelDefinition } from './types';
const stub = (modelType: '190' | '180' | '193' | '296'): ModelDefinition => ({
  modelType,
  name: modelType,
  periodicities: ['ANNUAL'],
  designs: [],
  compute() {
    throw new Error(`model ${modelType} not built yet`);
  },
});
export const model190 = stub('190');
export const model180 = stub('180');
export const model193 = stub('193');
export const model296 = stub('296');
