/**
 * How to reach Cuadra, in one place: the header, the footer, the contact, help and checkout pages
 * read it. The telephone line is filled in when it is contracted; until then the pages offer a
 * call-back by e-mail instead of showing a number nobody answers.
 */
export interface ContactChannels {
  supportEmail: string;
  salesEmail: string;
  /** `display` as printed, `tel` for the `tel:` link (E.164). */
  phone: { display: string; tel: string } | null;
  hours: string;
}

export const CONTACT_CHANNELS: ContactChannels = {
  supportEmail: 'soporte@cuadra.app',
  salesEmail: 'ventas@cuadra.app',
  phone: null,
  hours: 'De lunes a viernes, de 9:00 a 18:00 (hora peninsular), excepto festivos nacionales',
};

/** A `mailto:` link with an optional subject and body, encoded for every mail client. */
export function mailtoHref(address: string, subject?: string, body?: string): string {
  const query = new URLSearchParams();
  if (subject) query.set('subject', subject);
  if (body) query.set('body', body);
  // URLSearchParams writes spaces as '+', which mail clients show literally: use %20.
  const qs = query.toString().replace(/\+/g, '%20');
  return `mailto:${address}${qs ? `?${qs}` : ''}`;
}
