import { routes } from '#shared/api/routes';
import { notImplemented } from '../lib/define-handler';

export const handler = notImplemented(routes.getOrganization);
