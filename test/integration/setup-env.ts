import { inject } from 'vitest';

// Workers get the local stack's env (table names, emulator endpoints) before any handler loads.
Object.assign(process.env, inject('stackEnv'));
