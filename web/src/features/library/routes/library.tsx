import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_SORT_MODE, groupImages, parseSortMode, type ImageGroup, type SortMode } from '#shared/rules/library-sort';
import { fitsInStorage } from '#shared/rules/storage-quota';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useStorageUsage } from '../api/get-storage-usage';
import { isImageFile } from '../api/upload-image';
import { AddFromExtension } from '../components/add-from-extension';
import { ImageGrid } from '../components/image-grid';
import { ImageViewer, type ViewerContent } from '../components/image-viewer';
import { LibraryHeader, type HeaderTitle } from '../components/library-header';
import { HeldUpload } from '../components/held-upload';
import { StorageMeter } from '../components/storage-meter';
import { useLibrary } from '../components/use-library';
import type { LibraryImage } from '../library-image';
import '../library.css';

export const SORT_PARAM = 'sort';
/** `/images?image=<id>` opens that image in the viewer (the extension's "Open in library"). */
export const IMAGE_PARAM = 'image';

const signInHref = () => `${paths.authSignIn.href()}?${new URLSearchParams({ redirectPath: paths.images.href() })}`;

/**
 * /images: the image library. Header 'Library' with the Sort and Upload menus and the links
 * Download, Images, Settings; the heading 'Welcome'; thumbnails grouped for the sort mode (kept
 * in the address as ?sort=); a full-screen viewer for one image or for a local file to upload.
 */
