import { useEffect, useId, useRef, useState } from 'react';
import { useModalFocus } from '../../../components/ui/dialog';
import type { LibraryImage } from '../library-image';
import { UNTITLED } from './image-grid';
import { ImageSidebar, type SidebarMode } from './image-sidebar';
import { ShareDialog } from './share-dialog';

/** What the viewer shows: a saved image, or a local file about to be uploaded. */
export type ViewerContent = { kind: 'image'; image: LibraryImage } | { kind: 'upload'; file: File };

interface ImageViewerProps {
  content: ViewerContent;
  onClose: () => void;
  onSaved: (image: LibraryImage) => void;
  onDeleted: (id: string) => void;
  onUploaded: (image: LibraryImage) => void;
}

/** A local file's object URL for the preview, revoked when the file changes or the viewer closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [file]);
  return url;
}

/**
 * The full-screen viewer under the library header: the image at full width (tall captures scroll)
 * and a toggleable right sidebar, 20rem wide. It takes focus when it opens; the page closes it on
 * Escape.
 */
export function ImageViewer({ content, onClose, onSaved, onDeleted, onUploaded }: ImageViewerProps) {
  // On a phone the sidebar lies over the image: it starts closed there (the layout's 760 px break).
  const [sidebarOpen, setSidebarOpen] = useState(() => !window.matchMedia?.('(max-width: 760px)').matches);
  const [mode, setMode] = useState<'info' | 'edit'>('info');
  const [sharing, setSharing] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const sidebarId = useId();
  const titleId = useId();
  const file = content.kind === 'upload' ? content.file : null;
  const preview = useObjectUrl(file);
  const image = content.kind === 'image' ? content.image : null;
  const imageId = image?.id;

  // A different image starts in Info, with the Share dialog closed.
  useEffect(() => {
    setMode('info');
    setSharing(false);
  }, [imageId]);
  useEffect(() => {
    root.current?.focus();
  }, [imageId, file]);
  // Modal for the keyboard: Tab stays inside. The library page closes it on Escape and puts focus
  // back itself (on the new thumbnail after an upload).
  useModalFocus(root, { restore: false, initialFocus: root });

  const sidebarMode: SidebarMode = content.kind === 'upload' ? 'upload' : mode;
  const name = image ? image.title || UNTITLED : (file?.name ?? '');
  const src = image ? image.urlFull : preview;

  return (
    <div ref={root} className="library-viewer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
      {/* Inert behind the Share dialog, so Tab and screen readers stay in the dialog. */}
      <div className="library-viewer__main" inert={sharing}>
        <div className="library-viewer__toolbar">
          <p id={titleId} className="library-viewer__title">
            {name}
          </p>
          {image?.urlFull && (
            <button type="button" className="library-viewer__tool" aria-haspopup="dialog" onClick={() => setSharing(true)}>
              Share
            </button>
          )}
          <button
            type="button"
            className="library-viewer__tool"
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setSidebarOpen((o) => !o)}
          >
            {sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
          </button>
          <button type="button" className="library-viewer__tool library-viewer__close" aria-label="Close viewer" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* Tall captures scroll here: focusable, so the keyboard can scroll it too. */}
        <div className="library-viewer__stage" tabIndex={0} role="region" aria-label={`Image: ${name}`}>
          {src ? <img src={src} alt={name} className="library-viewer__img" /> : <p className="muted">This image is not available.</p>}
        </div>
      </div>
      {/* Hidden rather than removed, so an edit or upload form keeps what was typed. */}
      <div id={sidebarId} className="library-viewer__side" hidden={!sidebarOpen} inert={sharing}>
        {content.kind === 'upload' ? (
          <ImageSidebar mode="upload" file={content.file} onCancel={onClose} onUploaded={onUploaded} />
        ) : (
          <ImageSidebar
            mode={sidebarMode as 'info' | 'edit'}
            image={content.image}
            onModeChange={setMode}
            onSaved={onSaved}
            onDeleted={onDeleted}
          />
        )}
      </div>
      {image && <ShareDialog open={sharing} imageId={image.id} imageTitle={name} onClose={() => setSharing(false)} />}
    </div>
  );
}
