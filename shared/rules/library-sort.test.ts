import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDayKey, groupImages, NO_GROUP_LABEL, parseSortMode, SORT_MODES, sourceHost, titleLetter,
  type SortableImage, type SortMode,
} from './library-sort';

const img = (id: string, title: string, created: string | Date, urlLink: string | null = null): SortableImage => ({ id, title, created, urlLink });
const ids = (groups: { images: SortableImage[] }[]) => groups.flatMap((g) => g.images.map((i) => i.id));
const headings = (groups: { label: string }[]) => groups.map((g) => g.label);
const en = { locale: 'en-US' };

describe('sort modes', () => {
  it('accepts the six modes of the spec and falls back to DateDesc', () => {
    for (const mode of ['DateAsc', 'DateDesc', 'NameAsc', 'NameDesc', 'UrlAsc', 'UrlDesc']) expect(parseSortMode(mode)).toBe(mode);
    for (const bad of [null, undefined, '', 'nameasc', 'Date', 42]) expect(parseSortMode(bad)).toBe('DateDesc');
  });
});

describe('grouping by calendar day', () => {
  // 02:30 UTC on March 4 is still March 3 in New York; 23:30 UTC on March 4 is March 5 in Tokyo.
  const early = img('early', 'Early', '2025-03-04T02:30:00.000Z');
  const late = img('late', 'Late', '2025-03-04T23:30:00.000Z');
  const older = img('older', 'Older', '2025-02-28T12:00:00.000Z');

  it('puts each image under its day in the viewer\'s time zone', () => {
    const utc = groupImages([early, late, older], 'DateDesc', { ...en, timeZone: 'UTC' });
    expect(utc.map((g) => [g.key, g.images.map((i) => i.id)])).toEqual([
      ['2025-03-04', ['late', 'early']],
      ['2025-02-28', ['older']],
    ]);
    const newYork = groupImages([early, late, older], 'DateDesc', { ...en, timeZone: 'America/New_York' });
    expect(newYork.map((g) => [g.key, g.images.map((i) => i.id)])).toEqual([
      ['2025-03-04', ['late']],
      ['2025-03-03', ['early']],
      ['2025-02-28', ['older']],
    ]);
    const tokyo = groupImages([early, late, older], 'DateDesc', { ...en, timeZone: 'Asia/Tokyo' });
    expect(tokyo.map((g) => g.key)).toEqual(['2025-03-05', '2025-03-04', '2025-02-28']);
  });

  it('labels days in words, the same date whatever the zone', () => {
    const groups = groupImages([early], 'DateDesc', { ...en, timeZone: 'America/New_York' });
    expect(groups[0].label).toBe('Monday, March 3, 2025');
    expect(groupImages([early], 'DateDesc', { ...en, timeZone: 'Pacific/Kiritimati' })[0].label).toBe('Tuesday, March 4, 2025');
  });

  it('handles a daylight-saving change and Date objects as the API client gives them', () => {
    // Clocks in Berlin go forward at 01:00 UTC on 30 March 2025.
    const before = img('before', 'B', new Date('2025-03-29T22:59:00.000Z')); // 23:59 CET, 29 March
    const after = img('after', 'A', new Date('2025-03-29T23:00:00.000Z')); // 00:00 CET, 30 March
    const groups = groupImages([before, after], 'DateDesc', { ...en, timeZone: 'Europe/Berlin' });
    expect(groups.map((g) => g.key)).toEqual(['2025-03-30', '2025-03-29']);
    expect(calendarDayKey('2025-03-30T22:30:00.000Z', 'Europe/Berlin')).toBe('2025-03-31'); // CEST, +2
  });

  it('orders newest first by default and oldest first when ascending', () => {
    const a = img('a', 'x', '2025-01-01T10:00:00Z');
    const b = img('b', 'x', '2025-01-01T11:00:00Z');
    const c = img('c', 'x', '2025-01-02T09:00:00Z');
    expect(ids(groupImages([a, c, b], 'DateDesc', { timeZone: 'UTC' }))).toEqual(['c', 'b', 'a']);
    expect(ids(groupImages([a, c, b], 'DateAsc', { timeZone: 'UTC' }))).toEqual(['a', 'b', 'c']);
    expect(groupImages([a, c, b], 'DateAsc', { timeZone: 'UTC' }).map((g) => g.key)).toEqual(['2025-01-01', '2025-01-02']);
  });
});

