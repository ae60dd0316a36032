/**
 * The `showExperimental` query parameter (spec): an empty value, or a value starting with t, 1 or
 * y (case-insensitive), is true. Absent (null) means "not asked": the login message omits the flag.
 */
export function parseShowExperimental(value: string | null | undefined): boolean | undefined {
  if (value === null || value === undefined) return undefined;
  return value === '' || /^[t1y]/i.test(value);
}
