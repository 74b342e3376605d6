/**
 * What the product really does today (issue 10 item 8: claim only what works). Every page that
 * promises a feature (landing, pricing and its FAQ, integrations, help centre, about, checkout, the
 * subscription page, the plans' feature lists, the onboarding steps) writes each promise as a
 * claim with the areas it needs, and shows it only when all of them are available.
 *
 * Turning an area on when it lands is one line: its `available` below. `claimPattern` is what a
 * sentence claiming the area would say; the page tests assert that no rendered text of a public
 * page matches the pattern of an unavailable area (and that flipping the area makes it appear).
 */

export const CAPABILITIES = [
  // --- available on main (shared/api/routes.ts, web/src/app/app-pages.tsx) ---
  'invoicing',
  'expenses',
  'customers',
  'verifactu',
  'recurringInvoices',
  'importExport',
  'notifications',
  'clientPortalInvoices',
  'companyUsers',
  'fiscalCalendar',
  'taxModels',
  'incomeTaxModels',
  'sii',
  'ocr',
  'smartInbox',
  'accounting',
  'banking',
  'emailDigest',
  'meetings',
  // --- not built yet ---
  'payroll',
  'clientPortalDocuments',
  'clientMessaging',
  'advisorAnalytics',
  'prioritySupport',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface CapabilityInfo {
  /** What the area is, in Spanish (for people reading this table). */
  label: string;
  available: boolean;
  /** The words a sentence claiming this area would use. */
  claimPattern: RegExp;
}

export const capabilityCatalogue: Readonly<Record<Capability, CapabilityInfo>> = {
  invoicing: {
    label: 'Facturas emitidas, rectificativas, series, PDF y envío por email',
    available: true,
    claimPattern: /factura/i,
  },
  expenses: {
    label: 'Facturas recibidas, gastos por categoría y proveedores',
    available: true,
    claimPattern: /gastos|proveedor/i,
  },
  customers: { label: 'Clientes', available: true, claimPattern: /clientes/i },
  verifactu: { label: 'VeriFacTu', available: true, claimPattern: /verifactu/i },
  recurringInvoices: { label: 'Facturas recurrentes', available: true, claimPattern: /recurrente/i },
  importExport: {
    label: 'Importación y exportación de facturas (Excel, CSV)',
    available: true,
    claimPattern: /import|export/i,
  },
  notifications: { label: 'Notificaciones (campana)', available: true, claimPattern: /notificaci|aviso/i },
  clientPortalInvoices: {
    label: 'Portal del cliente: sus facturas emitidas, con PDF',
    available: true,
    claimPattern: /portal/i,
  },
  companyUsers: { label: 'Usuarios de la empresa e invitaciones', available: true, claimPattern: /invita/i },

  taxModels: {
    label: 'Modelos de IVA de la AEAT (303, 390, 349, 347)',
    available: true,
    claimPattern:
      /modelos?\s*(de la|tributari|trimestral|anual|fiscal)\w*|modelos que presentar|(?<!\d[.,]?)\b(303|390|349|347)\b(?![.,]?\d)|prepara(mos)? los modelos|autoliquidaci/i,
  },
  // Issue 15: 130, 131, 111, 115, 123, 180, 190, 193, 216, 296, 202.
  incomeTaxModels: {
    label: 'Modelos de IRPF, retenciones y pagos fraccionados (130, 131, 111, 115, 123, 180, 190, 202...)',
    available: true,
    claimPattern:
      /\b(130|131|111|115|123|180|190|193|216|296|202)\b[^.\n]{0,60}(calculad|preparad|se preparan)|(calcul|prepara)\w*[^.\n]{0,40}\b(130|131|111|115|123|180|190|193|216|296|202)\b|modelos? de retenciones|pagar de IVA e IRPF/i,
  },
  fiscalCalendar: {
    label: 'Calendario fiscal y avisos de plazos',
    available: true,
    claimPattern:
      /calendario fiscal|vencimientos? (fiscal|de la AEAT)|plazos? de la AEAT|antes de cada (plazo|vencimiento)/i,
  },
  sii: {
    label: 'SII (Suministro Inmediato de Información)',
    available: true,
    claimPattern: /\bSII\b|suministro inmediato/i,
  },
  accounting: {
    label: 'Contabilidad (PGC, diario, balance)',
    available: true,
    claimPattern:
      /contabilidad|\bPGC\b|plan general de contabilidad|libro diario|balance|cuenta de (resultados|pérdidas)/i,
  },
  payroll: {
    label: 'Nóminas y seguros sociales',
    available: false,
    claimPattern: /nómina|seguros sociales|seguridad social|\bRLC\b|\bRNT\b/i,
  },
  banking: {
    label: 'Bancos: conciliación, Norma 43, PSD2, tesorería',
    available: true,
    claimPattern:
      /conciliaci|concilia[rn]?\b|norma\s*43|psd2|tesorer|banca abierta|extractos?|movimientos bancarios|con tu banco/i,
  },
  ocr: {
    label: 'Lectura automática de documentos (OCR)',
    available: true,
    claimPattern: /\bOCR\b|lectura autom|reconocimiento de texto|extrae los datos|datos leídos/i,
  },
  smartInbox: {
    label: 'Buzón inteligente (facturas por correo)',
    available: true,
    claimPattern: /buzón|bandeja (inteligente|de facturas)|reenviándolas|reenvíalas a|reenvía a ella/i,
  },
  emailDigest: {
    label: 'Resumen de avisos por correo',
    available: true,
    claimPattern:
      /resumen (diario|semanal)|resumen por (correo|email)|(avisos|recordatorios) (llegan )?(a tu|por) (correo|email)/i,
  },
  clientPortalDocuments: {
    label: 'Portal del cliente: intercambio de documentos',
    available: true,
    claimPattern:
      /(sube[ns]?|subir|subirte|comparte[ns]?|compartir|compartid)\w*\s+(sus |tus |los |de )?(documentos|justificantes|tickets)|documentos compartidos|revisión de documentos/i,
  },
  clientMessaging: {
    label: 'Mensajería con la gestoría',
    available: true,
    claimPattern:
      /mensajería|mensajes? (entre|con|a|de) (la|tu|su) gestor|(chat|mensajes?|conversaciones?) (entre|con) (la gestoría|tu gestor|tus clientes|sus clientes)/i,
  },
  meetings: { label: 'Reuniones con la gestoría', available: true, claimPattern: /reunion|videollamada/i },
  advisorAnalytics: {
    label: 'Paneles y análisis de la gestoría',
    available: false,
    claimPattern: /análisis de rentabilidad|rentabilidad|analítica/i,
  },
  prioritySupport: { label: 'Soporte prioritario', available: false, claimPattern: /soporte prioritario/i },
};

/** A promise shown on a page: its text and every area it needs. */
export interface Claim<T = string> {
  text: T;
  needs: readonly Capability[];
  /** Shown only while none of these is available (the narrower wording a wider claim replaces). */
  unless?: readonly Capability[];
}

export type Availability = Readonly<Record<Capability, boolean>>;

/** The helpers for one availability table (the real one below; tests build others). */
export function capabilityRegistry(availability: Availability) {
  const isAvailable = (capability: Capability): boolean => availability[capability];
  /** Only the items whose areas are all available, in their order. */
  const availableClaims = <C extends { needs: readonly Capability[]; unless?: readonly Capability[] }>(
    claims: readonly C[],
  ): C[] =>
    claims.filter((claim) => claim.needs.every(isAvailable) && !(claim.unless ?? []).some(isAvailable));
  /** The texts of the claims that may be shown. */
  const claimTexts = <T>(claims: readonly Claim<T>[]): T[] =>
    availableClaims(claims).map((claim) => claim.text);
  return { availability, isAvailable, availableClaims, claimTexts };
}

export const availability: Availability = Object.fromEntries(
  CAPABILITIES.map((capability) => [capability, capabilityCatalogue[capability].available]),
) as Record<Capability, boolean>;

export const { isAvailable, availableClaims, claimTexts } = capabilityRegistry(availability);

/** The areas a page must not claim today. */
export const unavailableCapabilities = (table: Availability = availability): Capability[] =>
  CAPABILITIES.filter((capability) => !table[capability]);

/** 'a', 'a y b', 'a, b y c': a Spanish list of what is shown. */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}
