import { CAPTURES_STAY_LOCAL_FEATURE } from './capture-storage';

/** A row of the Basic vs Premium table (spec: name, basic flag, premium flag). */
export interface Feature {
  name: string;
  basic: boolean;
  premium: boolean;
}

export const features: Feature[] = [
  { name: 'Full-page capture in one click', basic: true, premium: true },
  { name: 'Keyboard shortcut alt+shift+p', basic: true, premium: true },
  { name: 'Export as PNG, JPG or PDF', basic: true, premium: true },
  { name: 'Very long pages split into several images', basic: true, premium: true },
  { name: CAPTURES_STAY_LOCAL_FEATURE, basic: true, premium: true },
  { name: 'Cropping', basic: false, premium: true },
  { name: 'Annotation: blur, text and highlight', basic: false, premium: true },
  { name: 'URL and date stamp', basic: false, premium: true },
  { name: 'Smart PDF page splitting', basic: false, premium: true },
  { name: 'Priority support', basic: false, premium: true },
];
