import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Header lookup that ignores case (API Gateway lower-cases, local callers may not). */
export function header(event: Pick<ApiEvent, 'headers'>, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === want) return v;
  return undefined;
}

/** A HEAD request (routes that declare `head` answer it as GET, without the body and without side effects). */
export const isHeadRequest = (event: Pick<ApiEvent, 'requestContext'>): boolean => event.requestContext?.http?.method === 'HEAD';

export function rawBodyOf(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}
