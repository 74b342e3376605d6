import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { bankingMessages, ImportN43Body, MAX_N43_BYTES, type N43ImportResult } from '@shared/schemas/banking';
import { N43ParseError } from '../model/n43/parse';
import type { BankingDeps } from '../store/deps';
import { importN43File } from '../store/imports';

/**
 * POST banking/imports/n43 `{ fileName, contentBase64 }`: imports a Norma 43 statement (AEB Cuaderno
 * 43). Accounts it does not know are created by the IBAN of their CCC; movements already imported
 * are reported as duplicates. A malformed file answers BANK_FILE_INVALID with `{ line, reason }`.
 */
export const importN43Route = defineCompanyAction({
  body: ImportN43Body,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<N43ImportResult> => {
    const bytes = new Uint8Array(Buffer.from(body.contentBase64, 'base64'));
    if (bytes.length === 0)
      throw new AppError('CORE_004', bankingMessages.fileRequired, { field: 'contentBase64' });
    if (bytes.length > MAX_N43_BYTES) {
      throw new AppError('CORE_004', bankingMessages.fileTooLarge, { field: 'contentBase64' });
    }
    try {
      return await importN43File(deps, scope.companyId, {
        fileName: body.fileName,
        bytes,
        importedBy: auth.userId,
      });
    } catch (e) {
      if (e instanceof N43ParseError) {
        throw new AppError('BANK_FILE_INVALID', `Línea ${e.line}: ${e.reason}`, {
          details: { line: e.line, reason: e.reason },
        });
      }
      throw e;
    }
  },
});
