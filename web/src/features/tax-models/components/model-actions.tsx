/**
 * The buttons of one model, each shown only to who may call its route (useCan):
 *  - a period without a stored model: 'Generar' (with the adjustments typed), 'Exportar fichero AEAT';
 *  - a generated model: 'Guardar ajustes', 'Validar', 'Regenerar', 'Exportar fichero AEAT',
 *    'Descargar PDF', 'Marcar como presentado' (with its justificante) and 'Presentar';
 *  - a filed one: 'Exportar fichero AEAT', 'Descargar PDF' and, when it was marked by hand,
 *    'Volver a generado'.
 * Generating a period that already has a model answers TAX_022: then 'Regenerar' is offered.
 * A model filed in the Sede electrónica's form (the 369) has no AEAT file nor 'Presentar': its lines
 * download as CSV or Excel instead.
 */
import type { ModelValidationView, TaxModelView } from '@shared/schemas/tax-models';
import { useCanCall } from '@web/lib/access';
import { errorMessage, isApiError } from '@web/lib/api-error';
import {
  FILED_IN_FORM,
  type ModelRef,
  useDownloadModelPdf,
  useExportModelFile,
  useExportModelLines,
  useValidateTaxModel,
} from '@web/lib/tax-models-api';
import { toast } from '@web/lib/toast';
import { Alert, Button, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { isAlreadyGenerated, useGenerateModel } from '../api/generate-model';
import { useUpdateModel } from '../api/update-model';
import { useUpdateModelStatus } from '../api/update-model-status';
import type { AdjustmentsBody } from '../utils/adjustments';
import { MarkSubmittedDialog } from './mark-submitted-dialog';
import { SubmitDialog } from './submit-dialog';

/** A 400: the server refused what was sent (its message says which field and why). */
const isRefusal = (error: unknown): boolean => isApiError(error) && error.status === 400;

export function ModelActions({
  companyId,
  modelRef,
  model,
  adjustments,
  dirty,
  invalid,
  onValidated,
  onRefused,
}: {
  companyId: string;
  modelRef: ModelRef;
  model: TaxModelView | null;
  /** The adjustments as typed now. */
  adjustments: AdjustmentsBody;
  /** They differ from the stored ones. */
  dirty: boolean;
  /** A typed field is not valid. */
  invalid: boolean;
  onValidated: (validation: ModelValidationView) => void;
  /** The server refused the adjustments (400): the page shows its messages beside the fields. */
  onRefused?: (error: unknown) => void;
}) {
  const can = useCanCall();
  const generate = useGenerateModel(companyId);
  const update = useUpdateModel(companyId);
  const status = useUpdateModelStatus(companyId);
  const validate = useValidateTaxModel(companyId);
  const pdf = useDownloadModelPdf(companyId);
  const exporter = useExportModelFile(companyId);
  const linesExporter = useExportModelLines(companyId);
  const inForm = FILED_IN_FORM.includes(modelRef.modelType);
  const [dialog, setDialog] = useState<'submit' | 'mark' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const runGenerate = (regenerate: boolean) =>
    generate.mutate(
      { ...modelRef, regenerate, adjustments: Object.keys(adjustments).length > 0 ? adjustments : undefined },
      {
        onSuccess: () => {
          setConflict(null);
          toast.success(regenerate ? 'Modelo regenerado con los libros de hoy' : 'Modelo generado');
        },
        onError: (error) => {
          if (isAlreadyGenerated(error)) setConflict(errorMessage(error));
          else {
            toast.fromError(error);
            if (isRefusal(error)) onRefused?.(error);
          }
        },
      },
    );

  const saveAdjustments = () => {
    if (!model) return;
    update.mutate(
      { modelType: model.modelType, modelId: model.modelId, body: adjustments },
      {
        onSuccess: () => toast.success('Ajustes guardados y modelo recalculado'),
        onError: (error) => {
          toast.fromError(error);
          if (isRefusal(error)) onRefused?.(error);
        },
      },
    );
  };

  const runValidate = () => {
    if (!model) return;
    validate.mutate(
      { modelType: model.modelType, modelId: model.modelId },
      {
        onSuccess: (result) => {
          onValidated(result);
          if (result.valid) toast.success('Validación correcta');
          else toast.warning('El modelo tiene errores: revisa las incidencias');
        },
        onError: (error) => toast.fromError(error),
      },
    );
  };

  const download = (run: () => Promise<void>) => () => {
    run().catch((error: unknown) => toast.fromError(error));
  };
  const exportButton = !can('taxModels.export') ? null : inForm ? (
    <>
      <Button
        loading={linesExporter.isPending}
        onClick={download(() => linesExporter.mutateAsync({ ref: modelRef, format: 'CSV' }))}
      >
        Descargar líneas (CSV)
      </Button>
      <Button
        loading={linesExporter.isPending}
        onClick={download(() => linesExporter.mutateAsync({ ref: modelRef, format: 'XLSX' }))}
      >
        Descargar líneas (Excel)
      </Button>
    </>
  ) : (
    <Button loading={exporter.isPending} onClick={download(() => exporter.mutateAsync(modelRef))}>
      Exportar fichero AEAT
    </Button>
  );

  if (!model) {
    return (
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          {can('taxModels.generate') ? (
            <Button
              type="primary"
              loading={generate.isPending}
              disabled={invalid}
              onClick={() => runGenerate(false)}
            >
              Generar
            </Button>
          ) : null}
          {exportButton}
        </Flex>
        {conflict ? (
          <Alert
            type="warning"
            showIcon
            title={conflict}
            description="El periodo ya tiene un modelo generado. Regenerarlo lo vuelve a calcular con los libros de hoy."
            action={
              can('taxModels.generate') ? (
                <Button size="small" loading={generate.isPending} onClick={() => runGenerate(true)}>
                  Regenerar
                </Button>
              ) : null
            }
          />
        ) : null}
      </Flex>
    );
  }

  const ref = { ...modelRef, modelId: model.modelId };
  const pdfButton = can('taxModels.pdf') ? (
    <Button loading={pdf.isPending} onClick={download(() => pdf.mutateAsync(ref))}>
      Descargar PDF
    </Button>
  ) : null;

  if (model.status === 'SUBMITTED') {
    return (
      <Flex gap={8} wrap>
        {exportButton}
        {pdfButton}
        {can('taxModels.updateStatus') && !model.submissionId ? (
          <Popconfirm
            title="¿Volver a generado?"
            description="Úsalo si se marcó como presentado por error."
            okText="Volver a generado"
            cancelText="Cancelar"
            onConfirm={() =>
              status.mutate(
                { modelType: model.modelType, modelId: model.modelId, change: { status: 'MODEL_GENERATED' } },
                {
                  onSuccess: () => toast.success('El modelo vuelve a estar generado'),
                  onError: (error) => toast.fromError(error),
                },
              )
            }
          >
            <Button loading={status.isPending}>Volver a generado</Button>
          </Popconfirm>
        ) : null}
      </Flex>
    );
  }

  return (
    <>
      <Flex gap={8} wrap>
        {can('taxModels.update') ? (
          <Button
            type={dirty ? 'primary' : 'default'}
            disabled={!dirty || invalid}
            loading={update.isPending}
            onClick={saveAdjustments}
          >
            Guardar ajustes
          </Button>
        ) : null}
        {can('taxModels.validate') ? (
          <Button loading={validate.isPending} onClick={runValidate}>
            Validar
          </Button>
        ) : null}
        {can('taxModels.generate') ? (
          <Popconfirm
            title="¿Regenerar el modelo?"
            description="Se vuelve a calcular con los libros de hoy, conservando los ajustes guardados."
            okText="Regenerar"
            cancelText="Cancelar"
            onConfirm={() => runGenerate(true)}
          >
            <Button loading={generate.isPending}>Regenerar</Button>
          </Popconfirm>
        ) : null}
        {exportButton}
        {pdfButton}
        {can('taxModels.updateStatus') ? (
          <Button onClick={() => setDialog('mark')}>Marcar como presentado</Button>
        ) : null}
        {can('taxModels.submit') && !inForm ? (
          <Button type="primary" disabled={dirty} onClick={() => setDialog('submit')}>
            Presentar
          </Button>
        ) : null}
      </Flex>
      <SubmitDialog
        companyId={companyId}
        model={model}
        open={dialog === 'submit'}
        onClose={() => setDialog(null)}
      />
      <MarkSubmittedDialog
        companyId={companyId}
        model={model}
        open={dialog === 'mark'}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
