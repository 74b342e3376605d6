/**
 * What the 131, the 202 and the annual withholding summaries need beside the books (issue 15), as the
 * preview page's card: the 131's activities in módulos (modules-card.tsx), the 202's basis
 * (instalment-202-card.tsx), the 190/180/193/296 recipients the books do not know
 * (annual-recipients-card.tsx). The server's refusal no field shows is above them. The other models
 * have nothing here (the card is not drawn); the 130, 111, 115 and 123 have income-tax-card.tsx.
 */
import type { TaxModelType } from '@shared/schemas/tax-models';
import { Alert, Card, Flex } from 'antd';
import type { AnnualDraft } from '../utils/annual-adjustments';
import { isSummaryModel } from '../utils/annual-recipients';
import { AnnualRecipientsEditor } from './annual-recipients-card';
import { Instalment202Editor } from './instalment-202-card';
import { ModulesEditor } from './modules-card';

const TITLES: Partial<Record<TaxModelType, string>> = {
  '131': 'Actividades en estimación objetiva',
  '202': 'Base del pago fraccionado',
  '190': 'Perceptores fuera de los libros',
  '180': 'Arrendadores fuera de los libros',
  '193': 'Perceptores fuera de los libros',
  '296': 'No residentes fuera de los libros',
};

export interface AnnualInputsCardProps {
  modelType: TaxModelType;
  draft: AnnualDraft;
  onChange: (next: AnnualDraft) => void;
  /** Draft key → message: the form's and the server's. */
  errors: Record<string, string>;
  /** The server's refusal no field shows. */
  refusal: string | null;
  editable: boolean;
  /** 131: the activities its design declares at most. */
  maxActivities: number;
}

export function AnnualInputsCard({
  modelType,
  draft,
  onChange,
  errors,
  refusal,
  editable,
  maxActivities,
}: AnnualInputsCardProps) {
  const title = TITLES[modelType];
  if (!title) return null;
  return (
    <Card title={title} size="small">
      <Flex vertical gap={12}>
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
        {modelType === '131' ? (
          <ModulesEditor
            draft={draft.modules}
            onChange={(modules) => onChange({ ...draft, modules })}
            errors={errors}
            editable={editable}
            maxActivities={maxActivities}
          />
        ) : null}
        {modelType === '202' ? (
          <Instalment202Editor
            draft={draft.instalment}
            onChange={(instalment) => onChange({ ...draft, instalment })}
            errors={errors}
            editable={editable}
          />
        ) : null}
        {isSummaryModel(modelType) ? (
          <AnnualRecipientsEditor
            model={modelType}
            draft={draft.recipients}
            onChange={(recipients) => onChange({ ...draft, recipients })}
            errors={errors}
            editable={editable}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
