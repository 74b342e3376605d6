import {
  type ColumnKind,
  CSV_CONTENT_TYPE,
  csvBytes,
  writeXlsx,
  XLSX_CONTENT_TYPE,
} from '@functions/lib/spreadsheets';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import {
  IMPORT_COLUMNS,
  type ImportField,
  ImportTemplateQuery,
  MAX_IMPORT_ROWS,
} from '@shared/schemas/invoice-import';
import type { InvoicesDeps } from '../store/deps';
import { refuseReceived } from './upload-invoice-import';

const KIND: Partial<Record<ImportField, ColumnKind>> = {
  invoiceDate: 'date',
  operationDate: 'date',
  dueDate: 'date',
  unitPrice: 'money',
  quantity: 'number',
  discountPercent: 'number',
  vatRatePercent: 'number',
  irpfPercent: 'number',
};

const GENERAL_NOTES = [
  'Una fila por línea de factura. Las filas con la misma «Referencia» forman una sola factura; los datos de la factura (fecha, cliente, forma de pago, IRPF, notas) se toman de su primera fila.',
  'Las columnas se reconocen por su cabecera (también en inglés); las que no se reconocen se ignoran. El orden no importa.',
  'Fechas: celda de fecha de Excel, DD/MM/AAAA o AAAA-MM-DD. Importes en euros con hasta 2 decimales, con coma o punto decimal (1.234,56 o 1234.56).',
  'Tipos de IVA admitidos: 21 (general), 10 (reducido), 4 (superreducido) y 0; los tipos temporales solo en sus fechas de vigencia.',
  'Causas de exención: E1 (art. 20), E2 (art. 21, exportaciones), E3 (art. 22), E4 (arts. 23 y 24), E5 (art. 25, entregas intracomunitarias), E6 (otras). Una línea exenta, no sujeta o con inversión del sujeto pasivo lleva IVA 0.',
  `Se validan todas las filas antes de crear nada; se pueden importar hasta ${MAX_IMPORT_ROWS.toLocaleString('es-ES')} filas por archivo. Las facturas se crean como borradores (o confirmadas, si se elige al ejecutar la importación).`,
];

/** The template: headers, one example row and, in the workbook, an "Instrucciones" sheet. */
export function importTemplate(format: 'xlsx' | 'csv'): { contentType: string; body: Uint8Array } {
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  const example = IMPORT_COLUMNS.map((c) => c.example);
  if (format === 'csv') {
    const csvExample = example.map((v) => (typeof v === 'number' ? String(v).replace('.', ',') : v));
    return { contentType: CSV_CONTENT_TYPE, body: csvBytes([headers, csvExample]) };
  }
  const body = writeXlsx([
    {
      name: 'Facturas',
      columns: IMPORT_COLUMNS.map((c) => ({
        header: c.header,
        kind: KIND[c.field] ?? 'text',
        width: Math.max(14, c.header.length + 4),
      })),
      rows: [example],
    },
    {
      name: 'Instrucciones',
      columns: [
        { header: 'Columna', width: 28 },
        { header: 'Obligatoria', width: 12 },
        { header: 'Nivel', width: 10 },
        { header: 'Qué indicar y valores admitidos', width: 110 },
      ],
      rows: [
        ...IMPORT_COLUMNS.map((c) => [
          c.header,
          c.required ? 'Sí' : 'No',
          c.invoiceLevel ? 'Factura' : 'Línea',
          c.help,
        ]),
        [],
        ...GENERAL_NOTES.map((n) => ['Nota', '', '', n]),
      ],
    },
  ]);
  return { contentType: XLSX_CONTENT_TYPE, body };
}

/** GET /invoices/import/template?invoiceType=ISSUED&format=xlsx|csv. */
export const getInvoiceImportTemplateRoute = defineCompanyAction({
  query: ImportTemplateQuery,
  run: async ({ query }, _deps: InvoicesDeps) => {
    refuseReceived(query.invoiceType);
    const file = importTemplate(query.format);
    return binaryResponse({ ...file, filename: `plantilla-importacion-facturas.${query.format}` });
  },
});
