import { EXTENSION_ORIGIN_ATTRIBUTE } from '#shared/extension/announced-origin';

// Firefox build only, on the site's own pages at document_start: tells the site where this
// add-on's frame page is (its moz-extension:// origin is random per profile; see the shared module).
document.documentElement.setAttribute(EXTENSION_ORIGIN_ATTRIBUTE, chrome.runtime.getURL('').replace(/\/+$/, ''));
