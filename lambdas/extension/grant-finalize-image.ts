import { routes } from '#shared/api/routes';
import { finishUpload } from '../images/lib/finish-upload';
import { defineHandler } from '../lib/define-handler';

/** POST /extension/images/{id}/: finalizeImage for the holder of an upload grant. */
export const handler = defineHandler(routes.grantFinalizeImage, async ({ principal, params }) => finishUpload(principal.userId, params.id));
