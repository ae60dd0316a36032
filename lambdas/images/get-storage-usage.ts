import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { storageUsageOf } from './lib/storage-quota';

/**
 * GET /account/storage: how much of the image library's storage the caller uses (the sizes of
 * their finalised images), their limit and the plan that sets it (Basic, or Premium: Premium
 * subscribers and Enterprise seats). The library shows it as "X of Y used".
 */
export const handler = defineHandler(routes.getStorageUsage, ({ principal }) => storageUsageOf(principal.userId));
