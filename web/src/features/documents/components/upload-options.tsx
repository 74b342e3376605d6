/** The options of an upload: document type (Factura by default) and automatic reading (on). */
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@shared/schemas/documents';
import { Flex, Select, Switch, Typography } from 'antd';

export interface UploadOptionValues {
  documentType: DocumentType;
  autoOcr: boolean;
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptionValues = { documentType: 'INVOICE', autoOcr: true };

export function UploadOptions({
  value,
  onChange,
}: {
  value: UploadOptionValues;
  onChange: (next: UploadOptionValues) => void;
}) {
  return (
    <Flex gap={16} wrap align="center">
      <Flex gap={8} align="center">
        <Typography.Text>Tipo de documento</Typography.Text>
        <Select
          aria-label="Tipo de documento"
          style={{ minWidth: 180 }}
          value={value.documentType}
          options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
          onChange={(documentType: DocumentType) => onChange({ ...value, documentType })}
        />
      </Flex>
      <Flex gap={8} align="center">
        <Switch
          aria-label="Leer automáticamente"
          checked={value.autoOcr}
          onChange={(autoOcr) => onChange({ ...value, autoOcr })}
        />
        <Typography.Text>Leer automáticamente (crear la factura recibida)</Typography.Text>
      </Flex>
    </Flex>
  );
}
