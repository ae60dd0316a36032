/**
 * Sorting and grouping of the image library (spec §4, "Library sorting and grouping"):
 *
 * - Sort modes DateAsc, DateDesc (the default), NameAsc, NameDesc, UrlAsc, UrlDesc.
 * - Date modes group by the calendar day of creation in the viewer's time zone; name modes by the
 *   first letter of the title; URL modes by the host of the source address. An empty title or
 *   address (or one without a host) goes under 'N/A'.
 * - The grouped list is built in descending order: newest day first, then Z→A. Empty keys sort
 *   below every other key, so 'N/A' comes last. Ascending variants are the reverse of that list,
 *   groups and the images inside them alike (so 'N/A' comes first).
 *
 * - The parts of a split capture saved whole (`part`: set, index, count; docs/images.md) stay
 *   together and in part order (1 of 3, 2 of 3, 3 of 3) in every mode and direction: each part
 *   sorts and groups as its set does (the set's first part's title and address, its earliest
 *   creation time), and within the set by index.
 *
 * Pure: no DOM, no React. Time zone and locale are parameters so tests can pin them.
 */

export const SORT_MODES = ['DateAsc', 'DateDesc', 'NameAsc', 'NameDesc', 'UrlAsc', 'UrlDesc'] as const;
export type SortMode = (typeof SORT_MODES)[number];
export const DEFAULT_SORT_MODE: SortMode = 'DateDesc';

/** The heading of the group of images without a title letter or source host. */
export const NO_GROUP_LABEL = 'N/A';

/** What the rules read of an image; `created` may be the API's ISO text or a Date. */
export interface SortableImage {
  id: string;
  title: string;
  created: Date | string;
  urlLink: string | null | undefined;
  /** One part of a split capture; absent or null for a single image. */
  part?: { set: string; index: number; count: number } | null;
}

export interface ImageGroup<T> {
  /** Stable key: `YYYY-MM-DD`, the letter, the host, or '' for N/A. */
  key: string;
  /** The heading to show. */
  label: string;
  images: T[];
}

export interface GroupOptions {
  /** IANA time zone for calendar days; the runtime's (the viewer's) by default. */
  timeZone?: string;
  /** Locale for comparing text, upper-casing letters and formatting day headings. */
  locale?: string;
}

const isSortMode = (v: unknown): v is SortMode => typeof v === 'string' && (SORT_MODES as readonly string[]).includes(v);

/** A sort mode from untrusted text (a URL parameter, storage); the default otherwise. */
export const parseSortMode = (v: unknown): SortMode => (isSortMode(v) ? v : DEFAULT_SORT_MODE);

type SortField = 'Date' | 'Name' | 'Url';
const sortFieldOf = (mode: SortMode): SortField => mode.replace(/(Asc|Desc)$/, '') as SortField;
const isAscending = (mode: SortMode): boolean => mode.endsWith('Asc');

const timeOf = (d: Date | string): number => (d instanceof Date ? d.getTime() : Date.parse(d));

