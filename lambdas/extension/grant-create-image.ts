import { routes } from '#shared/api/routes';
import { startUpload } from '../images/lib/start-upload';
import { defineGrantHandler } from '../lib/define-grant-handler';

/** POST /extension/images/: createImage for the holder of an upload grant (the grant's user). */
export const handler = defineGrantHandler(routes.grantCreateImage, async ({ principal, body }) => startUpload(principal.userId, body));
