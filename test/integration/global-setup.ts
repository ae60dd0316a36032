// Starts the local emulators once for all integration tests (filled in by the local-stack work).
export default async function setup(): Promise<void | (() => Promise<void>)> {
  return undefined;
}
