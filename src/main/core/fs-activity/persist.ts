// Paths where a compromise outlives the session: git hooks and git config run on the host's next git command,
// installed packages and virtualenvs are imported by the next build or test run, build output ships.
// Matched as whole path segments so `/src/targets.ts` or `my.venv.txt` are not marked.
import type { PersistKind } from '../../../shared/contract/fs.js';

const RULES: readonly { readonly kind: PersistKind; readonly test: RegExp }[] = [
  { kind: 'git_hooks', test: /(^|\/)\.git\/hooks(\/|$)/ },
  { kind: 'git_config', test: /(^|\/)\.git\/config$/ },
  { kind: 'node_modules', test: /(^|\/)node_modules(\/|$)/ },
  { kind: 'venv', test: /(^|\/)\.venv(\/|$)/ },
  { kind: 'target', test: /(^|\/)target(\/|$)/ },
];

export function persistKind(path: string): PersistKind | null {
  for (const r of RULES) if (r.test.test(path)) return r.kind;
  return null;
}

/**
 * The same rules as SQL over a path column (for counts and the persist-only filter), built from fixed text.
 * GLOB, not LIKE: it is case-sensitive like the regexes, and `_` in node_modules is not a wildcard to it.
 */
export function persistSql(column: string): string {
  const seg = (s: string): string =>
    `(${column} = '${s}' OR ${column} GLOB '${s}/*' OR ${column} GLOB '*/${s}' OR ${column} GLOB '*/${s}/*')`;
  return `(${seg('.git/hooks')} OR ${column} = '.git/config' OR ${column} GLOB '*/.git/config' OR ${seg('node_modules')} OR ${seg('.venv')} OR ${seg('target')})`;
}
