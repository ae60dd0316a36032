import { storageUsedPercent, storageUsedText } from '#shared/rules/storage-quota';
import type { StorageUsage } from '#shared/domain/storage-usage';
import { Button } from '../../../components/ui/button';
import type { QueryState } from '../../../lib/api-query';

const STORAGE_LABEL = 'Storage used';
const STORAGE_FAILED = 'Storage use could not be loaded.';

/**
 * "12.3 MB of 1 GB used" with a meter (role=meter, its value the percentage and its text the
 * sentence), near the library's header. Quiet while loading; a failure says so with a retry.
 */
export function StorageMeter({ usage, onRetry }: { usage: QueryState<StorageUsage>; onRetry: () => void }) {
  if (usage.status === 'pending') return <p className="library-storage library-storage--loading">Checking storage…</p>;
  if (usage.status === 'error') {
    return (
      <p className="library-storage">
        {STORAGE_FAILED}{' '}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </p>
    );
  }
  const text = storageUsedText(usage.data);
  const percent = storageUsedPercent(usage.data);
  const full = usage.data.usedBytes >= usage.data.limitBytes;
  return (
    <div className={`library-storage${full ? ' library-storage--full' : ''}`}>
      <span className="library-storage__text">{text}</span>
      <div
        className="library-storage__meter"
        role="meter"
        aria-label={STORAGE_LABEL}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="library-storage__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
