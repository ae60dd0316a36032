import { describe, expect, it } from 'vitest';
import { loggedInAs } from './logged-in-as';

describe('loggedInAs', () => {
  it('shows the name and the e-mail when the user has a name', () => {
    expect(loggedInAs({ name: 'Ann Lee', email: 'ann@example.com' })).toBe('You are logged in as Ann Lee (ann@example.com)');
  });

  it('shows the e-mail once when the name is missing, blank or the e-mail itself', () => {
    for (const name of [undefined, null, '', '  ', 'ann@example.com', 'Ann@Example.com']) {
      expect(loggedInAs({ name, email: 'ann@example.com' })).toBe('You are logged in as ann@example.com');
    }
  });
});
