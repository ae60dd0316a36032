// Starts the local stack once for the browser tests (filled in by the local-stack work).
export default async function globalSetup(): Promise<void | (() => Promise<void>)> {
  return undefined;
}
