/**
 * The 50 provinces plus Ceuta and Melilla, each with the first two digits of its postal codes
 * (Correos assigns them in the INE province order: 01 Araba/Álava ... 50 Zaragoza, 51 Ceuta,
 * 52 Melilla). Shared by the company form and the new-customer fields (invoices, templates).
 */

export interface Province {
  /** First two digits of every postal code of the province. */
  code: string;
  /** The name stored with the address. */
  name: string;
  /** Other spellings found in stored addresses (co-official names). */
  aliases?: string[];
}

export const PROVINCES: readonly Province[] = [
  { code: '01', name: 'Álava', aliases: ['Araba', 'Araba/Álava'] },
  { code: '02', name: 'Albacete' },
  { code: '03', name: 'Alicante', aliases: ['Alacant', 'Alicante/Alacant'] },
  { code: '04', name: 'Almería' },
  { code: '05', name: 'Ávila' },
  { code: '06', name: 'Badajoz' },
  { code: '07', name: 'Illes Balears', aliases: ['Baleares', 'Islas Baleares'] },
  { code: '08', name: 'Barcelona' },
  { code: '09', name: 'Burgos' },
  { code: '10', name: 'Cáceres' },
  { code: '11', name: 'Cádiz' },
  { code: '12', name: 'Castellón', aliases: ['Castelló', 'Castellón/Castelló'] },
  { code: '13', name: 'Ciudad Real' },
  { code: '14', name: 'Córdoba' },
  { code: '15', name: 'A Coruña', aliases: ['La Coruña'] },
  { code: '16', name: 'Cuenca' },
  { code: '17', name: 'Girona', aliases: ['Gerona'] },
  { code: '18', name: 'Granada' },
  { code: '19', name: 'Guadalajara' },
  { code: '20', name: 'Gipuzkoa', aliases: ['Guipúzcoa'] },
  { code: '21', name: 'Huelva' },
  { code: '22', name: 'Huesca' },
  { code: '23', name: 'Jaén' },
  { code: '24', name: 'León' },
  { code: '25', name: 'Lleida', aliases: ['Lérida'] },
  { code: '26', name: 'La Rioja' },
  { code: '27', name: 'Lugo' },
  { code: '28', name: 'Madrid' },
  { code: '29', name: 'Málaga' },
  { code: '30', name: 'Murcia' },
  { code: '31', name: 'Navarra', aliases: ['Nafarroa'] },
  { code: '32', name: 'Ourense', aliases: ['Orense'] },
  { code: '33', name: 'Asturias' },
  { code: '34', name: 'Palencia' },
  { code: '35', name: 'Las Palmas' },
  { code: '36', name: 'Pontevedra' },
  { code: '37', name: 'Salamanca' },
  { code: '38', name: 'Santa Cruz de Tenerife' },
  { code: '39', name: 'Cantabria' },
  { code: '40', name: 'Segovia' },
  { code: '41', name: 'Sevilla' },
  { code: '42', name: 'Soria' },
  { code: '43', name: 'Tarragona' },
  { code: '44', name: 'Teruel' },
  { code: '45', name: 'Toledo' },
  { code: '46', name: 'Valencia', aliases: ['València', 'Valencia/València'] },
  { code: '47', name: 'Valladolid' },
  { code: '48', name: 'Bizkaia', aliases: ['Vizcaya'] },
  { code: '49', name: 'Zamora' },
  { code: '50', name: 'Zaragoza' },
  { code: '51', name: 'Ceuta' },
  { code: '52', name: 'Melilla' },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** The province a stored name refers to, whatever the spelling or accents. */
export function findProvince(name: string | undefined | null): Province | undefined {
  if (!name) return undefined;
  const wanted = fold(name);
  return PROVINCES.find((p) => fold(p.name) === wanted || p.aliases?.some((a) => fold(a) === wanted));
}

export const provinceOfPostalCode = (postalCode: string): Province | undefined =>
  /^\d{5}$/.test(postalCode) ? PROVINCES.find((p) => p.code === postalCode.slice(0, 2)) : undefined;

/**
 * Why a Spanish postal code is wrong, or undefined when it is fine: five digits, starting with a
 * province number (01 to 52), and that of the chosen province when there is one.
 */
export function postalCodeProblem(postalCode: string, provinceName?: string | null): string | undefined {
  const code = postalCode.trim();
  if (!/^\d{5}$/.test(code)) return 'El código postal tiene 5 dígitos.';
  const ofCode = provinceOfPostalCode(code);
  if (!ofCode) return 'El código postal debe empezar por el número de una provincia (01 a 52).';
  const chosen = findProvince(provinceName);
  if (chosen && chosen.code !== ofCode.code)
    return `El código postal no es de ${chosen.name}: los de ${chosen.name} empiezan por ${chosen.code}.`;
  return undefined;
}
