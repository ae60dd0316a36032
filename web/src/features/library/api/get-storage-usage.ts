import { useQuery } from '@tanstack/react-query';
import { routes } from '#shared/api/routes';
import type { StorageUsage } from '#shared/domain/storage-usage';
import { apiCall } from '../../../lib/api-client';

/** GET /account/storage: bytes used by the caller's images, their limit and plan. */
function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  return apiCall(routes.getStorageUsage, { signal });
}

/** The usage queries' key prefix: invalidating it refreshes the meter. */
export const STORAGE_QUERY_KEY = ['storage'] as const;
const storageKey = (userId: string | undefined) => [...STORAGE_QUERY_KEY, userId ?? null] as const;

/** The caller's storage usage, as a query shared by the meter and the upload form. */
export function useStorageUsage(enabled: boolean, userId?: string) {
  return useQuery({
    queryKey: storageKey(userId),
    queryFn: ({ signal }) => getStorageUsage(signal),
    enabled,
  });
}
