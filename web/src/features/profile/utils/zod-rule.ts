import type { FormRule } from 'antd';
import type * as z from 'zod';

/** An antd form rule from a field of a shared zod schema: the same Spanish message as the API's. */
export const zodRule = (schema: z.ZodType): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'El valor no es válido.');
  },
});
