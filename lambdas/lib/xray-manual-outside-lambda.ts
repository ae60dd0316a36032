/**
 * Imported by tracer.ts before the Powertools Tracer. On import, the X-Ray SDK starts an async hook
 * (cls-hooked) that runs on every promise and async resource, destroy tracking included, unless it
 * is in manual mode. Nothing is traced outside Lambda (tracer.ts), so the local stack and the tests
 * take manual mode and skip that cost; in Lambda the SDK starts as before.
 */
if (!process.env.AWS_EXECUTION_ENV) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
