import type { FormRule } from 'antd';

/** The e-mail field of every auth form, with the login's Spanish messages. Free of zod on purpose. */
export const emailRules: FormRule[] = [
  { required: true, message: 'Introduce tu email.' },
  { type: 'email', message: 'Introduce un email válido.' },
];
