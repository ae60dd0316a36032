import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { startUpload } from './lib/start-upload';

/** POST /images/: a pending image and its presigned upload form (lib/start-upload.ts). */
export const handler = defineHandler(routes.createImage, async ({ principal, body }) => startUpload(principal.userId, body));
