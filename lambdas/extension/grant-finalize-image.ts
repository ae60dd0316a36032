import { routes } from '#shared/api/routes';
import { finishUpload } from '../images/lib/finish-upload';
import { defineGrantHandler } from '../lib/define-grant-handler';

/** POST /extension/images/{id}/: finalizeImage for the holder of an upload grant. */
export const handler = defineGrantHandler(routes.grantFinalizeImage, async ({ principal, params }) => finishUpload(principal.userId, params.id));
