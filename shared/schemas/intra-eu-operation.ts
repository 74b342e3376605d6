/**
 * Determinadas operaciones intracomunitarias (art. 66.1 RIVA; SII book OI): an issued or received
 * invoice can carry one (TipoOperacion A: goods sent or received for the works or expert reports of
 * art. 70.Uno.7º LIVA; B: the transfers and acquisitions of arts. 9.3º and 16.2º LIVA). Lengths as in
 * SuministroInformacion.xsd (DescripcionBienes 40, DireccionOperador 120, FacturasODocumentacion 150,
 * PlazoOperacion up to 3 digits).
 *
 * Its own module (re-exported by ./sii.ts): the invoice schemas carry it, and ./sii.ts imports
 * ./invoices.ts, so defining it there would make a cycle.
 */

import * as z from 'zod';
import { isEuCountry } from './countries';
import { safeText } from './text';

export const IntraEuOperationBody = z
  .object({
    operationType: z.enum(['A', 'B']),
    memberState: z
      .string()
      .regex(/^[A-Z]{2}$/, { message: 'El Estado miembro es un código de país de dos letras.' }),
    termDays: z.number().int().min(1).max(999).nullable().optional(),
    goodsDescription: safeText().min(1).max(40),
    operatorAddress: safeText().min(1).max(120),
    invoicesOrDocuments: safeText().max(150).optional(),
  })
  .strict()
  // The operation crosses to or from another member state (art. 66.1 RIVA).
  .refine((o) => o.memberState !== 'ES' && isEuCountry(o.memberState), {
    message: 'El Estado miembro debe ser otro país de la Unión Europea.',
    path: ['memberState'],
  });
export type IntraEuOperation = z.infer<typeof IntraEuOperationBody>;
