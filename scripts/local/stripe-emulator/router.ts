// A minimal method + path router with `:param` segments.

import type { EmulatorCore } from './core';
import type { Params } from './params';

interface ApiContext {
  core: EmulatorCore;
  /** Body parameters (POST) or query parameters (GET/DELETE), decoded from Stripe's bracket notation. */
  params: Params;
  /** Path parameters, e.g. `{ id: 'cus_123' }` for `/v1/customers/:id`. */
  path: Record<string, string>;
}

/** Returns the object (or list object) to send back; it is copied and expanded by the server. */
export type ApiHandler = (ctx: ApiContext) => unknown;

interface Route {
  method: string;
  segments: string[];
  handler: ApiHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: 'GET' | 'POST' | 'DELETE', pattern: string, handler: ApiHandler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  get(pattern: string, handler: ApiHandler): this {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: ApiHandler): this {
    return this.add('POST', pattern, handler);
  }

  delete(pattern: string, handler: ApiHandler): this {
    return this.add('DELETE', pattern, handler);
  }

  /** Literal segments win over `:params`, so `/v1/customers/search` is not read as an id. */
  match(method: string, pathname: string): { handler: ApiHandler; path: Record<string, string> } | undefined {
    const parts = pathname.split('/').filter(Boolean).map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
    let best: { handler: ApiHandler; path: Record<string, string>; literals: number } | undefined;
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const path: Record<string, string> = {};
      let literals = 0;
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i];
        if (seg.startsWith(':')) path[seg.slice(1)] = parts[i];
        else if (seg === parts[i]) literals++;
        else {
          ok = false;
          break;
        }
      }
      if (ok && (!best || literals > best.literals)) best = { handler: route.handler, path, literals };
    }
    return best && { handler: best.handler, path: best.path };
  }
}
