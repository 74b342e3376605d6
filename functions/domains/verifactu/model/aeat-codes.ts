/**
 * AEAT error codes of VERI*FACTU (reference/verifactu-sii.md §4.6, AEAT "Validaciones y errores"),
 * as data: each code with its class and a Spanish description for the screens and notifications.
 *  - rejected: the record is Incorrecto (not stored by the AEAT); a correction is a new record;
 *  - accepted-with-errors: AceptadoConErrores (stored; to be corrected by subsanación);
 *  - duplicate: the AEAT already has the record (RegistroDuplicado says in which state);
 *  - fault: a whole-message problem, answered with a SOAP Fault (schema, header).
 * The AEAT's own description (DescripcionErrorRegistro) is stored beside the code and wins on the
 * screen; these texts are for codes that arrive without one, and for the class.
 */

export type AeatCodeClass = 'rejected' | 'accepted-with-errors' | 'duplicate' | 'fault';

export interface AeatCode {
  code: string;
  class: AeatCodeClass;
  description: string;
}

const table: [string, AeatCodeClass, string][] = [
  // 1xxx: record rejected
  ['1100', 'rejected', 'Valor o tipo incorrecto de un campo.'],
  ['1104', 'rejected', 'El valor de NumSerieFactura no es válido.'],
  ['1130', 'rejected', 'El número de la factura contiene caracteres no permitidos.'],
  ['1140', 'rejected', 'La base imponible y la cuota deben tener el mismo signo.'],
  ['1143', 'rejected', 'La base imponible y la cuota deben tener el mismo signo.'],
  ['1210', 'rejected', 'El ImporteTotal no es coherente con el desglose.'],
  ['1244', 'rejected', 'El formato de FechaHoraHusoGenRegistro no es correcto.'],
  ['1246', 'rejected', 'El valor de ClaveRegimen no es correcto.'],
  ['1247', 'rejected', 'El valor de TipoHuella no es correcto.'],
  ['1262', 'rejected', 'La longitud de la huella no es correcta.'],
  ['1268', 'rejected', 'La longitud de FechaHoraHusoGenRegistro no es correcta.'],
  ['1287', 'rejected', 'Hay caracteres prohibidos (< > " \' =) en algún campo.'],
  ['1291', 'rejected', 'La huella no es alfanumérica.'],
  ['1292', 'rejected', 'La huella del registro anterior no es alfanumérica.'],
  // 2xxx: accepted with errors (must be corrected by subsanación)
  ['2000', 'accepted-with-errors', 'La huella calculada no coincide con la enviada.'],
  ['2001', 'accepted-with-errors', 'El NIF del destinatario no está identificado en el censo de la AEAT.'],
  ['2002', 'accepted-with-errors', 'La longitud de la huella del registro anterior no es correcta.'],
  ['2003', 'accepted-with-errors', 'La huella del registro anterior no es correcta.'],
  ['2004', 'accepted-with-errors', 'La fecha y hora de generación no es próxima a la hora de la AEAT.'],
  ['2005', 'accepted-with-errors', 'El ImporteTotal no coincide con la suma del desglose.'],
  ['2006', 'accepted-with-errors', 'La CuotaTotal no coincide con la suma del desglose.'],
  ['2007', 'accepted-with-errors', 'No debe indicarse PrimerRegistro: existen registros anteriores.'],
  ['2008', 'accepted-with-errors', 'La huella del registro anterior es igual a la del propio registro.'],
  ['2009', 'accepted-with-errors', 'El impuesto IPSI exige ClaveRegimen.'],
  // 3xxx: record-level state
  ['3000', 'duplicate', 'Registro de facturación duplicado: la AEAT ya lo tiene.'],
  ['3001', 'rejected', 'El registro de facturación ya está anulado.'],
  ['3002', 'rejected', 'No existe el registro de facturación.'],
  ['3003', 'rejected', 'El presentador no tiene permiso para este registro.'],
  ['3004', 'rejected', 'El registro se presentó mediante formulario.'],
  // 4xxx: whole message (SOAP Fault)
  ['4102', 'fault', 'El XML no cumple el esquema.'],
  ['4104', 'fault', 'El NIF de la cabecera no está identificado.'],
  ['4122', 'fault', 'La referencia del requerimiento no es válida.'],
  ['4125', 'fault', 'La referencia del requerimiento no es válida.'],
  ['4126', 'fault', 'El bloque de remisión no corresponde a este servicio.'],
  ['4127', 'fault', 'El bloque de remisión no corresponde a este servicio.'],
  ['4133', 'fault', 'La referencia del requerimiento no es válida.'],
];

export const AEAT_CODES: ReadonlyMap<string, AeatCode> = new Map(
  table.map(([code, cls, description]) => [code, { code, class: cls, description }]),
);

/** The class of any code: the list first, then the AEAT's numbering (1xxx, 2xxx, 3xxx, 4xxx). */
export function aeatCodeClass(code: string | null | undefined): AeatCodeClass | null {
  if (!code) return null;
  const known = AEAT_CODES.get(code);
  if (known) return known.class;
  if (!/^\d{4,5}$/.test(code)) return null;
  const n = Number(code);
  if (n >= 1000 && n < 2000) return 'rejected';
  if (n >= 2000 && n < 3000) return 'accepted-with-errors';
  if (n === 3000) return 'duplicate';
  if (n > 3000 && n < 4000) return 'rejected';
  if (n >= 4000 && n < 5000) return 'fault';
  return null;
}

/** The Spanish text of a code (the AEAT's own text wins when it came with the answer). */
export function aeatCodeText(code: string | null | undefined, aeatText?: string | null): string | null {
  if (aeatText?.trim()) return aeatText.trim();
  if (!code) return null;
  return AEAT_CODES.get(code)?.description ?? `Código AEAT ${code}.`;
}

/** `Codigo[4102].El XML no cumple…` (faultstring) → { code: '4102', text: 'El XML no cumple…' }. */
export function parseFaultString(faultString: string): { code: string | null; text: string } {
  const m = /Codigo\[(\d+)\]\.?\s*(.*)$/s.exec(faultString.trim());
  if (!m) return { code: null, text: faultString.trim() };
  return { code: m[1]!, text: m[2]!.trim() || faultString.trim() };
}
