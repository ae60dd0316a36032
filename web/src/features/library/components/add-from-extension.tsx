import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CaptureListing } from '#shared/extension/bridge-protocol';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useExtensionBridge } from '../../../lib/extension-bridge';
import type { LibraryImage } from '../library-image';
import { importCapture, type ImportProgress } from '../api/import-capture';

const NO_CAPTURES = 'The extension holds no captures yet. Capture a page with its toolbar button, then come back here.';
const ALREADY_IN_LIBRARY = 'Already in your library';
const ADD_AGAIN_LABEL = 'Also show captures already in my library, to add them again';

type Listing =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; captures: CaptureListing[] };

type Run =
  | { status: 'idle' }
  | { status: 'importing'; progress: ImportProgress }
  | { status: 'done'; imported: number; failed: Array<{ capture: CaptureListing; message: string }> };

interface AddFromExtensionProps {
  open: boolean;
  onClose: () => void;
  /** Each image as soon as it is stored, so the library shows it at once. */
  onImported: (image: LibraryImage) => void;
}

/**
 * Upload → Add from extension: the captures the extension holds (thumbnail, page title, date,
 * size), of which the user picks some; each is fetched from the extension over the bridge as PNG
 * files (edits applied, every split part) and uploaded with the site's own session, as a file
 * chosen from the computer would be. Progress while it works; failures are listed with a retry.
 */
