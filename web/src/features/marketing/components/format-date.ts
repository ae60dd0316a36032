const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** '2025-02-18' → 'February 18, 2025' (dates in content are calendar dates, so read them in UTC). */
export const formatDate = (isoDate: string): string => long.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
