// Where the BLAKE3 C library's sources are: the copy that @c4312/blake3-native (a dependency of the app) ships and
// compiles for itself. Listing them here keeps the C library out of this repository: we build it, we do not copy it.
const { readdirSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

/** Relative to this folder: gyp cannot make object paths from absolute source paths. */
function dir() {
  return relative(__dirname, join(dirname(require.resolve('@c4312/blake3-native/package.json')), 'c'));
}

/** The portable core plus the SIMD variants this platform's assembler takes (BLAKE3 picks one at run time). */
function sources() {
  const c = dir();
  const asm = readdirSync(c).filter((f) => f.endsWith(process.platform === 'win32' ? '_msvc.asm' : '_unix.S'));
  return ['blake3.c', 'blake3_dispatch.c', 'blake3_portable.c', ...asm].map((f) => join(c, f));
}

module.exports = { dir, sources };
