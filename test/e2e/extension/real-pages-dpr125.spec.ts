import { realPageTests, test } from './real-pages';

// Odd sizes: every seam lands on a fractional CSS offset (797 × 1.25 = 996.25 device rows).
const WINDOW = { width: 1279, height: 797 };
test.use({ dpr: 1.25, windowSize: WINDOW });
realPageTests(1.25, WINDOW);