/** Building Intl formatters is costly next to using them: one per time zone / locale. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const collators = new Map<string, Intl.Collator>();
const labelFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone?: string) => {
  const key = timeZone ?? '';
  let f = dayFormats.get(key);
  if (!f) dayFormats.set(key, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f;
};
const collatorFor = (locale?: string) => {
  const key = locale ?? '';
  let c = collators.get(key);
  if (!c) collators.set(key, (c = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  return c;
};

/** `YYYY-MM-DD` of the instant in the time zone (en-CA formats dates that way). */
export function calendarDayKey(created: Date | string, timeZone?: string): string {
  const t = timeOf(created);
  if (Number.isNaN(t)) return '';
  const parts = dayFormat(timeZone).formatToParts(t);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The heading of a day group, e.g. 'Tuesday, March 4, 2025'. */
function formatDayLabel(key: string, locale?: string): string {
  const [y, m, d] = key.split('-').map(Number);
  // Noon UTC of that date, formatted in UTC: the same calendar date whatever the viewer's zone.
  let f = labelFormats.get(locale ?? '');
  if (!f) labelFormats.set(locale ?? '', (f = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' })));
  return f.format(Date.UTC(y, m - 1, d, 12));
}

/** The upper-cased first letter (first character, emoji-safe) of the trimmed title; '' when empty. */
export function titleLetter(title: string | null | undefined, locale?: string): string {
  const first = Array.from((title ?? '').trim())[0];
  return first ? first.toLocaleUpperCase(locale) : '';
}

/** The host of the source address ('' when empty or not a URL with a host). */
export function sourceHost(urlLink: string | null | undefined): string {
  const text = (urlLink ?? '').trim();
  if (!text) return '';
  try {
    return new URL(text).hostname;
  } catch {
    return '';
  }
}

/**
 * The images of the library, sorted and grouped for `mode`. The input order does not matter;
 * the output is deterministic (ties fall back to creation time, then id).
 */
export function groupImages<T extends SortableImage>(images: readonly T[], mode: SortMode, options: GroupOptions = {}): ImageGroup<T>[] {
  const { timeZone, locale } = options;
  const collator = collatorFor(locale);
  const field = sortFieldOf(mode);

  // Each set of parts sorts as one: by its first part's title and address, at its earliest time.
  const anchors = new Map<string, { first: T; time: number }>();
  for (const img of images) {
    if (!img.part) continue;
    const a = anchors.get(img.part.set);
    const time = timeOf(img.created);
    if (!a) anchors.set(img.part.set, { first: img, time });
    else {
      if (img.part.index < a.first.part!.index) a.first = img;
      a.time = Math.min(a.time, time);
    }
  }
  const anchor = (img: T) => (img.part ? anchors.get(img.part.set)! : { first: img, time: timeOf(img.created) });
  const setOf = (img: T) => img.part?.set ?? '';

  const groupKey = (img: T): string => {
    const { first, time } = anchor(img);
    return field === 'Date' ? calendarDayKey(new Date(time), timeZone) : field === 'Name' ? titleLetter(first.title, locale) : sourceHost(first.urlLink);
  };
  const sortText = (img: T): string => {
    const { first } = anchor(img);
    return field === 'Name' ? first.title.trim() : field === 'Url' ? (first.urlLink ?? '').trim() : '';
  };

  /** Descending order: greater first; empty keys last. */
  const descKey = (a: string, b: string): number => {
    if (a === b) return 0;
    if (!a) return 1;
    if (!b) return -1;
    return field === 'Date' ? (a < b ? 1 : -1) : collator.compare(b, a) || (a < b ? 1 : -1);
  };
  const ascending = isAscending(mode);
  const descImage = (a: T, b: T): number => {
    // Parts of one set: by index, so that the list reads 1, 2, 3 after an ascending mode's reversal too.
    if (a.part && b.part && a.part.set === b.part.set) return ascending ? b.part.index - a.part.index : a.part.index - b.part.index;
    return (
      collator.compare(sortText(b), sortText(a)) ||
      anchor(b).time - anchor(a).time ||
      (setOf(a) < setOf(b) ? 1 : setOf(a) > setOf(b) ? -1 : 0) ||
      (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
    );
  };

  const byKey = new Map<string, T[]>();
  for (const img of images) {
    const key = groupKey(img);
    const list = byKey.get(key);
    if (list) list.push(img);
    else byKey.set(key, [img]);
  }
  const groups = [...byKey.entries()]
    .sort(([a], [b]) => descKey(a, b))
    .map(([key, list]) => ({
      key,
      label: key === '' ? NO_GROUP_LABEL : field === 'Date' ? formatDayLabel(key, locale) : key,
      images: list.sort(descImage),
    }));
  if (!ascending) return groups;
  return groups.reverse().map((g) => ({ ...g, images: g.images.reverse() }));
}
