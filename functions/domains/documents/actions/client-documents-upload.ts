import { defineCompanyAction } from '@functions/platform/http';
import * as z from 'zod';
import { UploadBody } from '../model/upload-body';
import type { DocumentsDeps } from '../store/deps';
import { uploadOne } from './documents-upload';

/** A client's upload waits for its advisor unless it says otherwise (spec part 3 client uploads). */
export const ClientUploadBody = UploadBody.extend({
  requiresAdvisorReview: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .default(true),
});

/** POST /client/documents/upload: the portal's upload (origin CLIENT_UPLOAD), read like any other. */
export const clientDocumentsUploadRoute = defineCompanyAction({
  body: ClientUploadBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: DocumentsDeps) => {
    const { file, ...fields } = body;
    return uploadOne(deps, {
      companyId: scope.companyId,
      userId: auth.userId,
      file,
      fields,
      origin: 'CLIENT_UPLOAD',
    });
  },
});
