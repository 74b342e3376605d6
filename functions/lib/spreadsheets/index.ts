/**
 * The face of the spreadsheets library: the only module other code imports (infra/architecture.test.ts).
 * A pure library: xlsx and CSV, read and written.
 */

export {
  CSV_CONTENT_TYPE,
  type CsvCell,
  CsvError,
  type CsvMoney,
  csvBytes,
  csvMoney,
  readCsv,
  writeCsv,
} from './csv';
export { esAmount, neutraliseText } from './formula-injection';
export { isZip, readXlsx, SpreadsheetError } from './xlsx-read';
export { type CellValue, type ColumnKind, writeXlsx, XLSX_CONTENT_TYPE } from './xlsx-write';
