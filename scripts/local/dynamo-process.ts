/**
 * dynalite in a process of its own, started by `startDynamo` (dynamo.ts) with an IPC channel:
 * argv is `<port> [<LevelDB folder>]`, and it sends `{ port }` once it listens.
 */
import type { Server } from 'node:http';
import dynalite from 'dynalite';
import { HOST } from './ports';

const [port, path] = process.argv.slice(2);
const server: Server = dynalite({ path: path || undefined, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.once('error', (e) => {
  console.error('[dynalite]', e);
  process.exit(1);
});
server.listen(Number(port), HOST, () => process.send?.({ port: (server.address() as { port: number }).port }));

// The parent stops this process (SIGTERM from its close()). Ctrl-C reaches the whole process
// group, so SIGINT is left to the parent, which still needs the database while it shuts down.
// A parent that ended without closing (a crash, kill -9) closes the IPC channel: stop with it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
