import { useId } from 'react';
import type { ImageGroup } from '#shared/rules/library-sort';
import type { LibraryImage } from '../library-image';

export const UNTITLED = 'Untitled';

interface ImageGridProps {
  groups: ImageGroup<LibraryImage>[];
  onOpen: (image: LibraryImage, opener: HTMLElement) => void;
}

/**
 * The library: a heading per group and a grid of thumbnails under it. Each thumbnail is a button
 * named by the image's title; thumbnails load lazily as they scroll into view.
 */
export function ImageGrid({ groups, onOpen }: ImageGridProps) {
  const baseId = useId();
  return (
    <div className="library-groups">
      {groups.map((group, g) => (
        <section key={group.key || 'none'} className="library-group" aria-labelledby={`${baseId}-${g}`}>
          <h2 id={`${baseId}-${g}`} className="library-group__heading">
            {group.label}
            <span className="library-group__count"> ({group.images.length})</span>
          </h2>
          <ul className="library-grid">
            {group.images.map((image) => (
              <li key={image.id} className="library-grid__item">
                <button
                  type="button"
                  className="library-thumb"
                  data-image-id={image.id}
                  onClick={(e) => onOpen(image, e.currentTarget)}
                >
                  <span className="library-thumb__frame">
                    {image.urlThumb ? (
                      <img src={image.urlThumb} alt="" loading="lazy" decoding="async" width={480} height={640} className="library-thumb__img" />
                    ) : (
                      <span className="library-thumb__missing" aria-hidden="true">
                        ?
                      </span>
                    )}
                    {/* The title's "(1 of 2)" is cut in a narrow tile: the part number sits where it cannot be (the title already names it for screen readers). */}
                    {image.part && image.part.count > 1 && (
                      <span className="library-thumb__part" aria-hidden="true">
                        Part {image.part.index} of {image.part.count}
                      </span>
                    )}
                  </span>
                  <span className="library-thumb__title">{image.title || UNTITLED}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
