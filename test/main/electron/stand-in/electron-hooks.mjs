// Module resolution hook: the bare specifier `electron` (the only one the bundle leaves for Electron to provide)
// resolves to the stand-in's exports; everything else resolves as Node resolves it.
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: new URL('./electron-exports.mjs', import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
