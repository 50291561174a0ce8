// `npm test`: every test — types, lint, format, i18n catalog, unit and integration, then on the production
// builds (the member API's and the portal's) several processes behind HAProxy and the browser tests. Ends with one line 'N passed, N failed'.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { startAuthEmulator } from './lib/auth-emulator.mjs'
import { ensureChromium } from './lib/browser.mjs'
import { ensureHaproxy } from './lib/haproxy.mjs'
import { ensurePrometheus } from './lib/prometheus.mjs'
import { run } from './lib/processes.mjs'

const root = resolve(import.meta.dirname, '..')
const bin = (name) => resolve(root, 'node_modules/.bin', name)
const resultsDir = resolve(root, 'test-results')
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

const tally = { passed: 0, failed: 0 }
const failedSteps = []
// The names of the tests that failed, with the first line of each reason: repeated at the very end, since a long
// run's log is often read only from its tail.
const failedTests = []

function countVitest(file) {
  if (!existsSync(file)) return false
  const report = JSON.parse(readFileSync(file, 'utf8'))
  tally.passed += report.numPassedTests ?? 0
  tally.failed += report.numFailedTests ?? 0
  for (const suite of report.testResults ?? []) {
    const where = suite.name.startsWith(root) ? suite.name.slice(root.length + 1) : suite.name
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) failedTests.push(`${where} > ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`)
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    if (failed.length === 0 && suite.status === 'failed') failedTests.push(`${where}\n    ${firstLine(suite.message)}`)
  }
  return true
}

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((part) => part.trim() !== '') ?? '(no message)'
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}

async function step(name, command, args, { vitestReport, env } = {}) {
  const started = Date.now()
  console.log(`\n=== ${name}`)
  const code = await run(command, args, { env })
  const counted = vitestReport ? countVitest(vitestReport) : false
  if (!vitestReport) {
    if (code === 0) tally.passed++
    else tally.failed++
  }
  if (code !== 0) {
    failedSteps.push(name)
    // A run that failed before any test ran still counts as a failure.
    if (vitestReport && !counted) tally.failed++
  }
  console.log(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return code === 0
}

/** Stops before any test ran (no browser, no emulator): says why, and still ends with the summary line. */
function stopEarly(what, error) {
  console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`)
  console.log(`\nFailed: ${what}`)
  console.log(`\n${tally.passed} passed, ${tally.failed + 1} failed`)
  process.exit(1)
}

let chromium
try {
  chromium = ensureChromium()
} catch (error) {
  stopEarly('no browser for the browser tests', error)
}
let haproxy
try {
  haproxy = ensureHaproxy()
} catch (error) {
  stopEarly('no load balancer for the scale tests', error)
}
// Prometheus scrapes the scale tests' processes; its promtool checks deploy/'s rules (unit tests).
let prometheus
try {
  prometheus = ensurePrometheus()
} catch (error) {
  stopEarly('no Prometheus for the metrics tests', error)
}

let emulator
try {
  emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(root, `.data/test-emulator-${process.pid}`) })
} catch (error) {
  stopEarly('the identity emulator did not start', error)
}
const env = {
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  GCLOUD_PROJECT: emulator.projectId,
  CHROMIUM_PATH: chromium,
  HAPROXY_PATH: haproxy,
  PROMETHEUS_PATH: prometheus.prometheus,
  PROMTOOL_PATH: prometheus.promtool,
}
const vitest = (config, report) => ['run', ...(config ? ['--config', config] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]

try {
  // The type checker is TypeScript 7 (installed as typescript-native); the `typescript` package is 6, for ESLint's parser.
  await step('types (tsc)', process.execPath, [resolve(root, 'node_modules/typescript-native/bin/tsc'), '--noEmit', '-p', root])
  await step('lint (eslint)', bin('eslint'), ['--max-warnings', '0', root])
  await step('format (prettier)', bin('prettier'), ['--check', '--log-level', 'warn', root])
  await step('i18n catalog', process.execPath, [resolve(root, 'scripts/check-i18n.mjs')])
  // The member API's build first (seconds): the tests that start member APIs run it, as production does.
  await step('member API build (esbuild)', process.execPath, [resolve(root, 'scripts/build-suite.mjs')])
  const unitReport = resolve(resultsDir, 'unit.json')
  await step('unit and integration tests (vitest)', bin('vitest'), vitest(undefined, unitReport), { vitestReport: unitReport, env })
  if (await step('production build of the portal (vite)', bin('vite'), ['build', '--logLevel', 'warn'])) {
    // Several portals and member APIs behind HAProxy, on PostgreSQL (skipped without TEST_DATABASE_URL).
    const scaleReport = resolve(resultsDir, 'scale.json')
    await step('scale tests (processes behind HAProxy)', bin('vitest'), vitest('tests/scale/vitest.config.ts', scaleReport), { vitestReport: scaleReport, env })
    const e2eReport = resolve(resultsDir, 'e2e.json')
    await step('browser tests (playwright-core + Chromium)', bin('vitest'), vitest('tests/e2e/vitest.config.ts', e2eReport), { vitestReport: e2eReport, env })
  }
} finally {
  await emulator.stop()
}

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`)
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join('; ')}`)
console.log(`\n${tally.passed} passed, ${tally.failed} failed`)
process.exit(failedSteps.length > 0 ? 1 : 0)
