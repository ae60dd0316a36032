/** A publication that wrote about the product. */
export interface PressOutlet {
  slug: string;
  name: string;
  /** Logo, an SVG in web/public/media/press. */
  logo: string;
}

const outlet = (slug: string, name: string): PressOutlet => ({ slug, name, logo: `/media/press/${slug}.svg` });

export const pressOutlets = {
  browserPost: outlet('browser-post', 'The Browser Post'),
  byteWeekly: outlet('byte-weekly', 'Byte Weekly'),
  productivityLab: outlet('productivity-lab', 'Productivity Lab'),
  webtoolsReview: outlet('webtools-review', 'WebTools Review'),
  archiveJournal: outlet('archive-journal', 'Digital Archive Journal'),
  startupLedger: outlet('startup-ledger', 'Startup Ledger'),
  designNotes: outlet('design-notes', 'Design Notes Daily'),
  legalTechMonitor: outlet('legal-tech-monitor', 'Legal Tech Monitor'),
} as const;

/** The five logos shown under As seen in on the home page. */
export const asSeenIn: PressOutlet[] = [
  pressOutlets.browserPost,
  pressOutlets.byteWeekly,
  pressOutlets.productivityLab,
  pressOutlets.webtoolsReview,
  pressOutlets.archiveJournal,
];