describe('grouping by title letter', () => {
  const images = [
    img('apple', 'apple pie', '2025-01-01T00:00:00Z'),
    img('avocado', 'Avocado', '2025-01-02T00:00:00Z'),
    img('banana', '  banana', '2025-01-03T00:00:00Z'),
    img('empty', '', '2025-01-04T00:00:00Z'),
    img('blank', '   ', '2025-01-05T00:00:00Z'),
    img('num', '42 things', '2025-01-06T00:00:00Z'),
  ];

  it('groups by the upper-cased first letter, empty titles under N/A (last when descending)', () => {
    const groups = groupImages(images, 'NameDesc', en);
    expect(groups.map((g) => [g.label, g.images.map((i) => i.id)])).toEqual([
      ['B', ['banana']],
      ['A', ['avocado', 'apple']],
      ['4', ['num']],
      [NO_GROUP_LABEL, ['blank', 'empty']],
    ]);
  });

  it('ascending is the exact reverse: N/A first, then A→Z', () => {
    const groups = groupImages(images, 'NameAsc', en);
    expect(headings(groups)).toEqual([NO_GROUP_LABEL, '4', 'A', 'B']);
    expect(ids(groups)).toEqual(['empty', 'blank', 'num', 'apple', 'avocado', 'banana']);
  });

  it('takes whole characters (emoji) and letters beyond ASCII', () => {
    expect(titleLetter('😀 smile')).toBe('😀');
    expect(titleLetter('éclair', 'fr')).toBe('É');
    expect(titleLetter(null)).toBe('');
  });
});

describe('grouping by source host', () => {
  const images = [
    img('a', 'A', '2025-01-01T00:00:00Z', 'https://www.example.com/b'),
    img('b', 'B', '2025-01-02T00:00:00Z', 'https://www.example.com/a'),
    img('c', 'C', '2025-01-03T00:00:00Z', 'https://blog.test:8080/post'),
    img('none', 'D', '2025-01-04T00:00:00Z', null),
    img('blank', 'E', '2025-01-05T00:00:00Z', ''),
    img('bad', 'F', '2025-01-06T00:00:00Z', 'not a url'),
  ];

  it('groups by host (no port), empty or unparsable addresses under N/A', () => {
    const groups = groupImages(images, 'UrlDesc', en);
    expect(groups.map((g) => [g.label, g.images.map((i) => i.id)])).toEqual([
      ['www.example.com', ['a', 'b']],
      ['blog.test', ['c']],
      [NO_GROUP_LABEL, ['bad', 'blank', 'none']],
    ]);
    expect(headings(groupImages(images, 'UrlAsc', en))).toEqual([NO_GROUP_LABEL, 'blog.test', 'www.example.com']);
    expect(sourceHost('chrome://extensions/')).toBe('extensions');
    expect(sourceHost('file:///tmp/x.html')).toBe('');
  });
});

describe('ascending variants reverse the grouped list', () => {
  const arbImage = fc.record({
    id: fc.uuid(),
    title: fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 6 }), fc.constantFrom('apple', 'Apple', 'zebra', 'Éa', '1x')),
    created: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    urlLink: fc.oneof(fc.constant(null), fc.constant(''), fc.constant('nope'), fc.webUrl()),
  });
  const pairs: [SortMode, SortMode][] = [['DateAsc', 'DateDesc'], ['NameAsc', 'NameDesc'], ['UrlAsc', 'UrlDesc']];

  it('for every field: same groups and images, in exactly the opposite order; nothing lost', () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbImage, { selector: (i) => i.id, maxLength: 40 }), fc.constantFrom('UTC', 'America/Los_Angeles', 'Asia/Kolkata'), (list, timeZone) => {
        for (const [asc, desc] of pairs) {
          const a = groupImages(list, asc, { timeZone, locale: 'en-US' });
          const d = groupImages(list, desc, { timeZone, locale: 'en-US' });
          expect(ids(a)).toEqual(ids(d).reverse());
          expect(a.map((g) => g.key)).toEqual(d.map((g) => g.key).reverse());
          expect(new Set(ids(d))).toEqual(new Set(list.map((i) => i.id)));
          expect(ids(d)).toHaveLength(list.length);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('does not depend on the input order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbImage, { selector: (i) => i.id, maxLength: 30 }), fc.constantFrom(...SORT_MODES), (list, mode) => {
        const shuffled = [...list].reverse();
        expect(ids(groupImages(shuffled, mode, { timeZone: 'UTC' }))).toEqual(ids(groupImages(list, mode, { timeZone: 'UTC' })));
      }),
    );
  });
});

