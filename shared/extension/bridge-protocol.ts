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
  // "Add from extension" in the library: what captures the extension holds, then one of them as image files.
  z.object({ source: z.literal(BRIDGE_SOURCE_SITE), type: z.literal('list-captures'), id: z.string() }),
  z.object({ source: z.literal(BRIDGE_SOURCE_SITE), type: z.literal('get-capture'), id: z.string(), captureId: z.string().min(1).max(100) }),
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
  z.object({ source: z.literal(BRIDGE_SOURCE_EXTENSION), type: z.literal('captures'), id: z.string(), captures: z.array(z.custom<CaptureListing>()) }),
  z.object({ source: z.literal(BRIDGE_SOURCE_EXTENSION), type: z.literal('capture'), id: z.string(), capture: z.custom<CaptureExport>() }),
  z.object({ source: z.literal(BRIDGE_SOURCE_EXTENSION), type: z.literal('capture-error'), id: z.string(), message: z.string() }),
]);
export type ExtensionToSite = z.infer<typeof ExtensionToSite>;

/** One capture the extension holds, as the library's "Add from extension" lists it. */
export interface CaptureListing {
  id: string;
  title: string;
  url: string;
  /** Epoch ms. */
  createdAt: number;
  /** The first image's size as shown in the editor (edits applied), in pixels. */
  width: number;
  height: number;
  /** How many images the capture was split into. */
  parts: number;
  /** A small JPEG or PNG; absent for captures made before thumbnails were kept. */
  thumbnail: Blob | null;
  /**
   * The account (userId) whose library already holds every part, as the editor's Save to library
   * stored them with the edits the capture has now; absent when none does (issue #31 §5).
   */
  savedBy?: string;
}

/** A capture as image files: every part, edits applied, in order (structured-cloned Blobs). */
export interface CaptureExport {
  id: string;
  title: string;
  url: string;
  parts: Array<{ blob: Blob; width: number; height: number }>;
}

/** The frame page's path inside the extension. */
export const BRIDGE_FRAME_PATH = '/frame.html';
