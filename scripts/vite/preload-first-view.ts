/**
 * The entry chunk (main.tsx) is small on purpose and loads the app (boot.tsx: React, the views, the grid) with a
 * dynamic import, so the first view's API calls leave before the app's script has run. A dynamic import is only
 * fetched once the entry has run, and its own imports only once it has been parsed: three round trips in a row,
 * each waiting for a busy browser and server. This plugin names the app chunk and everything it imports statically
 * in the built index.html as <link rel="modulepreload">, so the browser fetches (and compiles) all of them in
 * parallel with the entry as soon as the HTML arrives. Nothing else changes: the entry still decides when it runs.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The output chunks of a build, as much of Rollup's OutputBundle as this reads. */
export interface ChunkLike {
  readonly type: 'chunk' | 'asset';
  readonly fileName: string;
  readonly facadeModuleId?: string | null;
  readonly imports?: readonly string[];
}

/** The chunk built from the module whose path ends with `moduleSuffix`, then its static imports, transitively. */
export function chunksToPreload(bundle: Readonly<Record<string, ChunkLike>>, moduleSuffix: string): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const root = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
  if (!root) return [];
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const dep of bundle[fileName]?.imports ?? []) visit(dep);
  };
  visit(root.fileName);
  return [...seen];
}

/** `moduleSuffix`: the dynamically imported module the first view needs, e.g. '/src/boot.tsx'. */
export function preloadFirstView(moduleSuffix: string): Plugin {
  let base = './';
  return {
    name: 'capsem:preload-first-view',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx): HtmlTagDescriptor[] {
        if (!ctx.bundle) return [];
        const files = chunksToPreload(ctx.bundle as Record<string, ChunkLike>, moduleSuffix);
        if (files.length === 0) throw new Error(`preload-first-view: no chunk is built from ${moduleSuffix}`);
        // The entry and what Vite preloads for it are in the page already.
        return files
          .filter((f) => !html.includes(`${base}${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` }, injectTo: 'head' }));
      },
    },
  };
}
