/**
 * Suites that measure something print one `FIGURE <name>: <figures>` line; `npm test` collects
 * those lines and repeats them under "Figures" at the end of the run.
 */
export function reportFigure(line: string): void {
  console.log(`FIGURE ${line}`);
}
