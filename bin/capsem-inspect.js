#!/usr/bin/env node
// capsem-inspect: runs the built CLI when present, else the TypeScript sources through tsx (a dev dependency).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'build/node/src/cli/main.js');
if (existsSync(built)) {
  const { main } = await import(pathToFileURL(built).href);
  process.exitCode = await main(process.argv.slice(2));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import(pathToFileURL(join(root, 'src/cli/main.ts')).href);
  process.exitCode = await main(process.argv.slice(2));
}
