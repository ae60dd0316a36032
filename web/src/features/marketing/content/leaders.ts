/** A member of the leadership team on the About Us page. */
export interface Leader {
  name: string;
  role: string;
  bio: string;
  portrait: string;
}

export const leaders: Leader[] = [
  {
    name: 'Maya Lindqvist',
    role: 'Co-founder and Chief Executive Officer',
    bio: 'Maya wrote the first version of Full Page Shot in 2012, when she needed to send a client a complete copy of a long landing page. She leads the product and the company’s promise that screenshots stay on users’ own devices. Before founding the company she spent eight years building publishing tools for newsrooms.',
    portrait: '/media/leaders/maya-lindqvist.svg',
  },
  {
    name: 'Daniel Okafor',
    role: 'Co-founder and Chief Technology Officer',
    bio: 'Daniel leads engineering, from the capture engine that stitches pages tens of thousands of pixels tall to the Enterprise administration tools. He previously worked on browser performance tooling and has contributed to several open-source imaging libraries.',
    portrait: '/media/leaders/daniel-okafor.svg',
  },
];
