import { realPageTests, test } from './real-pages';

const WINDOW = { width: 1280, height: 800 };
test.use({ dpr: 1, windowSize: WINDOW });
realPageTests(1, WINDOW);
