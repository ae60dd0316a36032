import { createServer } from 'node:net';

/** Default ports of `npm start`, each overridable by the env var named beside it. */
export const defaultPorts = {
  web: { env: 'FPS_WEB_PORT', port: 5173 },
  api: { env: 'FPS_API_PORT', port: 3001 },
  cognito: { env: 'FPS_COGNITO_PORT', port: 9229 },
  s3: { env: 'FPS_S3_PORT', port: 4569 },
  dynamo: { env: 'FPS_DYNAMO_PORT', port: 4567 },
  stripe: { env: 'FPS_STRIPE_PORT', port: 12111 },
} as const;
export type PortName = keyof typeof defaultPorts;
export type Ports = Record<PortName, number>;

export const HOST = '127.0.0.1';

/** A free port chosen by the OS (tests run the stack on these). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, HOST, () => srv.close(() => resolve(true)));
  });
}

export class PortInUseError extends Error {}

/** The configured ports; a taken one is reported with the env var that moves it. */
export async function configuredPorts(env: NodeJS.ProcessEnv = process.env): Promise<Ports> {
  const out = {} as Ports;
  for (const [name, { env: key, port }] of Object.entries(defaultPorts) as [PortName, { env: string; port: number }][]) {
    const p = env[key] ? Number(env[key]) : port;
    if (!Number.isInteger(p) || p <= 0 || p > 65535) throw new PortInUseError(`${key}=${env[key]} is not a valid port number.`);
    if (!(await isFree(p))) {
      throw new PortInUseError(
        `Port ${p} (${name}) is already in use on ${HOST}. Stop whatever uses it, or pick another port: ${key}=<port> npm start`,
      );
    }
    out[name] = p;
  }
  return out;
}

export async function randomPorts(): Promise<Ports> {
  const out = {} as Ports;
  for (const name of Object.keys(defaultPorts) as PortName[]) out[name] = await freePort();
  return out;
}
