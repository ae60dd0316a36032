import { pressOutlets, type PressOutlet } from './press-outlets';

/** A press article (spec: logo, name, date, caption, url). */
export interface PressItem {
  logo: string;
  /** The publication's name. */
  name: string;
  /** ISO date of publication. */
  date: string;
  /** The article's headline. */
  title: string;
  caption: string;
  /** The article on the publication's site. */
  url: string;
}

const item = (o: PressOutlet, date: string, title: string, caption: string, url: string): PressItem => ({
  logo: o.logo, name: o.name, date, title, caption, url,
});

/** Sixteen articles, newest first. */
export const pressItems: PressItem[] = [
  item(pressOutlets.browserPost, '2025-02-18', 'The best screenshot extensions for Chrome in 2025',
    'Full Page Shot tops our list for capturing very long pages without visible seams or repeated sticky headers.',
    'https://thebrowserpost.example/2025/02/best-screenshot-extensions-chrome'),
  item(pressOutlets.legalTechMonitor, '2024-11-05', 'Preserving web evidence: the tools litigation teams rely on',
    'Captures stamped with the page address and the date make web evidence easier to authenticate.',
    'https://legaltechmonitor.example/articles/preserving-web-evidence'),
  item(pressOutlets.productivityLab, '2024-09-12', 'Twelve browser extensions that save me an hour a week',
    'A keyboard shortcut, alt+shift+p, and the whole page is saved: our editor’s favourite time saver.',
    'https://productivitylab.example/twelve-browser-extensions'),
  item(pressOutlets.archiveJournal, '2024-06-03', 'Small teams, big archives: capturing the web for records management',
    'How archivists use group plans to keep consistent, dated copies of web pages.',
    'https://digitalarchivejournal.example/2024/small-teams-big-archives'),
  item(pressOutlets.webtoolsReview, '2024-03-21', 'Full Page Shot review: one click, the whole page',
    'Fast, private and free for the essentials; Premium adds cropping, annotation and smart PDF splitting.',
    'https://webtoolsreview.example/reviews/full-page-shot'),
  item(pressOutlets.byteWeekly, '2023-12-08', 'Edge users get a first-class full-page screenshot tool',
    'The popular Chrome extension now has the same features on Microsoft Edge.',
    'https://byteweekly.example/2023/12/edge-full-page-screenshots'),
  item(pressOutlets.designNotes, '2023-08-30', 'How designers document live sites for critique',
    'Full-page captures and highlights make design reviews of live pages far easier to share.',
    'https://designnotesdaily.example/documenting-live-sites'),
  item(pressOutlets.startupLedger, '2023-05-16', 'Bootstrapped and profitable: the quiet success of a screenshot tool',
    'Independently owned since 2012, the company says it has never sold user data and never will.',
    'https://startupledger.example/2023/05/bootstrapped-screenshot-tool'),
  item(pressOutlets.browserPost, '2022-10-04', 'Why full-page capture is harder than it looks',
    'Fixed headers, lazy images and inner scrollers: a look at what a capture extension has to handle.',
    'https://thebrowserpost.example/2022/10/full-page-capture-is-hard'),
  item(pressOutlets.productivityLab, '2022-04-27', 'The research workflow: capture, annotate, share',
    'Researchers capture sources in full and mark them up before they change or disappear.',
    'https://productivitylab.example/research-workflow'),
  item(pressOutlets.webtoolsReview, '2021-09-14', 'PDF export comes to Full Page Shot',
    'Alongside PNG and JPG, captures can now be saved as PDF documents.',
    'https://webtoolsreview.example/news/full-page-shot-pdf-export'),
  item(pressOutlets.byteWeekly, '2020-11-02', 'Screenshot extensions and your privacy',
    'We looked at where popular capture tools keep your images; Full Page Shot keeps them in your browser.',
    'https://byteweekly.example/2020/11/screenshot-extensions-privacy'),
  item(pressOutlets.archiveJournal, '2019-06-19', 'A practical guide to archiving web pages for compliance',
    'Step-by-step advice for keeping complete, dated captures of regulated web content.',
    'https://digitalarchivejournal.example/2019/archiving-web-pages-compliance'),
  item(pressOutlets.designNotes, '2017-03-08', 'Tools of the trade: our favourite capture utilities',
    'Our staff’s picks for screenshots, screen recordings and colour pickers.',
    'https://designnotesdaily.example/tools-of-the-trade-2017'),
  item(pressOutlets.startupLedger, '2015-07-22', 'Three years in: a screenshot tool with no investors and no ads',
    'The Austin team behind Full Page Shot explains why it charges for Premium instead of selling data.',
    'https://startupledger.example/2015/07/no-investors-no-ads'),
  item(pressOutlets.byteWeekly, '2013-05-10', 'New extension captures entire web pages in one click',
    'A new Chrome extension saves a whole web page, not just the visible part, as one image.',
    'https://byteweekly.example/2013/05/new-extension-captures-entire-pages'),
];
