import * as z from 'zod';
import type { RouteDef } from '#shared/api/route';

/** The JSON Schema subset zod 4 emits for the route table's request schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
}

type Part = 'body' | 'query' | 'params';
const parts: Part[] = ['body', 'query', 'params'];

/** One shape to walk for every schema: the input side (what a client sends) as JSON Schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Query and path values arrive as strings, so samples for them are strings too. */
function sampleValue(s: JsonSchema, name: string, hints: Record<string, unknown>, asString: boolean): unknown {
  if (name in hints) return hints[name];
  const v = generic(s, hints);
  return asString && typeof v !== 'string' ? String(v) : v;
}

function generic(s: JsonSchema, hints: Record<string, unknown>): unknown {
  if (s.anyOf) return generic(s.anyOf.find((b) => b.type !== 'null') ?? s.anyOf[0], hints);
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'boolean': return false;
    case 'integer': case 'number': return s.minimum ?? 1;
    case 'array': return Array.from({ length: s.minItems ?? 1 }, () => generic(s.items ?? {}, hints));
    case 'object': return objectSample(s, hints, false);
    case 'string':
      if (s.format === 'email') return hints.email ?? 'fuzz@example.com';
      if (s.format === 'uri') return hints.success_url ?? 'https://example.com/';
      return 'fuzz_sample_value'.padEnd(s.minLength ?? 0, 'x');
    default: return 'fuzz';
  }
}

/** Required properties, plus optional ones a hint names (so ids point at real data). */
function objectSample(s: JsonSchema, hints: Record<string, unknown>, asString: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (s.required?.includes(k) || k in hints) out[k] = sampleValue(p, k, hints, asString);
  }
  return out;
}

export interface ValidSample {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

/**
 * A valid request for the route, derived from its zod schemas with `hints` for the fields whose
 * value must name real data. Checked against the schemas, so a drifting table fails loudly here.
 */
export function validSample(route: RouteDef, hints: Record<string, unknown>): ValidSample {
  const sample: ValidSample = {};
  if (route.body) sample.body = objectSample(jsonSchemaOf(route.body), hints, false);
  if (route.query) sample.query = objectSample(jsonSchemaOf(route.query), hints, true) as Record<string, string>;
  if (route.params) sample.params = objectSample(jsonSchemaOf(route.params), hints, true) as Record<string, string>;
  for (const part of parts) {
    const schema = route[part];
    const r = schema?.safeParse(sample[part]);
    if (r && !r.success) throw new Error(`no valid ${part} sample for ${route.id}: ${r.error.message} (${JSON.stringify(sample[part])})`);
  }
  return sample;
}
