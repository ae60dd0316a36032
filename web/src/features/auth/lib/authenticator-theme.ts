import type { Theme } from '@aws-amplify/ui-react';

/**
 * Amplify UI's Authenticator in the site's look: its primary palette (buttons, tabs, links, focus
 * rings) and font point at the site's own CSS variables (web/src/styles.css), so a change of the
 * site's colours reaches the sign-in form too.
 */
export const authenticatorTheme: Theme = {
  name: 'full-page-shot',
  tokens: {
    colors: {
      primary: {
        10: { value: 'var(--color-primary-soft)' },
        20: { value: 'var(--color-primary-soft)' },
        40: { value: 'var(--color-primary)' },
        60: { value: 'var(--color-primary)' },
        80: { value: 'var(--color-primary)' },
        90: { value: 'var(--color-primary-dark)' },
        100: { value: 'var(--color-primary-dark)' },
      },
      font: { primary: { value: 'var(--color-text)' }, secondary: { value: 'var(--color-muted)' } },
      border: { primary: { value: 'var(--color-border)' } },
    },
    fonts: {
      default: { variable: { value: 'var(--font)' }, static: { value: 'var(--font)' } },
    },
  },
};
