/** `npm run reset`: wipe the local state (.local/) so the next `npm start` seeds afresh. */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';

const dir = resolve(process.env.FPS_DATA_DIR ?? '.local');
await rm(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next npm start creates fresh tables, users and demo data.`);
