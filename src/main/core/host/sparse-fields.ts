/**
 * Reading "sparse named MessagePack" (docs/formats/host-ledger.md#detail-encodings): a struct is a map keyed by field
 * names; a missing key means the default, an unknown key is ignored. A value of the wrong type also falls back to the
 * default, and says so in `notes`, so one odd field never costs the whole detail.
 */
import type { Count, NameMap } from './types.js';
import { narrow } from './count.js';

export type Notes = string[];

export type PlainMap = Record<string, unknown>;

export function isPlainMap(value: unknown): value is PlainMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** The value under `key`, only if it is the map's own entry (never an inherited property). */
function own(map: PlainMap, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

export class SparseFields {
  constructor(
    private readonly map: PlainMap,
    readonly path: string,
    private readonly notes: Notes,
  ) {}

  private odd(key: string, want: string, got: unknown): void {
    const shown = typeof got === 'bigint' ? `${got}n` : (JSON.stringify(got)?.slice(0, 60) ?? String(got));
    this.notes.push(`${this.path}.${key}: expected ${want}, found ${shown}; using the default`);
  }

  /** Unsigned 64-bit integer (default 0). */
  u64(key: string): Count {
    const v = own(this.map, key);
    if (v === undefined || v === null) return 0;
    if (typeof v === 'bigint' && v >= 0n) return narrow(v);
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    this.odd(key, 'an unsigned integer', v);
    return 0;
  }

  /** Signed 64-bit integer (default 0). */
  i64(key: string): Count {
    const v = own(this.map, key);
    if (v === undefined || v === null) return 0;
    if (typeof v === 'bigint') return narrow(v);
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    this.odd(key, 'an integer', v);
    return 0;
  }

  bool(key: string): boolean {
    const v = own(this.map, key);
    if (v === undefined || v === null) return false;
    if (typeof v === 'boolean') return v;
    this.odd(key, 'a boolean', v);
    return false;
  }

  /** String with default ''. */
  str(key: string): string {
    return this.optStr(key) ?? '';
  }

  /** Option<String>: absent → null. */
  optStr(key: string): string | null {
    const v = own(this.map, key);
    if (v === undefined || v === null) return null;
    if (typeof v === 'string') return v;
    this.odd(key, 'a string', v);
    return null;
  }

  /** A string, or an integer printed in decimal (for fields whose upstream type is not pinned down). */
  textOrInt(key: string): string {
    const v = own(this.map, key);
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return v;
    if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) return String(v);
    this.odd(key, 'a string or integer', v);
    return '';
  }

  /** A nested struct; absent → an empty one (all defaults). */
  struct(key: string): SparseFields {
    return this.optStruct(key) ?? new SparseFields(Object.create(null) as PlainMap, `${this.path}.${key}`, this.notes);
  }

  /** Option<struct>: absent → null. */
  optStruct(key: string): SparseFields | null {
    const v = own(this.map, key);
    if (v === undefined || v === null) return null;
    if (isPlainMap(v)) return new SparseFields(v, `${this.path}.${key}`, this.notes);
    this.odd(key, 'a map', v);
    return null;
  }

  /** A map keyed by names (BTreeMap<String, T>); values are read by `each`. */
  names<T>(key: string, each: (value: unknown, path: string) => T): NameMap<T> {
    const out = Object.create(null) as Record<string, T>;
    const v = own(this.map, key);
    if (v === undefined || v === null) return out;
    if (!isPlainMap(v)) {
      this.odd(key, 'a map', v);
      return out;
    }
    for (const name of Object.keys(v)) out[name] = each(v[name], `${this.path}.${key}[${JSON.stringify(name)}]`);
    return out;
  }

  /** This map itself read as a name map (for nested maps such as map<provider, map<model, T>>). */
  namesOf<T>(each: (value: unknown, path: string) => T): NameMap<T> {
    const out = Object.create(null) as Record<string, T>;
    for (const name of Object.keys(this.map)) out[name] = each(this.map[name], `${this.path}[${JSON.stringify(name)}]`);
    return out;
  }

  /** BTreeSet<String> = array of strings. */
  strings(key: string): string[] {
    const v = own(this.map, key);
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.odd(key, 'an array', v);
      return [];
    }
    const out: string[] = [];
    for (const item of v) {
      if (typeof item === 'string') out.push(item);
      else this.odd(key, 'an array of strings', item);
    }
    return out;
  }

  /** Reads an element of a name map as a struct (wrong type → all defaults). */
  static element(value: unknown, path: string, notes: Notes): SparseFields {
    if (isPlainMap(value)) return new SparseFields(value, path, notes);
    if (value !== null && value !== undefined) notes.push(`${path}: expected a map; using the default`);
    return new SparseFields(Object.create(null) as PlainMap, path, notes);
  }

  /** Reads an element of a name map as a u64. */
  static u64Element(value: unknown, path: string, notes: Notes): Count {
    const holder = Object.create(null) as PlainMap;
    holder.value = value;
    return new SparseFields(holder, path, notes).u64('value');
  }
}
