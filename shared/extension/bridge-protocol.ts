import * as z from 'zod';
import { LoginMessage } from '../domain/login-message';

/**
 * postMessage protocol between the website (parent window) and the extension's frame page
 * (`frame.html`, web-accessible, embedded in a hidden iframe). Every message carries `source`
 * so each side ignores unrelated window messages.
 */
export const BRIDGE_SOURCE_SITE = 'fps-site';
export const BRIDGE_SOURCE_EXTENSION = 'fps-extension';

export const SiteToExtension = z.discriminatedUnion('type', [
  z.object({ source: z.literal(BRIDGE_SOURCE_SITE), type: z.literal('handshake'), id: z.string() }),
  z.object({
    source: z.literal(BRIDGE_SOURCE_SITE),
    type: z.literal('login'),
    id: z.string(),
    // Empty object = log out.
    payload: z.union([LoginMessage, z.object({}).strict()]),
  }),
]);
export type SiteToExtension = z.infer<typeof SiteToExtension>;

export const ExtensionToSite = z.discriminatedUnion('type', [
  z.object({
    source: z.literal(BRIDGE_SOURCE_EXTENSION),
    type: z.literal('handshake-ok'),
    id: z.string(),
    version: z.string(),
  }),
  z.object({
    source: z.literal(BRIDGE_SOURCE_EXTENSION),
    type: z.literal('login-success'),
    id: z.string(),
    status: z.string(),
  }),
]);
export type ExtensionToSite = z.infer<typeof ExtensionToSite>;

/** The frame page's path inside the extension. */
export const BRIDGE_FRAME_PATH = '/frame.html';
