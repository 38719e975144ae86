/**
 * Paths named on a command line (first launch or a second instance's argv). Chromium and Electron switches start
 * with `-`; everything after a bare `--` is a path even when it starts with a dash (a file really named `-x`).
 * Linux desktop entries pass `%U`, so a file manager may hand over `file://` URLs: those become paths; any other
 * URL is dropped (the inspector opens local evidence only).
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ArgvContext {
  /** Packaged: argv = [app, ...]. From source: argv = [electron, appPath, ...]. */
  readonly isPackaged: boolean;
  /** The directory relative paths are resolved against (the launching shell's, for a second instance). */
  readonly cwd: string;
}

export function pathsFromArgv(argv: readonly string[], context: ArgvContext): string[] {
  const rest = argv.slice(context.isPackaged ? 1 : 2);
  const paths: string[] = [];
  let afterSeparator = false;
  for (const token of rest) {
    if (!afterSeparator && token === '--') {
      afterSeparator = true;
      continue;
    }
    if (!afterSeparator && token.startsWith('-')) continue; // a switch, or macOS's old -psn_ process serial number
    if (token.length === 0) continue;
    const path = toPath(token, context.cwd);
    if (path !== null) paths.push(path);
  }
  return paths;
}

function toPath(token: string, cwd: string): string | null {
  if (/^file:/i.test(token)) {
    try {
      return fileURLToPath(token);
    } catch {
      return null; // file://remote-host/... or malformed: not a local path
    }
  }
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(token)) return null;
  return isAbsolute(token) ? token : resolve(cwd, token);
}
