/** A user review on the home page (spec: name, date, text, image, 2x image). */
export interface Review {
  name: string;
  /** ISO date of the review. */
  date: string;
  text: string;
  /** Avatar, 56×56. */
  image: string;
  /** The same avatar at twice the resolution, for high-density screens. */
  image2x: string;
}

const avatar = (slug: string) => ({ image: `/media/reviews/${slug}.png`, image2x: `/media/reviews/${slug}@2x.png` });

/** Six reviews, shown in 2 columns. */
export const reviews: Review[] = [
  {
    name: 'Priya Raman',
    date: '2025-01-14',
    text: 'I review long landing pages for clients every week. One click and I have the entire page as a single PNG, with no weird seams where the sticky header used to be.',
    ...avatar('priya-raman'),
  },
  {
    name: 'Marcus Thompson',
    date: '2024-11-02',
    text: 'Our compliance team needed dated copies of web disclosures. The URL and date stamp in Premium turned a ten-minute chore into a keyboard shortcut.',
    ...avatar('marcus-thompson'),
  },
  {
    name: 'Elena Rossi',
    date: '2024-09-27',
    text: 'The PDF export keeps articles readable, and smart page splitting never cuts a line of text in half. Worth far more than $12 a year.',
    ...avatar('elena-rossi'),
  },
  {
    name: 'James Okoro',
    date: '2024-07-19',
    text: 'Alt+Shift+P is burned into my muscle memory now. It handles the huge dashboards at work that other extensions give up on.',
    ...avatar('james-okoro'),
  },
  {
    name: 'Hannah Keller',
    date: '2024-05-08',
    text: 'I like that my screenshots stay in my browser. It asked for the downloads permission only when I first saved a file, and explained why.',
    ...avatar('hannah-keller'),
  },
  {
    name: 'Tomás García',
    date: '2024-02-21',
    text: 'Blur and highlight are all I need for bug reports. Capture, blur the customer e-mail, add a note, done. Support answered my question within hours.',
    ...avatar('tomas-garcia'),
  },
];

/** Splits items into `count` columns, filling each column top to bottom in order. */
export function splitIntoColumns<T>(items: readonly T[], count: number): T[][] {
  const perColumn = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * perColumn, (i + 1) * perColumn));
}
