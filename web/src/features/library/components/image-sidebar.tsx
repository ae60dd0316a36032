import { useEffect, useId, useState, type FormEvent } from 'react';
import { IMAGE_NOTES_MAX, IMAGE_SOURCE_URL_MAX, IMAGE_TITLE_MAX } from '#shared/domain/image';
import { IMAGE_TEXT_HINT } from '#shared/rules/image-text';
import { formatBytes } from '#shared/rules/byte-size';
import { isWebAddress } from '#shared/rules/web-address';
import { cutText } from '#shared/rules/cut-text';
import { imageDownloadName } from '#shared/rules/image-download-name';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessageOf } from '../../../lib/api-client';
import { deleteImage } from '../api/delete-image';
import { canSubmitImageEdit, updateImage } from '../api/update-image';
import { isTooLarge, TOO_LARGE_MESSAGE, uploadImage } from '../api/upload-image';
import type { LibraryImage } from '../library-image';
import { UNTITLED } from './image-grid';
import { useFormAction } from './use-form-action';

/** Spec §4 "Image sidebar": the three modes and their headings. */
export type SidebarMode = 'info' | 'edit' | 'upload';
const SIDEBAR_HEADINGS: Record<SidebarMode, string> = { info: 'Info', edit: 'Update Image', upload: 'Upload Image' };

const ARE_YOU_SURE = 'Are you sure?';
const DELETING = 'Deleting...';
const UPLOADING = 'Uploading...';
const UPDATING = 'Updating...';

const formatDate = (d: Date) => d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });


/** A file name for the download: the title, made safe, with the type's extension (the server's name too). */
const downloadName = imageDownloadName;

/**
 * Saves the full image: a link to the presigned GET that answers Content-Disposition: attachment,
 * so the browser downloads it and stays on the page. No fetch, so neither CORS nor a cached
 * <img> response can get in the way.
 */
