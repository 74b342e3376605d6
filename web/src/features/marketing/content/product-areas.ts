/**
 * The product's areas as the public pages name them, each a claim (shared/capabilities.ts): the
 * landing's lead, the footer and the about page list only the areas that work today.
 */
import { type Claim, claimTexts, spanishList } from '@shared/capabilities';

const AREAS: readonly Claim[] = [
  { text: 'la facturación con VeriFacTu', needs: ['invoicing', 'verifactu'] },
  { text: 'los clientes', needs: ['customers'] },
  { text: 'las facturas recibidas', needs: ['expenses'] },
  { text: 'los modelos de la Agencia Tributaria', needs: ['taxModels'] },
  { text: 'el calendario fiscal', needs: ['fiscalCalendar'] },
  { text: 'la contabilidad', needs: ['accounting'] },
  { text: 'las nóminas', needs: ['payroll'] },
  { text: 'la conciliación bancaria', needs: ['banking'] },
];

/** 'la facturación con VeriFacTu, los clientes y las facturas recibidas' (what works today). */
export const productAreas = (): string => spanishList(claimTexts(AREAS));

/** The same areas without articles, capitalised, for one-line descriptions. */
export function productAreasLine(): string {
  const line = productAreas().replace(/\b(la|los|el|las) /g, '');
  return line.charAt(0).toUpperCase() + line.slice(1);
}
