// Lighthouse for `npm run bench`: the mobile scores of a page (Lighthouse's default mobile emulation and
// simulated throttling), in a Chromium this script starts with the offline flags of CHROMIUM_ARGS.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from '../lib/browser.mjs'
import { assertLoopback } from './measure.mjs'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
/** The product's goals: mobile performance at least 95, the other three categories at 100. */
export const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }

/**
 * Starts Chromium with a DevTools port for Lighthouse to drive (Lighthouse opens its own tab in it).
 * In its own process group, so that stop() and kill() take its helper processes with it.
 */
export function startLighthouseChromium(chromiumPath, userDataDir) {
  const child = spawn(chromiumPath, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let tail = ''
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const isAlive = () => child.exitCode === null && child.signalCode === null
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
  const handle = {
    /** Immediately, for process exit: no waiting possible there. Never once it is gone (its id may be reused). */
    kill: () => isAlive() && signalGroup('SIGKILL'),
    async stop() {
      if (!isAlive()) return
      signalGroup('SIGTERM')
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
  // The port is the one Chromium picked (port 0: no race with other servers), read from its announcement.
  const port = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium announced no DevTools port within 30 s:\n${tail}`)), 30_000)
    child.stderr.on('data', (chunk) => {
      tail = (tail + chunk).slice(-4000)
      const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(tail)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited (${signal ?? code}) before announcing its DevTools port:\n${tail}`))
    })
  })
  return { ...handle, port }
}

/**
 * The run with the median performance score (of an even number, the lower of the two middle ones):
 * its scores, metrics and audits all come from that one run, never mixed across runs.
 */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** Passed unless scored below 1; "manual", "not applicable" and "informative" audits have no score and never fail. */
const failing = (audit) => audit.score !== null && audit.score < 1

/**
 * One Lighthouse mobile run of `url` (never two at once: they would share the CPU they measure).
 * The full result (JSON) is written to `jsonPath`; returns the four scores (0–100), LCP, TBT, CLS and,
 * for each category below its goal, the audits in it that did not pass.
 */
export async function lighthouseRun(url, { port, jsonPath, noindex = false }) {
  assertLoopback(url)
  const result = await lighthouse(url, { port, hostname: '127.0.0.1', output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
  writeFileSync(jsonPath, result.report)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (report in ${jsonPath})`)
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id].score === null ? NaN : Math.round(100 * lhr.categories[id].score)]))
  const failingIn = (id) =>
    lhr.categories[id].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter(failing)
      // A page kept out of search engines on purpose (sign-in) says noindex: that audit is its goal, not a miss.
      .filter((audit) => !(noindex && id === 'seo' && audit.id === 'is-crawlable'))
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? '' }))
  const belowGoal = CATEGORIES.filter((id) => !(scores[id] >= GOALS[id]))
    .map((id) => ({ category: id, score: scores[id], audits: failingIn(id) }))
    .filter((category) => !(noindex && category.category === 'seo' && category.audits.length === 0))
  return {
    scores,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    belowGoal,
    noindex,
    jsonPath,
  }
}
