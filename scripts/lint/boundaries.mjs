// Import boundaries of the portal, as an ESLint rule:
// - a feature (app/features/<name>/) does not import another feature: what two features share
//   lives in app/components/ or app/lib/;
// - code that runs in the browser never imports a server module (`*.server.ts`) except for its
//   types. Server modules, server functions (`*.functions.ts`, whose handlers the build removes
//   from the browser's bundle), app/server/ and tests may; imports inside functions (`await import()`)
//   run only where the function runs and are not checked.
import { dirname, relative, resolve, sep } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
const appDir = resolve(root, 'app')
const featuresDir = resolve(appDir, 'features')

/** The file an import names, as a path in the repository; null for packages. */
function target(specifier, importer) {
  if (specifier.startsWith('~/')) return resolve(appDir, specifier.slice(2))
  if (specifier.startsWith('#contract/')) return resolve(root, 'contract', specifier.slice('#contract/'.length))
  if (specifier.startsWith('.')) return resolve(dirname(importer), specifier)
  return null
}

/** The feature a path belongs to, or null outside app/features/. */
function featureOf(path) {
  const rel = relative(featuresDir, path)
  if (rel.startsWith('..') || rel === '') return null
  return rel.split(sep)[0] ?? null
}

const serverDir = resolve(appDir, 'server') + sep
const isServerModule = (path) => /\.server(\.tsx?)?$/.test(path)
/** Server modules, server functions, app/server/ and tests (which run in Node). */
const runsOnlyOnServer = (file) => /\.(server|functions|test)\.tsx?$/.test(file) || file.startsWith(serverDir)

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features do not import each other; browser code does not import server modules' },
    messages: {
      crossFeature: "The feature '{{from}}' imports from the feature '{{to}}': move what both use to app/components/ or app/lib/.",
      serverInBrowser: "'{{specifier}}' is a server module: browser code may import only its types (import type), or load it inside a server-only function.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const inApp = !relative(appDir, file).startsWith('..')
    if (!inApp) return {}
    const fromFeature = featureOf(file)
    const serverOnly = runsOnlyOnServer(file)
    const check = (node, specifier, typeOnly) => {
      const path = target(specifier, file)
      if (!path) return
      const toFeature = featureOf(path)
      if (fromFeature && toFeature && toFeature !== fromFeature) {
        context.report({ node, messageId: 'crossFeature', data: { from: fromFeature, to: toFeature } })
      }
      if (!serverOnly && !typeOnly && isServerModule(path)) context.report({ node, messageId: 'serverInBrowser', data: { specifier } })
    }
    const typeOnlyImport = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
    }
  },
}
