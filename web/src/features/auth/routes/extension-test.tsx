import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isExtensionId } from '#shared/rules/extension-handshake';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { removeStorage, storageKeys, writeStorage } from '../../../lib/storage';

/** Query flag that keeps /_test on screen instead of going home. */
export const STAY_FLAG = 'stay';

/**
 * /_test: points the site at another extension build. `?id=<extension id>` stores the id override
 * (the bridge then tries `chrome-extension://<id>` first); no id removes it. Then home, unless
 * `?stay` is set. Its last path segment starts with '_', so this page runs no handshake itself.
 */
export function ExtensionTestRoute() {
  usePageTitle('Extension test');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<string | null>(null);
  const id = params.get('id');
  const stay = params.has(STAY_FLAG);

  useEffect(() => {
    if (id && isExtensionId(id)) {
      writeStorage('local', storageKeys.extensionIdOverride, id);
      setOutcome(`Extension id override set to ${id}.`);
    } else {
      removeStorage('local', storageKeys.extensionIdOverride);
      setOutcome(id ? `Not an extension id: ${id}. The override was removed.` : 'Extension id override removed.');
    }
    if (!stay) navigate(paths.home.href(), { replace: true });
  }, [id, stay, navigate]);

  return (
    <div className="auth-page">
      <h1 className="auth-page__title">Extension test</h1>
      {outcome && <p role="status">{outcome}</p>}
    </div>
  );
}

export { ExtensionTestRoute as Component };
