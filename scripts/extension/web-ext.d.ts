/** The part of web-ext's programmatic API that scripts/extension/web-ext-lint.test.ts uses (web-ext ships no types). */
declare module 'web-ext' {
  interface LintMessage {
    code: string;
    message: string;
    description?: string;
    file?: string;
    line?: number;
  }
  interface LintResult {
    count: number;
    summary: { errors: number; notices: number; warnings: number };
    errors: LintMessage[];
    warnings: LintMessage[];
    notices: LintMessage[];
  }
  const webExt: {
    cmd: {
      lint(
        params: { sourceDir: string; output?: 'json' | 'text' | 'none'; selfHosted?: boolean; warningsAsErrors?: boolean },
        options?: { shouldExitProgram?: boolean },
      ): Promise<LintResult>;
    };
  };
  export default webExt;
}
