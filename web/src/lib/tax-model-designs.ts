/**
 * The boxes of a model's AEAT design (number, label, unit, section, manual), read from the model
 * definitions of shared/fiscal/models: the same data the server computes and exports with, so the
 * screen's labels are the design's. A design the screen does not know yields no boxes: the box table
 * then lists the answer's boxes by number ('Otras casillas').
 */
import { modelDefinitions } from '@shared/fiscal/models';
import type { BoxDef, TaxModelType } from '@shared/fiscal/models/types';

export function designBoxes(modelType: TaxModelType, designId: string): readonly BoxDef[] {
  return modelDefinitions[modelType]?.designs.find((d) => d.id === designId)?.boxes ?? [];
}

/** The design's box of the compensation carried from earlier periods (303 [110], 390 [85]). */
export const COMPENSATION_BOX: Partial<Record<TaxModelType, string>> = { '303': '110', '390': '85' };
