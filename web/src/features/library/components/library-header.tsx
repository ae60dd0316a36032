import type { ChangeEvent, Ref } from 'react';
import { Link } from 'react-router-dom';
import type { SortMode } from '#shared/rules/library-sort';
import { paths } from '../../../config/paths';
import { useExtensionStatus } from '../../../lib/extension-bridge';
import { useExtensionStore } from '../../../lib/use-extension-store';
import { MenuButton } from './menu-button';

/** The Sort menu's names for the spec's six modes. */
const SORT_MODE_LABELS: Record<SortMode, string> = {
  DateDesc: 'Newest first',
  DateAsc: 'Oldest first',
  NameAsc: 'Title A–Z',
  NameDesc: 'Title Z–A',
  UrlAsc: 'Source A–Z',
  UrlDesc: 'Source Z–A',
};

/** The order of the Sort menu: the default first, each ascending/descending pair together. */
const SORT_MENU_ORDER: SortMode[] = ['DateDesc', 'DateAsc', 'NameAsc', 'NameDesc', 'UrlAsc', 'UrlDesc'];

/** Spec: 'Library'; 'View Image' while an image is open; 'Upload Image' while a local file is chosen. */
export type HeaderTitle = 'Library' | 'View Image' | 'Upload Image';

interface LibraryHeaderProps {
  title: HeaderTitle;
  sortMode: SortMode;
  onSort: (mode: SortMode) => void;
  /** Menus need a signed-in user. */
  showMenus: boolean;
  onChooseFile: () => void;
  onFileChosen: (e: ChangeEvent<HTMLInputElement>) => void;
  fileInputRef: Ref<HTMLInputElement>;
  onAddFromExtension: () => void;
}

/** The Upload menu's item when the site found no extension: it says so and opens the store listing. */
const NO_EXTENSION_LABEL = 'Add from extension (not installed: get it from the Chrome Web Store)';

/**
 * The library's own header (the site header is hidden on /images): the title, the links Download
 * the extension, Images and Settings (the account page), and the Sort and Upload menus. The
 * hidden file input behind 'Upload from computer' lives here (the page holds its ref).
 */
export function LibraryHeader({ title, sortMode, onSort, showMenus, onChooseFile, onFileChosen, fileInputRef, onAddFromExtension }: LibraryHeaderProps) {
  // Until the handshake has failed the extension may be there: the dialog waits for it.
  const noExtension = useExtensionStatus().phase === 'failed';
  const store = useExtensionStore();
  return (
    <header className="library-header">
      <p className="library-header__title" aria-live="polite">
        {title}
      </p>
      <nav aria-label="Library" className="library-header__nav">
        <a href={store.url} target="_blank" rel="noopener noreferrer">
          {/* The spec's link "Download", named for what it gets (issue #31 §5): the store listing. */}
          Download the extension<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link to={paths.images.href()}>Images</Link>
        <Link to={paths.account.href()}>Settings</Link>
      </nav>
      {showMenus && (
        <div className="library-header__menus">
          <MenuButton
            label="Sort"
            detail={SORT_MODE_LABELS[sortMode]}
            kind="choice"
            items={SORT_MENU_ORDER.map((m) => ({ id: m, label: SORT_MODE_LABELS[m], checked: m === sortMode, onSelect: () => onSort(m) }))}
          />
          <MenuButton
            label="Upload"
            items={[
              { id: 'computer', label: 'Upload from computer', onSelect: onChooseFile },
              noExtension
                ? { id: 'extension', label: NO_EXTENSION_LABEL, onSelect: () => window.open(store.url, '_blank', 'noopener,noreferrer') }
                : { id: 'extension', label: 'Add from extension', onSelect: onAddFromExtension },
            ]}
          />
          <input ref={fileInputRef} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={onFileChosen} data-testid="library-file-input" />
        </div>
      )}
    </header>
  );
}
