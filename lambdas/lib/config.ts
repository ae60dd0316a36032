import { tables, type TableKey } from '../../infra/tables';

/** Reads a required environment variable; a missing one is a deployment bug, so fail loudly. */
export function requireEnv(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

export const tableName = (key: TableKey): string => requireEnv(tables[key].envVar);

/** Endpoint overrides point the AWS SDK at the local emulators (unset in AWS). */
export const awsEndpoints = {
  dynamodb: () => process.env.DYNAMODB_ENDPOINT,
  s3: () => process.env.S3_ENDPOINT,
  cognito: () => process.env.COGNITO_ENDPOINT,
};

export const appEnv = () => process.env.APP_ENV ?? 'local';