export function LibraryRoute() {
  usePageTitle('Library');
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  const { state, reload, add, replace, remove } = useLibrary(signedIn, auth.user?.userId);
  const storage = useStorageUsage(signedIn, auth.user?.userId);
  const [params, setParams] = useSearchParams();
  const sortMode = parseSortMode(params.get(SORT_PARAM));
  const [viewer, setViewer] = useState<ViewerContent | null>(null);
  const [addingFromExtension, setAddingFromExtension] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes when the viewer closes: the opener, or (after an upload) the new thumbnail. */
  const returnFocus = useRef<{ element?: HTMLElement | null; imageId?: string } | null>(null);

  const groups = useMemo(() => groupImages(state.images, sortMode), [state.images, sortMode]);

  const setSort = (mode: SortMode) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (mode === DEFAULT_SORT_MODE) next.delete(SORT_PARAM);
        else next.set(SORT_PARAM, mode);
        return next;
      },
      { replace: true },
    );

  const open = (content: ViewerContent, opener: Element | null) => {
    returnFocus.current = { element: opener instanceof HTMLElement ? opener : null };
    setViewer(content);
  };
  // A file that did not fit in the library is kept when its form closes (HeldUpload), to send after making room.
  const [heldFile, setHeldFile] = useState<File | null>(null);
  const usage = storage.data;
  const close = useCallback(() => {
    if (viewer?.kind === 'upload' && viewer.file && usage && !fitsInStorage(usage, viewer.file.size)) setHeldFile(viewer.file);
    setViewer(null);
  }, [viewer, usage]);

  // A deep link opens its image once the list has it, then leaves the address (closing stays closed).
  const linkedId = params.get(IMAGE_PARAM);
  useEffect(() => {
    if (!linkedId) return;
    const linked = state.images.find((i) => i.id === linkedId);
    if (!linked && state.status === 'loading') return;
    if (linked) open({ kind: 'image', image: linked }, heading.current);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete(IMAGE_PARAM);
      return next;
    }, { replace: true });
  }, [linkedId, state.images, state.status, setParams]);

  // The viewer sits right under the header, whose height changes when it wraps on narrow screens.
  useEffect(() => {
    const header = root.current?.querySelector<HTMLElement>('.library-header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.current?.style.setProperty('--library-header-h', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // Escape closes the viewer (menus stop their own Escape first).
  useEffect(() => {
    if (!viewer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [viewer, close]);

  // Focus back where it came from once the viewer is gone.
  useEffect(() => {
    if (viewer || !returnFocus.current) return;
    const { element, imageId } = returnFocus.current;
    returnFocus.current = null;
    const target =
      // Image ids are [A-Za-z0-9_-] (the route table's Id), safe inside the attribute selector.
      (imageId && document.querySelector<HTMLElement>(`[data-image-id="${imageId}"]`)) ||
      (element?.isConnected ? element : null) ||
      heading.current;
    target?.focus();
    if (imageId) target?.scrollIntoView?.({ block: 'nearest' });
  }, [viewer]);

  const onFileChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again
    if (!file) return;
    if (!isImageFile(file)) {
      // Spec §5: a file whose type does not begin with image/ is ignored.
      console.info('Library: ignored a file that is not an image', file.type || 'unknown type');
      return;
    }
    open({ kind: 'upload', file }, document.activeElement);
  };

  const onUploaded = (image: LibraryImage) => {
    add(image);
    setHeldFile(null);
    returnFocus.current = { imageId: image.id };
    setViewer(null);
  };
  const onDeleted = (id: string) => {
    remove(id);
    returnFocus.current = { element: heading.current };
    setViewer(null);
  };

  // The open image follows the list (an edit replaces it there).
  const openImage = viewer?.kind === 'image' ? (state.images.find((i) => i.id === viewer.image.id) ?? viewer.image) : null;
  const title: HeaderTitle = viewer?.kind === 'upload' ? 'Upload Image' : viewer ? 'View Image' : 'Library';
  const chooseFile = () => fileInput.current?.click();

  return (
    <div ref={root} className="library">
      <LibraryHeader
        title={title}
        sortMode={sortMode}
        onSort={setSort}
        showMenus={signedIn}
        onChooseFile={chooseFile}
        onFileChosen={onFileChosen}
        fileInputRef={fileInput}
        onAddFromExtension={() => setAddingFromExtension(true)}
      />
      <div className="library-body" inert={viewer ? true : undefined}>
        <h1 ref={heading} tabIndex={-1} className="library-body__heading">
          Welcome
        </h1>
        {auth.status === 'loading' ? (
          <Spinner size="lg" label="Checking your sign-in…" showLabel />
        ) : !signedIn ? (
          <section className="library-empty" aria-label="Sign in">
            <p>Sign in to see and add the images you saved.</p>
            <ButtonLink to={signInHref()}>Sign in</ButtonLink>
          </section>
        ) : (
          <>
            <StorageMeter usage={storage} onRetry={() => void storage.refetch()} />
            {heldFile && !viewer && (
              <HeldUpload
                file={heldFile}
                onUpload={(opener) => open({ kind: 'upload', file: heldFile }, opener)}
                onDismiss={() => {
                  setHeldFile(null);
                  heading.current?.focus(); // the notice and its button are gone
                }}
              />
            )}
            <LibraryContent
              state={state}
              groups={groups}
              onRetry={() => reload()}
              onOpen={(image, opener) => open({ kind: 'image', image }, opener)}
              onChooseFile={chooseFile}
            />
          </>
        )}
      </div>
      <AddFromExtension open={addingFromExtension} onClose={() => setAddingFromExtension(false)} onImported={add} />
      {viewer && (
        <ImageViewer
          content={openImage ? { kind: 'image', image: openImage } : viewer}
          onClose={close}
          onSaved={replace}
          onDeleted={onDeleted}
          onUploaded={onUploaded}
        />
      )}
    </div>
  );
}

interface ContentProps {
  state: ReturnType<typeof useLibrary>['state'];
  groups: ImageGroup<LibraryImage>[];
  onRetry: () => void;
  onOpen: (image: LibraryImage, opener: HTMLElement) => void;
  onChooseFile: () => void;
}

function LibraryContent({ state, groups, onRetry, onOpen, onChooseFile }: ContentProps) {
  const count = state.images.length;
  return (
    <>
      {state.status === 'error' && (
        <Alert severity="error" title="Your images could not be loaded">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
      {state.status === 'loading' && count === 0 && <Spinner size="lg" label="Loading your images…" showLabel />}
      {state.status === 'ready' && count === 0 && (
        <section className="library-empty" aria-labelledby="library-empty-title">
          <h2 id="library-empty-title">Your library is empty</h2>
          <p>Add your first image:</p>
          <ol>
            <li>
              Choose <strong>Upload</strong> → <strong>Upload from computer</strong> and pick a PNG, JPEG, WebP, GIF or AVIF file (up to 25 MB), or
            </li>
            <li>
              capture a page with the extension and choose <strong>Save to library</strong> in its editor, or <strong>Upload</strong> →{' '}
              <strong>Add from extension</strong> here.
            </li>
          </ol>
          <Button onClick={onChooseFile}>Upload from computer</Button>
        </section>
      )}
      {count > 0 && (
        <>
          <p className="library-body__count" aria-live="polite">
            {count === 1 ? '1 image' : `${count} images`}
            {state.status === 'loading' && ' (loading more…)'}
          </p>
          <ImageGrid groups={groups} onOpen={onOpen} />
        </>
      )}
    </>
  );
}

export { LibraryRoute as Component };