export function AddFromExtension({ open, onClose, onImported }: AddFromExtensionProps) {
  const bridge = useExtensionBridge();
  const userId = useAuth().user?.userId;
  // Captures this account already saved from the editor are skipped unless the person asks.
  const [addAgain, setAddAgain] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  /** Parts stored per capture during this opening, so Retry adds only what is missing. */
  const stored = useRef(new Map<string, Set<number>>());
  // Each opening asks the extension anew (its captures change between openings): nothing cached.
  const captures = useQuery({
    queryKey: ['extension-captures'],
    queryFn: () => bridge!.listCaptures(),
    enabled: open && !!bridge,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const listing: Listing = captures.isSuccess
    ? { status: 'ready', captures: captures.data }
    : captures.isError
      ? { status: 'error', message: captures.error.message }
      : { status: 'loading' };

  useEffect(() => {
    if (!open) return;
    setRun({ status: 'idle' });
    setChosen(new Set());
    setAddAgain(false);
    stored.current = new Map();
  }, [open]);

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const importChosen = async (captures: CaptureListing[]) => {
    if (!bridge) return;
    const controller = new AbortController();
    abort.current = controller;
    const failed: Array<{ capture: CaptureListing; message: string }> = [];
    let imported = 0;
    const total = captures.reduce((n, c) => n + c.parts, 0);
    for (const capture of captures) {
      const parts = stored.current.get(capture.id) ?? new Set<number>();
      stored.current.set(capture.id, parts);
      const before = imported;
      try {
        await importCapture(bridge, capture, {
          signal: controller.signal,
          skipParts: parts,
          onProgress: (p) => setRun({ status: 'importing', progress: { ...p, done: before + p.done, total } }),
          onImported: (image, part) => {
            imported++;
            parts.add(part);
            onImported(image);
          },
        });
      } catch (e) {
        if (controller.signal.aborted) return;
        failed.push({ capture, message: errorMessageOf(e, 'The capture could not be added. Try again.') });
      }
    }
    setRun({ status: 'done', imported, failed });
    setChosen(new Set(failed.map((f) => f.capture.id)));
  };

  const busy = run.status === 'importing';
  const inLibrary = (c: CaptureListing) => !!userId && c.savedBy === userId;
  const picked = listing.status === 'ready' ? listing.captures.filter((c) => chosen.has(c.id) && (addAgain || !inLibrary(c))) : [];
  const anyInLibrary = listing.status === 'ready' && listing.captures.some(inLibrary);
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog
      open={open}
      title="Add from extension"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {run.status === 'done' && run.failed.length === 0 ? 'Done' : busy ? 'Stop' : 'Cancel'}
          </Button>
          {listing.status === 'ready' && listing.captures.length > 0 && !(run.status === 'done' && run.failed.length === 0) && (
            <Button disabled={busy || picked.length === 0} onClick={() => void importChosen(picked)}>
              {run.status === 'done' ? 'Retry' : picked.length > 1 ? `Add ${picked.length} captures` : 'Add capture'}
            </Button>
          )}
        </>
      }
    >
      {listing.status === 'loading' && <Spinner label="Asking the extension for its captures…" showLabel />}
      {listing.status === 'error' && (
        <Alert severity="error" title="The captures could not be listed">
          <p>{listing.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void captures.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {listing.status === 'ready' && listing.captures.length === 0 && <p>{NO_CAPTURES}</p>}
      {listing.status === 'ready' && listing.captures.length > 0 && (
        <>
          <RunStatus run={run} />
          {anyInLibrary && (
            <label className="add-from-extension__again">
              <input type="checkbox" checked={addAgain} disabled={busy} onChange={(e) => setAddAgain(e.target.checked)} /> {ADD_AGAIN_LABEL}
            </label>
          )}
          <CaptureList captures={listing.captures} chosen={chosen} onToggle={toggle} disabled={busy} inLibrary={inLibrary} addAgain={addAgain} />
        </>
      )}
    </Dialog>
  );
}

function RunStatus({ run }: { run: Run }) {
  if (run.status === 'importing') {
    const { done, total, label } = run.progress;
    return (
      <div className="add-from-extension__progress" aria-live="polite">
        <p>{label}</p>
        <progress max={total} value={done} aria-label="Images added" />
      </div>
    );
  }
  if (run.status !== 'done') return <p className="add-from-extension__hint">Choose the captures to add to your library. Split captures are added whole, one image per part.</p>;
  const added = run.imported === 1 ? '1 image was added to your library.' : `${run.imported} images were added to your library.`;
  if (run.failed.length === 0) return <p role="status">{added}</p>;
  return (
    <Alert severity="error" title={run.imported ? added : 'Nothing was added'}>
      <ul>
        {run.failed.map((f) => (
          <li key={f.capture.id}>
            <strong>{f.capture.title || f.capture.url}</strong>: {f.message}
          </li>
        ))}
      </ul>
      <p>Those captures are still in the extension and still chosen below: Retry adds them.</p>
    </Alert>
  );
}

interface CaptureListProps {
  captures: CaptureListing[];
  chosen: Set<string>;
  onToggle: (id: string) => void;
  disabled: boolean;
  /** Already in the library: marked, and not choosable unless `addAgain`. */
  inLibrary: (c: CaptureListing) => boolean;
  addAgain: boolean;
}

function CaptureList({ captures, chosen, onToggle, disabled, inLibrary, addAgain }: CaptureListProps) {
  const skipped = (c: CaptureListing) => inLibrary(c) && !addAgain;
  const legend = useId();
  return (
    <fieldset className="add-from-extension__list" aria-labelledby={legend} disabled={disabled}>
      <legend id={legend} className="sr-only">
        Captures in the extension
      </legend>
      {captures.map((c) => (
        <label key={c.id} className="add-from-extension__item">
          <input type="checkbox" checked={chosen.has(c.id) && !skipped(c)} disabled={skipped(c)} onChange={() => onToggle(c.id)} />
          <Thumbnail blob={c.thumbnail} />
          <span className="add-from-extension__text">
            <span className="add-from-extension__title">{c.title || c.url}</span>
            <span className="add-from-extension__meta">
              {new Date(c.createdAt).toLocaleString()} · {c.width} × {c.height} px{c.parts > 1 ? ` · ${c.parts} images` : ''}
            </span>
            {inLibrary(c) && <span className="add-from-extension__saved">{ALREADY_IN_LIBRARY}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Thumbnail({ blob }: { blob: Blob | null }) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url ? <img className="add-from-extension__thumb" src={url} alt="" /> : <span className="add-from-extension__thumb" aria-hidden="true" />;
}