describe('the parts of a split capture stay together, in part order', () => {
  const part = (set: string, index: number, count: number, created: string, title = `Long page (${index} of ${count})`) =>
    ({ id: `${set}-${index}`, title, created, urlLink: 'https://long.example/page', part: { set, index, count } });
  // Saved one after the other; another image saved in between, and one just before midnight UTC.
  const parts = [
    part('cap', 1, 3, '2025-03-04T23:59:59.500Z'),
    part('cap', 2, 3, '2025-03-05T00:00:00.200Z'),
    part('cap', 3, 3, '2025-03-05T00:00:01.000Z'),
  ];
  const others = [
    { id: 'x', title: 'Long page (2 of 3) copy', created: '2025-03-05T00:00:00.500Z', urlLink: 'https://long.example/other' },
    { id: 'y', title: 'Zebra', created: '2025-03-06T12:00:00Z', urlLink: null },
  ];

  it('in every mode and direction, in one group, 1 of 3 first', () => {
    for (const mode of SORT_MODES) {
      const groups = groupImages([...others, ...parts].reverse(), mode, { timeZone: 'UTC', locale: 'en-US' });
      const order = ids(groups).filter((id) => id.startsWith('cap-'));
      expect(order, mode).toEqual(['cap-1', 'cap-2', 'cap-3']);
      const all = ids(groups);
      const at = all.indexOf('cap-1');
      expect(all.slice(at, at + 3), mode).toEqual(['cap-1', 'cap-2', 'cap-3']);
      expect(groups.filter((g) => g.images.some((i) => i.id.startsWith('cap-'))), mode).toHaveLength(1);
    }
  });

  it('the default view shows the set where its first part was saved', () => {
    const groups = groupImages([...others, ...parts], 'DateDesc', { timeZone: 'UTC', locale: 'en-US' });
    expect(groups.map((g) => [g.key, g.images.map((i) => i.id)])).toEqual([
      ['2025-03-06', ['y']], ['2025-03-05', ['x']], ['2025-03-04', ['cap-1', 'cap-2', 'cap-3']],
    ]);
  });

  it('holds for any sets and neighbours (property)', () => {
    const arb = fc.tuple(
      fc.array(fc.tuple(fc.integer({ min: 2, max: 5 }), fc.date({ min: new Date('2024-01-01'), max: new Date('2024-01-03'), noInvalidDate: true })), { maxLength: 4 }),
      fc.array(fc.record({ title: fc.string({ maxLength: 4 }), created: fc.date({ min: new Date('2024-01-01'), max: new Date('2024-01-03'), noInvalidDate: true }) }), { maxLength: 8 }),
    );
    fc.assert(fc.property(arb, fc.constantFrom(...SORT_MODES), ([sets, singles], mode) => {
      const list = [
        ...sets.flatMap(([count, at], s) => Array.from({ length: count }, (_, i) =>
          part(`s${s}`, i + 1, count, new Date(at.getTime() + i * 700).toISOString(), `T${s} (${i + 1} of ${count})`))),
        ...singles.map((x, i) => ({ id: `single-${i}`, title: x.title, created: x.created.toISOString(), urlLink: null })),
      ];
      const all = ids(groupImages(list, mode, { timeZone: 'UTC' }));
      sets.forEach(([count], s) => {
        const at = all.indexOf(`s${s}-1`);
        expect(all.slice(at, at + count)).toEqual(Array.from({ length: count }, (_, i) => `s${s}-${i + 1}`));
      });
    }), { numRuns: 100 });
  });
});
