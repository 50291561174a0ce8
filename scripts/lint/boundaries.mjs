// Import boundaries of the portal and the member API, as an ESLint rule:
// - a feature (app/features/<name>/) does not import another feature: what two features share
//   lives in app/components/ or app/lib/;
// - code that runs in the browser never imports a server module (`*.server.ts`) except for its
//   types. Server modules, server functions (`*.functions.ts`, whose handlers the build removes
//   from the browser's bundle), app/server/ and tests may; imports inside functions (`await import()`)
//   run only where the function runs and are not checked;
// - in the member API the dependency runs one way, suite/staff/ → suite/services/ → suite/actors/:
//   the member services never import the console's services (which build on them), and the actor,
//   its roles and the audit trail import neither. Types and `await import()` count too: each is a
//   dependency all the same.
import { dirname, relative, resolve, sep } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
const appDir = resolve(root, 'app')
const featuresDir = resolve(appDir, 'features')
const suiteDir = resolve(root, 'suite')

/** The folders of suite/ that may not import some others, and those others. */
const SUITE_LAYERS = {
  services: ['staff'],
  actors: ['services', 'staff'],
}

/** The first segment of a path below suite/ (its folder, or a top-level file's name); null outside suite/. */
function suiteFolderOf(path) {
  const rel = relative(suiteDir, path)
  if (rel.startsWith('..') || rel === '') return null
  return rel.split(sep)[0] ?? null
}

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
    docs: {
      description: 'Features do not import each other; browser code does not import server modules; in suite/, staff/ → services/ → actors/ and never back',
    },
    messages: {
      crossFeature: "The feature '{{from}}' imports from the feature '{{to}}': move what both use to app/components/ or app/lib/.",
      serverInBrowser: "'{{specifier}}' is a server module: browser code may import only its types (import type), or load it inside a server-only function.",
      suiteLayer:
        "suite/{{from}}/ may not import suite/{{to}}/ ('{{specifier}}'): the dependency runs staff/ → services/ → actors/; move what both need down to the lower folder.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const layer = suiteFolderOf(file)
    const forbidden = layer && Object.hasOwn(SUITE_LAYERS, layer) ? SUITE_LAYERS[layer] : undefined
    if (forbidden) {
      const checkLayer = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
        const to = suiteFolderOf(resolve(dirname(file), specifier))
        if (to && forbidden.includes(to)) context.report({ node, messageId: 'suiteLayer', data: { from: layer, to, specifier } })
      }
      return {
        ImportDeclaration: (node) => checkLayer(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && checkLayer(node, node.source.value),
        ExportAllDeclaration: (node) => checkLayer(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && checkLayer(node, node.source.value),
      }
    }
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
