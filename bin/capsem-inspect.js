#!/usr/bin/env node
// capsem-inspect: runs the built CLI (build/node, from `npm run build:node`) when it is current, else the
// TypeScript sources through tsx (a dev dependency).
//
// "Current" means build/node/src/cli/main.js is at least as new as every file under the sources the CLI is
// made of (src/ without the renderer, which the node build does not compile). tsc rewrites every output on
// each build, so that one file's time is the build's time. A stale build would otherwise hide source edits
// during development and in tests that spawn this file. Cost, measured on the 2-core build machine: the walk
// stats ~220 files in 4-13 ms idle and 11-46 ms while other test runs load it. It runs only where tsx is
// installed (a development checkout), where the alternative, starting from the sources, takes 0.9-1.6 s, so
// the walk pays for itself whenever the build is current. An install without dev dependencies has no tsx and
// uses the build without walking (it is all there is); npm also gives packed files one shared time.
//
// CAPSEM_INSPECT_FROM_SOURCE=1 always runs the sources (the tests set it, so they never test a build).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { builtMarker, nodeBuildIsCurrent } from './build-freshness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = builtMarker(root);
const source = join(root, 'src/cli/main.ts');

function tsxAvailable() {
  try {
    import.meta.resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

function useBuild() {
  if (!existsSync(built)) return false;
  const haveSources = existsSync(source) && tsxAvailable();
  if (!haveSources) return true;
  if (process.env.CAPSEM_INSPECT_FROM_SOURCE === '1') return false;
  return nodeBuildIsCurrent(root);
}

if (useBuild()) {
  const { main } = await import(pathToFileURL(built).href);
  process.exitCode = await main(process.argv.slice(2));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import(pathToFileURL(source).href);
  process.exitCode = await main(process.argv.slice(2));
}
