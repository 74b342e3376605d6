import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CompanyPath, type CompanySettings, UploadCompanyLogoBody } from '@shared/schemas/companies';
import { normalisedLogoKey, normaliseLogo } from '../model/logo';
import { getSettings, putSettings } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { deleteLogoObject, getLogoObject, putLogoObject } from '../store/logos';

const noLogo = () => new AppError('CORE_006', 'La empresa no tiene logotipo.');

/**
 * Checks the upload against the logo rules from its header, decodes it once within them and stores
 * only the normalised copy (the original is never kept: it may carry metadata, and PDFs print only
 * normalised images); the settings point at it and the previous one is removed.
 */
export async function uploadCompanyLogo(
  companyId: string,
  body: UploadCompanyLogoBody,
  deps: CompaniesDeps,
): Promise<CompanySettings> {
  const image = normaliseLogo(new Uint8Array(Buffer.from(body.contentBase64, 'base64')));
  const { bytes, contentType, width, height } = image;
  const s3Key = normalisedLogoKey(companyId, image);
  await putLogoObject(s3Key, bytes, contentType);
  const current = await getSettings(deps, companyId);
  const now = deps.now();
  const next: CompanySettings = {
    ...current,
    invoicing: {
      ...current.invoicing,
      logo: {
        s3Key,
        contentType,
        fileName: body.fileName,
        uploadedAt: now.toISOString(),
        normalised: true,
        width,
        height,
      },
    },
  };
  await putSettings(deps, companyId, next, now);
  const previous = current.invoicing.logo?.s3Key;
  if (previous && previous !== s3Key) await deleteLogoObject(previous);
  return next;
}

export const putCompanyLogoRoute = defineCompanyAction({
  params: CompanyPath,
  body: UploadCompanyLogoBody,
  run: ({ scope, body }, deps: CompaniesDeps) => {
    return uploadCompanyLogo(scope.companyId, body, deps);
  },
});

export const getCompanyLogoRoute = defineCompanyAction({
  params: CompanyPath,
  run: async ({ scope }, deps: CompaniesDeps) => {
    const logo = (await getSettings(deps, scope.companyId)).invoicing.logo;
    // A legacy logo the backfill rejected (it breaks the rules: maybe a bomb) is never served.
    const bytes = logo && !logo.rejected ? await getLogoObject(logo.s3Key) : undefined;
    if (!logo || !bytes) throw noLogo();
    return binaryResponse({ body: bytes, contentType: logo.contentType });
  },
});

export const deleteCompanyLogoRoute = defineCompanyAction({
  params: CompanyPath,
  run: async ({ scope }, deps: CompaniesDeps) => {
    const current = await getSettings(deps, scope.companyId);
    const logo = current.invoicing.logo;
    if (!logo) throw noLogo();
    const next: CompanySettings = { ...current, invoicing: { ...current.invoicing, logo: null } };
    await putSettings(deps, scope.companyId, next, deps.now());
    await deleteLogoObject(logo.s3Key);
    return next;
  },
});
