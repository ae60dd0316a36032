// Fields the emulator sends that the pinned SDK's types do not list, each with why it is kept.
// The conformance test accepts exactly these (as `object.field`); anything else it reports.

export interface AllowedExtra {
  where: string;
  why: string;
}

export const ALLOWED: AllowedExtra[] = [];
