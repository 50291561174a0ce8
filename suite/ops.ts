// Operator command line: `npx tsx suite/ops.ts <command> …`, in production its build
// `node dist/member-api/ops.mjs <command> …` (see `help`).
// On PostgreSQL it works on the database directly. On PGlite (local mode) the embedded database
// belongs to the running suite, so the command is sent to its local-only ops endpoint; when the
// suite is not running the CLI opens the database itself.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { DEV_OPS_PATH } from '../contract/paths'
import { ConfigError, loadConfig } from './config'
import { OpsCommandSchema, type OpsCommand } from '../contract/ops'
import { runOpsCommand } from './ops-commands'
import { createRuntime } from './runtime'
import { longWork } from './deps'

const HELP = `Usage: npm run suite:ops -- <command> [options]   (or: npx tsx suite/ops.ts <command> …)
       node dist/member-api/ops.mjs <command> [options]   (production: the build, with the member API's settings)

Find who to act on:
  list waitlisted [--campaign SLUG]                members waiting for a place, with their place in line
  list selected|shipped [--campaign SLUG]          selected testers (shipment pending) / products on the way
  list awaiting-review [--campaign SLUG]           product received, review not written (or rejected), with its due date
  list pending-reviews|pending-shipments|returns   reviews to moderate, parcels to send, returns under way
  list products                                    products with their ids, for a campaign definition

Act:
  select <participationId>                         give a waitlisted member a free place (quota permitting)
  ship <shipmentId|participationId> --carrier C --tracking T
  deliver <shipmentId|participationId>
  approve-review <reviewId>                        publish a review (the test completes once its other tasks are done)
  reject-review <reviewId> --reason "…" [--code personal-data|off-topic|link-or-price|competitor|rating-contradicts-text|photo-not-suitable|disclosure-missing|other]
                                                   send a review back: the note, and the reason (other when not given)
  issue-return-label <shipmentId|participationId> --label-url URL
  mark-returned <shipmentId|participationId>
  grant-points <member e-mail> --points N --reason "…"  goodwill points, shown in the member's points history
  standing <member e-mail>                         the member's standing: score, tier, and what it is made of
  set-min-tier <campaign slug> <tier|none>         open a campaign only to members of this standing tier or higher
  suspend <member e-mail> --reason R [--note "…"] [--until 2026-12-31T00:00:00Z]
                                                   suspend a member as support does in the console: R is several-accounts, false-review,
                                                   products-resold, staff-abuse or other (with a note); until a date, or until lifted.
                                                   Audited; the member is told by e-mail, and their places not yet shipped are released
  lift-suspension <member e-mail>                  lift the member's suspension in force (audited, told)
  staff grant|revoke <e-mail> <role>               give or take a console role: admin, campaign-manager, moderator, fulfilment, support
                                                   (given only to an account whose e-mail address is confirmed)
  staff list                                       who holds which role and since when
  staff reset-second-factor <e-mail>               remove the person's second factors (a lost phone): they set up a new one at their next visit
  second-factor-code <e-mail>                      local mode: the current code of the account's authenticator app (the demo staff and brand accounts)
  delete-identities                                delete the sign-in accounts that account deletions could only disable
  purge [--days N]                                 delete delivered messages, expired codes, front-end logs and photos of reviews never sent, older than N days (RETENTION_DAYS)
  campaign create <file.json>                      a campaign from a JSON definition { campaign, flights, publish }, checked and
                                                   created as the console does (contract/campaign-authoring.ts)
  send-reminders                                   send the reminders due now (3 days before a review is due, on the day, once overdue, purchases
                                                   to make); the member API does it every 15 minutes, each reminder once
  tell-unchosen                                    tell the applicants of curated flights whose sign-up has closed that they were not chosen (the member API does it every 5 minutes)

A tester's way: list waitlisted → select → list selected → ship → deliver → list pending-reviews →
approve-review (or reject-review). Every list prints the ids the next command takes.
`

