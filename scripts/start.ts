/**
 * `npm start`: the whole product on 127.0.0.1 with local emulators, state under .local/.
 * One process; Ctrl-C stops everything.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEV_EXTENSION_ORIGIN } from '../extension/dev-key';
import { LOCAL_CONFIRMATION_CODE } from './local/cognito';
import { configuredPorts, PortInUseError } from './local/ports';
import { seedDemoData } from './local/seed';
import { startLocalStack } from './local/stack';

const dataDir = resolve(process.env.FPS_DATA_DIR ?? '.local');

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) throw new Error(`Node.js 20 or newer is needed (this is ${process.version}). Install it from nodejs.org or with nvm.`);
  if (!existsSync(resolve('node_modules/cognito-local'))) throw new Error('Dependencies are missing: run `npm install` first.');

  const ports = await configuredPorts();
  console.log('Starting Full Page Shot locally…');
  const stack = await startLocalStack({
    ports, dataDir, web: 'dev', extensionOrigins: [DEV_EXTENSION_ORIGIN], log: (m) => console.log(`  ${m}`),
  });
  const seed = await seedDemoData(stack.cognito, dataDir, stack.urls.web);

  let extensionNote = '';
  try {
    const { buildExtension } = await import('./build-extension');
    const out = await buildExtension({
      siteOrigins: [stack.urls.web, `http://localhost:${ports.web}`], siteUrl: stack.urls.web, devKey: true, zipPath: false,
    });
    extensionNote = `Extension  ${out.outDir} (${DEV_EXTENSION_ORIGIN}): load it unpacked at chrome://extensions`;
  } catch (e) {
    extensionNote = `Extension not built: ${(e as Error).message}`;
  }

  console.log(`
Full Page Shot is running:
  Website   ${stack.urls.web}
  API       ${stack.urls.api}
  Outbox    ${stack.urls.outbox}   (verification codes, invitations, receipts)
  Stripe    ${stack.urls.stripe}   test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined
  ${extensionNote}

Confirmation code for new sign-ups: ${LOCAL_CONFIRMATION_CODE}
Demo accounts (password for all: ${seed.accounts[0]?.password}):
${seed.accounts.map((a) => `  ${a.role.padEnd(20)} ${a.email}${a.note ? `  (${a.note})` : ''}`).join('\n')}
  Pending invitation:  ${seed.inviteUrl}

State lives in ${dataDir} (npm run reset wipes it). Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  if (e instanceof PortInUseError) console.error(`\n${e.message}\n`);
  else console.error('\nCould not start the local stack:', e instanceof Error ? e.message : e);
  process.exit(1);
});
