// qrcode 1.5 ships no types; the one call the enrolment uses (its browser build renders SVG text).
declare module 'qrcode' {
  export function toString(text: string, opts?: { type?: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
}
