import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { finishUpload } from './lib/finish-upload';

/** POST /images/{id}/: checks the uploaded file and makes the image ready (lib/finish-upload.ts). */
export const handler = defineHandler(routes.finalizeImage, async ({ principal, params }) => finishUpload(principal.userId, params.id));
