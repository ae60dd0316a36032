import { formatBytes } from '#shared/rules/byte-size';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

const HELD_TITLE = 'Not uploaded yet';
const UPLOAD_AGAIN = 'Upload it now';

/**
 * A file refused because the library was full, kept after its upload form closed, so the user can
 * delete images to make room and then send it without choosing it again (docs/images.md).
 */
export function HeldUpload({ file, onUpload, onDismiss }: { file: File; onUpload: (opener: HTMLElement) => void; onDismiss: () => void }) {
  return (
    <Alert severity="info" title={HELD_TITLE} className="library-held">
      <p>
        “{file.name}” ({formatBytes(file.size)}) did not fit in your library. Delete images to make room, then upload it from here.
      </p>
      <div className="library-sidebar__actions">
        <Button size="sm" onClick={(e) => onUpload(e.currentTarget)}>
          {UPLOAD_AGAIN}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Alert>
  );
}
