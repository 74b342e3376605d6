/**
 * How to reach Cuadra's support team. No telephone line is contracted yet: the page offers a
 * call-back by e-mail instead of printing a number nobody answers.
 */
export const SUPPORT_EMAIL = 'soporte@cuadra.app';
export const SUPPORT_HOURS = 'De lunes a viernes, de 9:00 a 18:00 (hora peninsular)';

export function supportMailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
