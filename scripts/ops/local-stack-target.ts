import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tableEnv } from '../local/dynamo';
import { defaultPorts, HOST, type PortName } from '../local/ports';

export interface LocalStackTarget {
  cognitoEndpoint: string;
  userPoolId: string;
  siteUrl: string;
  /** Env vars the Lambda adapters read (tables, endpoints, fake credentials), for `process.env`. */
  env: Record<string, string>;
}

/**
 * Where the running `npm start` is: its ports (the FPS_*_PORT variables it was started with, else
 * the defaults) and the user pool it made under `.local/` (FPS_DATA_DIR).
 */
export function localStackTarget(env: NodeJS.ProcessEnv = process.env): LocalStackTarget {
  const dataDir = resolve(env.FPS_DATA_DIR ?? '.local');
  const poolFile = join(dataDir, 'cognito', 'pool.json');
  if (!existsSync(poolFile)) throw new Error(`No local stack state in ${dataDir}: start it with \`npm start\` first.`);
  const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as { userPoolId: string };
  const port = (name: PortName) => env[defaultPorts[name].env] ?? String(defaultPorts[name].port);
  const cognitoEndpoint = `http://${HOST}:${port('cognito')}`;
  return {
    cognitoEndpoint,
    userPoolId: pool.userPoolId,
    siteUrl: `http://${HOST}:${port('web')}`,
    env: {
      APP_ENV: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_LOG_LEVEL: 'WARN',
      ...tableEnv(),
      DYNAMODB_ENDPOINT: `http://${HOST}:${port('dynamo')}`,
      COGNITO_ENDPOINT: cognitoEndpoint,
      USER_POOL_ID: pool.userPoolId,
    },
  };
}