function parseCommand(argv: string[]): OpsCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      reason: { type: 'string' },
      code: { type: 'string' },
      'label-url': { type: 'string' },
      campaign: { type: 'string' },
      points: { type: 'string' },
      days: { type: 'string' },
      note: { type: 'string' },
      until: { type: 'string' },
    },
  })
  const [command, arg] = positionals
  const raw: Record<string, unknown> = { command }
  switch (command) {
    case 'select':
      raw['participationId'] = arg
      break
    case 'approve-review':
      raw['reviewId'] = arg
      break
    case 'reject-review':
      Object.assign(raw, { reviewId: arg, reason: values.reason, ...(values.code !== undefined && { code: values.code }) })
      break
    case 'ship':
      Object.assign(raw, { id: arg, carrier: values.carrier, tracking: values.tracking })
      break
    case 'issue-return-label':
      Object.assign(raw, { id: arg, labelUrl: values['label-url'] })
      break
    case 'grant-points':
      Object.assign(raw, { email: arg, points: values.points === undefined ? undefined : Number(values.points), reason: values.reason })
      break
    case 'standing':
    case 'lift-suspension':
      raw['email'] = arg
      break
    case 'suspend':
      Object.assign(raw, { email: arg, reason: values.reason, note: values.note, until: values.until })
      break
    case 'set-min-tier':
      Object.assign(raw, { campaign: arg, tier: positionals[2] })
      break
    case 'delete-identities':
    case 'tell-unchosen':
    case 'send-reminders':
      break
    case 'campaign':
      // `campaign create <file.json>`: the file is read here, the member API checks what it holds.
      raw['command'] = `campaign-${arg ?? ''}`
      if (positionals[2] !== undefined) raw['definition'] = JSON.parse(readFileSync(positionals[2], 'utf8'))
      break
    case 'staff':
      // `staff grant <e-mail> <role>`, `staff revoke <e-mail> <role>`, `staff list`
      raw['command'] = `staff-${arg ?? ''}`
      if (arg === 'reset-second-factor') raw['email'] = positionals[2]
      else if (arg !== 'list') Object.assign(raw, { email: positionals[2], role: positionals[3] })
      break
    case 'second-factor-code':
      raw['email'] = arg
      break
    case 'purge':
      if (values.days !== undefined) raw['days'] = Number(values.days)
      break
    case 'list':
      raw['what'] = arg
      if (values.campaign !== undefined) raw['campaign'] = values.campaign
      break
    default:
      raw['id'] = arg
  }
  const result = v.safeParse(OpsCommandSchema, raw)
  if (!result.success) {
    const flat = v.flatten(result.issues)
    throw new Error(`${JSON.stringify(flat.nested ?? flat.root)}\n\n${HELP}`)
  }
  return result.output
}

async function viaRunningSuite(baseUrl: string, cmd: OpsCommand): Promise<unknown | undefined> {
  try {
    await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) })
  } catch {
    return undefined
  }
  const response = await fetch(`${baseUrl}/${DEV_OPS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cmd),
  })
  const body = (await response.json()) as { status: string; data?: unknown; message?: string }
  if (body.status !== 'OK') throw new Error(`${body.status}: ${body.message}`)
  return body.data
}

async function main() {
  const argv = process.argv.slice(2)
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(HELP)
    return
  }
  const cmd = parseCommand(argv)
  const config = loadConfig()
  if (config.database.kind === 'pglite') {
    const remote = await viaRunningSuite(`http://${config.host}:${config.port}`, cmd)
    if (remote !== undefined) {
      console.log(JSON.stringify(remote, null, 2))
      return
    }
  }
  const { deps, database } = await createRuntime({ ...config, logLevel: 'warn' })
  try {
    // An operator's command (a purge, a sweep run at once) is work allowed to run longer, as the jobs are.
    console.log(JSON.stringify(await runOpsCommand({ ...deps, db: longWork(deps) }, cmd), null, 2))
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error instanceof Error ? error.message : error)
  process.exit(1)
})
