// Typed access to decoded form parameters, with Stripe's error messages for bad
// values. It also records which top-level keys a handler read, so the server can
// warn about parameters the emulator silently ignores (a typo like
// `subscription_data[trial_days]` would otherwise go unnoticed until real Stripe rejects it).

import { invalidRequest, missingParam } from './errors';
import type { FormObject, FormValue } from './form-decode';
import type { Metadata } from './types';

export class Params {
  private readonly used = new Set<string>();

  constructor(
    private readonly raw: FormObject,
    /** Prefix for error `param` names, e.g. `line_items[0]`. */
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  private get(key: string): FormValue | undefined {
    this.used.add(key);
    return Object.prototype.hasOwnProperty.call(this.raw, key) ? this.raw[key] : undefined;
  }

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.raw, key);
  }

  /** Whether a key holds a nested hash (e.g. `created[gte]=...`) rather than a plain value. */
  isNested(key: string): boolean {
    const v = this.has(key) ? this.raw[key] : undefined;
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  }

  /** A string value; '' is returned as '' (Stripe uses it to mean "unset"). */
  str(key: string, opts: { required: true }): string;
  str(key: string, opts?: { required?: boolean }): string | undefined;
  str(key: string, opts: { required?: boolean } = {}): string | undefined {
    const v = this.get(key);
    if (v === undefined) {
      if (opts.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof v !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(v)}`, this.name(key));
    if (opts.required && v === '') throw missingParam(this.name(key));
    return v;
  }

  /** Like str() but '' becomes null: the "clear this field" convention. */
  nullableStr(key: string): string | null | undefined {
    const v = this.str(key);
    return v === '' ? null : v;
  }

  int(key: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const v = this.str(key, { required: opts.required });
    if (v === undefined || v === '') return undefined;
    if (!/^-?\d+$/.test(v)) throw invalidRequest(`Invalid integer: ${v}`, this.name(key), 'parameter_invalid_integer');
    const n = Number(v);
    if (opts.min !== undefined && n < opts.min) {
      throw invalidRequest(`This value must be greater than or equal to ${opts.min}.`, this.name(key));
    }
    if (opts.max !== undefined && n > opts.max) {
      throw invalidRequest(`This value must be less than or equal to ${opts.max}.`, this.name(key));
    }
    return n;
  }

  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw invalidRequest(`Invalid boolean: ${v}`, this.name(key));
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    const v = this.str(key, opts);
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw invalidRequest(`Invalid ${key}: must be one of ${allowed.join(', ')}`, this.name(key));
    }
    return v as T;
  }

  /** A nested hash such as `subscription_data[...]`. */
  obj(key: string): Params | undefined {
    const v = this.get(key);
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) throw invalidRequest(`Invalid object`, this.name(key));
    return new Params(v, this.name(key));
  }

  /** An array of hashes such as `line_items[0][price]`. */
  objList(key: string): Params[] | undefined {
    const v = this.get(key);
    if (v === undefined || v === '') return undefined;
    const arr = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : null;
    if (!arr) throw invalidRequest(`Invalid array`, this.name(key));
    return arr.map((item, i) => {
      if (typeof item !== 'object' || Array.isArray(item)) throw invalidRequest(`Invalid object`, `${this.name(key)}[${i}]`);
      return new Params(item, `${this.name(key)}[${i}]`);
    });
  }

  /** An array of strings such as `expand[]=a&expand[]=b`; a single string is accepted too. */
  strList(key: string): string[] | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v === '' ? [] : [v];
    const arr = Array.isArray(v) ? v : Object.values(v);
    return arr.map((item, i) => {
      if (typeof item !== 'string') throw invalidRequest(`Invalid string`, `${this.name(key)}[${i}]`);
      return item;
    });
  }

  /**
   * A metadata update. Returns undefined if absent, null for `metadata=` (clear all),
   * or a map where '' means "delete this key".
   */
  metadata(key = 'metadata'): Record<string, string> | null | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (v === '') return null;
    if (typeof v !== 'object' || Array.isArray(v)) throw invalidRequest('Invalid metadata', this.name(key));
    const out: Record<string, string> = {};
    for (const [k, val] of Object.entries(v)) {
      if (typeof val !== 'string') throw invalidRequest('Metadata values must be strings', `${this.name(key)}[${k}]`);
      if (k.length > 40) throw invalidRequest('Metadata keys can have a maximum length of 40 characters.', `${this.name(key)}[${k}]`);
      if (val.length > 500) throw invalidRequest('Metadata values can have a maximum length of 500 characters.', `${this.name(key)}[${k}]`);
      out[k] = val;
    }
    return out;
  }

  /** Marks parameters the emulator accepts but has no use for (so they are not reported as ignored). */
  accept(...keys: string[]): void {
    for (const k of keys) this.used.add(k);
  }

  /** Top-level keys present in the request that no handler looked at. */
  unused(): string[] {
    return Object.keys(this.raw).filter((k) => !this.used.has(k));
  }
}

/** Applies a metadata update with Stripe's merge semantics. */
export function applyMetadata(current: Metadata, update: Record<string, string> | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}
