import { ExternalButtonLink } from '../../../components/ui/button';
import { useExtensionStatus } from '../../../lib/extension-bridge';
import { useExtensionStore } from '../../../lib/use-extension-store';
import { useNextUrl } from '../../../lib/storage';

/**
 * The way on after checkout (spec): with the extension connected, 'Return to editor' (back to the
 * extension page that sent the user here) or 'Go to editor'; otherwise 'Install extension'.
 */
export function ExtensionButtons() {
  const status = useExtensionStatus();
  const next = useNextUrl();
  const store = useExtensionStore();
  const editor = status.origin ? `${status.origin}/editor.html` : null;
  if (status.connected && next) return <ExternalButtonLink href={next}>Return to editor</ExternalButtonLink>;
  if (status.connected && editor) return <ExternalButtonLink href={editor}>Go to editor</ExternalButtonLink>;
  return (
    <ExternalButtonLink href={store.url} target="_blank">
      Install extension
    </ExternalButtonLink>
  );
}
