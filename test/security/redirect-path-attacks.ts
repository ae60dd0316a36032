/**
 * Open-redirect attempts for the `redirectPath` and `next` parameters, as the page reads them
 * (already URL-decoded once). Shared by the rule's unit tests and the browser test, which loads
 * the real pages with some of them. Every entry must leave the user on the site.
 */
export const EVIL_HOST = 'evil.example';

export const OPEN_REDIRECT_ATTACKS: readonly string[] = [
  // Other origins, spelled the ways browsers accept.
  `https://${EVIL_HOST}/`,
  `http://${EVIL_HOST}`,
  `HTTPS://${EVIL_HOST.toUpperCase()}`,
  `https:${EVIL_HOST}`,
  `https:/${EVIL_HOST}`,
  `https:\\\\${EVIL_HOST}`,
  `ftp://${EVIL_HOST}/`,
  `https://site.example@${EVIL_HOST}/`,
  `https://site.example.${EVIL_HOST}/`,
  // Protocol-relative and its backslash forms.
  `//${EVIL_HOST}`,
  `///${EVIL_HOST}`,
  `////${EVIL_HOST}/x`,
  `/\\${EVIL_HOST}`,
  `\\\\${EVIL_HOST}`,
  `\\/${EVIL_HOST}`,
  `/\\/${EVIL_HOST}`,
  // Tab / newline / NUL injection: the URL parser drops tabs and newlines.
  `/\t/${EVIL_HOST}`,
  `/\n/${EVIL_HOST}`,
  `/\r\n/${EVIL_HOST}`,
  `\t//${EVIL_HOST}`,
  ` //${EVIL_HOST}`,
  `/\u0000/${EVIL_HOST}`,
  `/\u007f/${EVIL_HOST}`,
  // Dot segments that collapse into '//host'.
  `/..//${EVIL_HOST}`,
  `/.//${EVIL_HOST}`,
  `/a/../..//${EVIL_HOST}`,
  // Script and data schemes.
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  // Encoded once more than the page decodes: harmless text, or refused.
  `%2F%2F${EVIL_HOST}`,
  `/%2F${EVIL_HOST}`,
  `/%2F%2F${EVIL_HOST}`,
  `/%5C${EVIL_HOST}`,
  `%252F%252F${EVIL_HOST}`,
  `/%09/${EVIL_HOST}`,
  `javascript%3Aalert(1)`,
  // Unicode look-alikes of '/' and '\' and '.' (fullwidth, division slash, fraction slash, ideographic stop).
  `／／${EVIL_HOST}`,
  `/／${EVIL_HOST}`,
  `/\u2215${EVIL_HOST}`,
  `/\u2044${EVIL_HOST}`,
  `/\uff3c${EVIL_HOST}`,
  `//evil\u3002example`,
  // Relative addresses and empty values.
  EVIL_HOST,
  `.${EVIL_HOST}`,
  '',
];

/** A few of the above that the browser test loads for real (each exercises a different trick). */
export const BROWSER_ATTACKS: readonly string[] = [
  `https://${EVIL_HOST}/`,
  `//${EVIL_HOST}`,
  `/\\${EVIL_HOST}`,
  `/\t/${EVIL_HOST}`,
  `/..//${EVIL_HOST}`,
  'javascript:alert(document.domain)',
  `%2F%2F${EVIL_HOST}`,
];