function downloadImage(image: LibraryImage) {
  if (!image.urlDownload) return;
  const a = document.createElement('a');
  a.href = image.urlDownload;
  a.download = downloadName(image);
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

// ── Info ──────────────────────────────────────────────────────────────────────

interface InfoProps {
  image: LibraryImage;
  onEdit: () => void;
  onDeleted: (id: string) => void;
}

function ImageInfo({ image, onEdit, onDeleted }: InfoProps) {
  const file = [image.contentType?.replace('image/', '').toUpperCase(), image.width && image.height ? `${image.width} × ${image.height}` : null, image.size != null ? formatBytes(image.size) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <dl className="library-info">
        <div>
          <dt>Title</dt>
          <dd>{image.title || UNTITLED}</dd>
        </div>
        <div>
          <dt>Notes</dt>
          <dd className="library-info__notes">{image.notes || <span className="muted">No notes</span>}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>
            {isWebAddress(image.urlLink) ? (
              <a href={image.urlLink} target="_blank" rel="noopener noreferrer nofollow" className="library-info__link">
                {image.urlLink}
              </a>
            ) : (
              <span className="muted">N/A</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(image.created)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{formatDate(image.updated)}</dd>
        </div>
        {file && (
          <div>
            <dt>File</dt>
            <dd>{file}</dd>
          </div>
        )}
      </dl>
      <div className="library-sidebar__actions">
        <Button onClick={onEdit}>Edit</Button>
        <Button variant="secondary" onClick={() => downloadImage(image)} disabled={!image.urlDownload}>
          Download image
        </Button>
        <DeleteButton id={image.id} onDeleted={onDeleted} />
      </div>
    </>
  );
}

/** Spec: delete is two-step; the first click asks 'Are you sure?', the second deletes ('Deleting...'). */
function DeleteButton({ id, onDeleted }: { id: string; onDeleted: (id: string) => void }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'deleting'>('idle');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setStep('idle');
    setError(null);
  }, [id]);

  const onClick = async () => {
    if (step === 'idle') {
      setStep('confirm');
      return;
    }
    if (step !== 'confirm') return;
    setStep('deleting');
    setError(null);
    try {
      await deleteImage(id);
      onDeleted(id);
    } catch (e) {
      console.error('Library: delete failed', e);
      setError(errorMessageOf(e, 'The image could not be deleted.'));
      setStep('idle');
    }
  };

  return (
    <>
      {/* The confirming click is the destructive one: it is the red button, not the first. */}
      <Button
        variant={step === 'idle' ? 'ghost' : 'danger'}
        className={step === 'idle' ? 'library-delete' : undefined}
        onClick={() => void onClick()}
        disabled={step === 'deleting'}
        aria-live="polite"
      >
        {step === 'idle' ? 'Delete' : step === 'confirm' ? ARE_YOU_SURE : DELETING}
      </Button>
      {error && (
        <Alert severity="error" title="Delete failed">
          {error}
        </Alert>
      )}
    </>
  );
}

// ── Update Image ──────────────────────────────────────────────────────────────

interface EditProps {
  image: LibraryImage;
  onCancel: () => void;
  onSaved: (image: LibraryImage) => void;
}

function EditForm({ image, onCancel, onSaved }: EditProps) {
  const ids = useId();
  const [title, setTitle] = useState(image.title);
  const [notes, setNotes] = useState(image.notes);
  const { busy, error, run } = useFormAction();
  const edit = { id: image.id, title, notes };
  const ready = canSubmitImageEdit(edit);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    await run('update', 'The image could not be updated.', async () => onSaved(await updateImage(edit)));
  };

  return (
    <form className="library-form" onSubmit={(e) => void onSubmit(e)} aria-label={SIDEBAR_HEADINGS.edit}>
      <label htmlFor={`${ids}-title`}>Title</label>
      <input id={`${ids}-title`} value={title} maxLength={IMAGE_TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={`${ids}-notes`}>Notes</label>
      <textarea id={`${ids}-notes`} value={notes} maxLength={IMAGE_NOTES_MAX} rows={6} onChange={(e) => setNotes(e.target.value)} />
      {!ready && <p className="library-form__hint">{IMAGE_TEXT_HINT}</p>}
      {error && (
        <Alert severity="error" title="Update failed">
          {error}
        </Alert>
      )}
      <div className="library-sidebar__actions">
        <Button type="submit" disabled={!ready || busy}>
          {busy ? UPDATING : 'Update'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

// ── Upload Image ──────────────────────────────────────────────────────────────

/** The title a new upload starts with: the file name without its extension. */
const titleFromFileName = (name: string) => cutText(name.replace(/\.[^.]+$/, '').trim(), IMAGE_TITLE_MAX).trim();

interface UploadProps {
  file: File | null;
  onCancel: () => void;
  onUploaded: (image: LibraryImage) => void;
}

function UploadForm({ file, onCancel, onUploaded }: UploadProps) {
  const ids = useId();
  const [title, setTitle] = useState(file ? titleFromFileName(file.name) : '');
  const [notes, setNotes] = useState('');
  const [urlLink, setUrlLink] = useState('');
  const { busy, error, setError, run } = useFormAction();
  const tooLarge = !!file && isTooLarge(file);

  useEffect(() => {
    setTitle(file ? titleFromFileName(file.name) : '');
    setError(null);
  }, [file]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || busy || tooLarge) return;
    const link = urlLink.trim();
    if (link && !isWebAddress(link)) {
      setError('The source address must start with http:// or https://.');
      return;
    }
    await run('upload', 'The image could not be uploaded.', async () =>
      onUploaded(await uploadImage(file, { title: title.trim() || titleFromFileName(file.name) || UNTITLED, notes, urlLink: link || null })),
    );
  };

  return (
    <form className="library-form" onSubmit={(e) => void onSubmit(e)} aria-label={SIDEBAR_HEADINGS.upload}>
      {file && (
        <p className="library-form__file">
          {file.name} · {formatBytes(file.size)}
        </p>
      )}
      <label htmlFor={`${ids}-title`}>Title</label>
      <input id={`${ids}-title`} value={title} maxLength={IMAGE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={`${ids}-notes`}>Notes</label>
      <textarea id={`${ids}-notes`} value={notes} maxLength={IMAGE_NOTES_MAX} rows={5} onChange={(e) => setNotes(e.target.value)} />
      <label htmlFor={`${ids}-link`}>Source address (optional)</label>
      <input id={`${ids}-link`} type="url" inputMode="url" placeholder="https://" value={urlLink} maxLength={IMAGE_SOURCE_URL_MAX} onChange={(e) => setUrlLink(e.target.value)} />
      {tooLarge && <Alert severity="error">{TOO_LARGE_MESSAGE}</Alert>}
      {error && (
        <Alert severity="error" title="Upload failed">
          {error}
        </Alert>
      )}
      <div className="library-sidebar__actions">
        <Button type="submit" disabled={!file || busy || tooLarge}>
          {busy ? UPLOADING : 'Upload'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

// ── the sidebar ───────────────────────────────────────────────────────────────

export type SidebarProps =
  | { mode: 'upload'; file: File | null; onCancel: () => void; onUploaded: (image: LibraryImage) => void }
  | {
      mode: 'info' | 'edit';
      image: LibraryImage;
      onModeChange: (mode: 'info' | 'edit') => void;
      onSaved: (image: LibraryImage) => void;
      onDeleted: (id: string) => void;
    };

/** The viewer's right sidebar (20rem): Info (read-only), Update Image (edit form) or Upload Image (form). */
export function ImageSidebar(props: SidebarProps) {
  const headingId = useId();
  return (
    <aside className="library-sidebar" aria-labelledby={headingId}>
      <h2 id={headingId} className="library-sidebar__heading">
        {SIDEBAR_HEADINGS[props.mode]}
      </h2>
      {props.mode === 'upload' ? (
        <UploadForm file={props.file} onCancel={props.onCancel} onUploaded={props.onUploaded} />
      ) : props.mode === 'edit' ? (
        <EditForm
          key={props.image.id}
          image={props.image}
          onCancel={() => props.onModeChange('info')}
          onSaved={(image) => {
            props.onSaved(image);
            props.onModeChange('info');
          }}
        />
      ) : (
        <ImageInfo image={props.image} onEdit={() => props.onModeChange('edit')} onDeleted={props.onDeleted} />
      )}
    </aside>
  );
}
