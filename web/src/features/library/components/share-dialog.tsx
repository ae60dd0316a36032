import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  DEFAULT_SHARE_EXPIRY, SHARE_EXPIRY_LABELS, ShareExpiry, type CreatedShareLink, type ShareLink,
} from '#shared/domain/share-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { createShareLink, listShareLinks, revokeShareLink } from '../api/share-links';

const SHARE_DIALOG_TITLE = 'Share image';
export const NO_LINKS = 'No active links. Anyone with a link can see this image without an account.';
const REVOKE_QUESTION = 'Revoke this link?';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const expiryText = (link: ShareLink) => (link.expiresAt ? formatDate(link.expiresAt) : 'Never');
const viewsText = (n: number) => `${n} ${n === 1 ? 'view' : 'views'}`;

interface ShareDialogProps {
  open: boolean;
  imageId: string;
  imageTitle: string;
  onClose: () => void;
}

/** The image's active links: loading, error with retry, empty, or the list. */
function useShareLinks(imageId: string, open: boolean) {
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setError(null);
    listShareLinks(imageId, abort.signal).then(setLinks, (e: unknown) => {
      if (abort.signal.aborted) return;
      setError(errorMessageOf(e, 'The links could not be loaded.'));
    });
    return () => abort.abort();
  }, [imageId, open, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { links, setLinks, error, reload };
}

/**
 * The viewer's Share dialog: choose an expiry, create a link and copy it (its URL is shown only
 * now: the server keeps a hash), and below, the image's active links with created, expiry, views
 * and Revoke, which asks first.
 */
export function ShareDialog({ open, imageId, imageTitle, onClose }: ShareDialogProps) {
  const ids = useId();
  const [expiry, setExpiry] = useState<ShareExpiry>(DEFAULT_SHARE_EXPIRY);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);
  const [confirming, setConfirming] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const { links, setLinks, error: listError, reload } = useShareLinks(imageId, open);

  // A new image, or a new opening, starts afresh.
  useEffect(() => {
    setCreated(null);
    setCreateError(null);
    setCopied(null);
    setConfirming(null);
    setRevokeError(null);
    setExpiry(DEFAULT_SHARE_EXPIRY);
  }, [imageId, open]);

  const create = async () => {
    setCreating(true);
    setCreateError(null);
    setCopied(null);
    try {
      const link = await createShareLink(imageId, expiry);
      setCreated(link);
      setLinks((l) => [link, ...(l ?? [])]);
    } catch (e) {
      setCreateError(errorMessageOf(e, 'The link could not be created.'));
    } finally {
      setCreating(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the text so Ctrl+C copies it.
      urlInput.current?.select();
      setCopied('select');
    }
  };

  const revoke = async (link: ShareLink) => {
    setRevoking(true);
    setRevokeError(null);
    try {
      await revokeShareLink(imageId, link.id);
      setLinks((l) => (l ?? []).filter((x) => x.id !== link.id));
      if (created?.id === link.id) setCreated(null);
      setConfirming(null);
    } catch (e) {
      setRevokeError(errorMessageOf(e, 'The link could not be revoked.'));
    } finally {
      setRevoking(false);
    }
  };

  // Escape closes this dialog only (or backs out of a revoke), not the viewer behind it: the viewer
  // listens on the document, so this listens there first (capture), wherever focus is.
  const escape = useRef<() => void>(() => {});
  escape.current = () => (confirming ? setConfirming(null) : onClose());
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      escape.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  // The new link's address gets focus, selected, ready to copy.
  useEffect(() => {
    if (created) urlInput.current?.focus();
  }, [created]);

  const confirmView = confirming && (
    <div className="share-confirm" role="alertdialog" aria-labelledby={`${ids}-confirm`}>
      <p id={`${ids}-confirm`}><strong>{REVOKE_QUESTION}</strong> People who open it will see that it no longer works (within a minute).</p>
      <p className="muted">Created {formatDate(confirming.created)} · {viewsText(confirming.views)}</p>
      {revokeError && <Alert severity="error" title="Revoke failed">{revokeError}</Alert>}
      <div className="share-confirm__actions">
        <Button variant="secondary" onClick={() => setConfirming(null)} disabled={revoking} autoFocus>Cancel</Button>
        <Button variant="danger" onClick={() => void revoke(confirming)} disabled={revoking}>{revoking ? 'Revoking…' : 'Revoke link'}</Button>
      </div>
    </div>
  );

  return (
    <Dialog open={open} title={SHARE_DIALOG_TITLE} onClose={onClose} actions={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      {confirmView || (
        <div className="share-dialog">
          <p className="share-dialog__lead">Anyone with the link can see and download “{imageTitle}”, without an account.</p>
          <div className="share-dialog__create">
            <label htmlFor={`${ids}-expiry`}>Link expires after</label>
            <select id={`${ids}-expiry`} value={expiry} onChange={(e) => setExpiry(ShareExpiry.parse(e.target.value))} disabled={creating}>
              {ShareExpiry.options.map((o) => <option key={o} value={o}>{SHARE_EXPIRY_LABELS[o]}</option>)}
            </select>
            <Button onClick={() => void create()} disabled={creating}>{creating ? 'Creating…' : 'Create link'}</Button>
          </div>
          {createError && <Alert severity="error" title="Link not created">{createError} Try again.</Alert>}
          {created && (
            <div className="share-dialog__created">
              <label htmlFor={`${ids}-url`}>Share link</label>
              <div className="share-dialog__url">
                <input id={`${ids}-url`} ref={urlInput} readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
                <Button variant="secondary" onClick={() => void copy()}>Copy</Button>
              </div>
              <p className="muted" role="status">
                {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'select' ? 'Press Ctrl+C (⌘C) to copy the selected link.' : 'Copy it now: for your privacy the full link is not shown again.'}
              </p>
            </div>
          )}
          <h3 className="share-dialog__heading">Active links</h3>
          {listError ? (
            <Alert severity="error" title="Links not loaded">
              {listError} <Button variant="secondary" size="sm" onClick={reload}>Retry</Button>
            </Alert>
          ) : !links ? (
            <Spinner label="Loading links…" showLabel />
          ) : links.length === 0 ? (
            <p className="muted">{NO_LINKS}</p>
          ) : (
            <ul className="share-links" aria-label="Active links">
              {links.map((link) => (
                <li key={link.id} className="share-links__item">
                  <span>
                    Created {formatDate(link.created)}
                    <br />
                    <span className="muted">Expires: {expiryText(link)} · {viewsText(link.views)}</span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => { setRevokeError(null); setConfirming(link); }} aria-label={`Revoke link created ${formatDate(link.created)}`}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
