/**
 * A small hand-written validator kit: each guard turns `unknown` into a typed value or a sentence saying
 * which field is wrong. Both transports run the same guards (see contract.ts `validateRequest`).
 */
export type Guard<T> = (value: unknown, path: string) => { ok: true; value: T } | { ok: false; message: string };

const bad = (path: string, what: string): { ok: false; message: string } => ({ ok: false, message: `${path} ${what}` });

export function str(opts: { max?: number; pattern?: RegExp; min?: number } = {}): Guard<string> {
  const max = opts.max ?? 4096;
  return (v, path) => {
    if (typeof v !== 'string') return bad(path, 'must be a string');
    if (v.length > max) return bad(path, `must be at most ${max} characters`);
    if (opts.min !== undefined && v.length < opts.min) return bad(path, `must be at least ${opts.min} characters`);
    if (opts.pattern && !opts.pattern.test(v)) return bad(path, `does not have the expected form`);
    return { ok: true, value: v };
  };
}

export const bool: Guard<boolean> = (v, path) =>
  typeof v === 'boolean' ? { ok: true, value: v } : { ok: false, message: `${path} must be true or false` };

export function int(min: number, max: number): Guard<number> {
  return (v, path) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return bad(path, 'must be an integer');
    if (v < min || v > max) return bad(path, `must be between ${min} and ${max}`);
    return { ok: true, value: v };
  };
}

export function oneOf<const T extends readonly string[]>(values: T): Guard<T[number]> {
  return (v, path) =>
    typeof v === 'string' && (values as readonly string[]).includes(v)
      ? { ok: true, value: v as T[number] }
      : bad(path, `must be one of ${values.join(', ')}`);
}

export function literalNull(): Guard<null> {
  return (v, path) => (v === null || v === undefined ? { ok: true, value: null } : bad(path, 'must be null'));
}

export function union<A, B>(a: Guard<A>, b: Guard<B>): Guard<A | B> {
  return (v, path) => {
    const ra = a(v, path);
    if (ra.ok) return ra;
    const rb = b(v, path);
    return rb.ok ? rb : bad(path, `${ra.message.slice(path.length + 1)}, or ${rb.message.slice(path.length + 1)}`);
  };
}

export function arrayOf<T>(item: Guard<T>, maxItems: number): Guard<readonly T[]> {
  return (v, path) => {
    if (!Array.isArray(v)) return bad(path, 'must be an array');
    if (v.length > maxItems) return bad(path, `must have at most ${maxItems} items`);
    const out: T[] = [];
    for (let i = 0; i < v.length; i++) {
      const r = item(v[i], `${path}[${i}]`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  };
}

/** A record of primitive values with bounded keys (SQL parameters). */
export function paramRecord(maxKeys: number): Guard<Readonly<Record<string, string | number>>> {
  return (v, path) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad(path, 'must be an object');
    const entries = Object.entries(v);
    if (entries.length > maxKeys) return bad(path, `must have at most ${maxKeys} keys`);
    const out: Record<string, string | number> = Object.create(null) as Record<string, string | number>;
    for (const [k, val] of entries) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(k)) return bad(`${path}.${k}`, 'is not a parameter name');
      if (typeof val !== 'string' && !(typeof val === 'number' && Number.isFinite(val)))
        return bad(`${path}.${k}`, 'must be a string or a number');
      out[k] = val;
    }
    return { ok: true, value: out };
  };
}

type Shape = Record<string, Guard<unknown>>;
type Optional<G> = G & { readonly optional: true };
type OutOf<S extends Shape> = {
  readonly [K in keyof S as S[K] extends Optional<Guard<unknown>> ? never : K]: S[K] extends Guard<infer T> ? T : never;
} & {
  readonly [K in keyof S as S[K] extends Optional<Guard<unknown>> ? K : never]?: S[K] extends Guard<infer T> ? T : never;
};

export function optional<T>(g: Guard<T>): Optional<Guard<T>> {
  return Object.assign(((v: unknown, path: string) => g(v, path)) as Guard<T>, { optional: true as const });
}

/** An object with exactly these keys (unknown keys are refused: a request never carries more than it names). */
export function obj<S extends Shape>(shape: S): Guard<OutOf<S>> {
  return (v, path) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad(path, 'must be an object');
    const record = v as Record<string, unknown>;
    for (const k of Object.keys(record)) if (!(k in shape)) return bad(`${path}.${k}`, 'is not an accepted field');
    const out: Record<string, unknown> = {};
    for (const [k, g] of Object.entries(shape)) {
      const present = Object.prototype.hasOwnProperty.call(record, k) && record[k] !== undefined;
      if (!present) {
        if ((g as Partial<Optional<Guard<unknown>>>).optional) continue;
        return bad(`${path}.${k}`, 'is required');
      }
      const r = g(record[k], `${path}.${k}`);
      if (!r.ok) return r;
      out[k] = r.value;
    }
    return { ok: true, value: out as OutOf<S> };
  };
}

/** Any JSON-safe Cell value (used in cursors). */
export const cellGuard: Guard<null | number | string | { int: string } | { blob: { size: number; hexHead: string } }> = (v, path) => {
  if (v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) return { ok: true, value: v };
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (Object.keys(o).length === 1 && typeof o.int === 'string' && /^-?\d{1,20}$/.test(o.int)) return { ok: true, value: { int: o.int } };
  }
  return bad(path, 'must be a cell value (null, number, string or {int})');
};
