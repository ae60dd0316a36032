import { routes } from '#shared/api/routes';
import { startUpload } from '../images/lib/start-upload';
import { defineHandler } from '../lib/define-handler';

/** POST /extension/images/: createImage for the holder of an upload grant (the grant's user). */
export const handler = defineHandler(routes.grantCreateImage, async ({ principal, body }) => startUpload(principal.userId, body));
