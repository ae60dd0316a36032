// npm run cost [-- --env dev|staging|master] [--cdk-out DIR] [--out docs/cost.md]
// Reads the synthesized templates (npm run synth → cdk.out/<env>), writes the cost model.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import * as z from 'zod';
import { EnvName, parseArgs, runMain, UsageError } from './args';
import { renderCostReport } from './cost-report';
import { templateFacts, type Template } from './cost-template-facts';

const USAGE = `Usage: npm run cost -- [--env master] [--cdk-out cdk.out/master] [--out docs/cost.md] [--note TEXT]
Run \`npm run synth\` first: the model reads memory, architecture, tables, log retention, CloudFront
and WAF from the templates.`;

const Options = z.object({
  env: EnvName.default('master'), cdkOut: z.string().optional(), out: z.string().default('docs/cost.md'),
  /** A sentence added under the introduction (e.g. how the templates were made). */
  note: z.string().optional(),
});
const root = resolve(import.meta.dirname, '../..');

runMain(async () => {
  const opts = parseArgs(process.argv.slice(2), Options, USAGE);
  const dir = resolve(root, opts.cdkOut ?? join('cdk.out', opts.env));
  if (!existsSync(dir)) throw new UsageError(`${dir} does not exist`, USAGE);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.template.json'));
  if (!files.length) throw new UsageError(`No *.template.json in ${dir}`, USAGE);
  const templates = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Template));
  const { markdown, costs } = renderCostReport(templateFacts(templates), dir.startsWith(root) ? relative(root, dir) : dir, opts.note);
  await writeFile(resolve(root, opts.out), markdown);
  for (const c of costs) console.log(`${c.scenario.label.padEnd(11)} $${c.total.toFixed(2)} a month (${c.scenario.paying} paying)`);
  console.log(`Wrote ${opts.out}`);
});
