// Stand-ins for the providers messages leave through, on free ports of 127.0.0.1: a real SMTP
// server (smtp-server) that keeps what it accepts, and an HTTP API in the SMS provider's shape.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  user: string | undefined
  from: string | undefined
  to: string[]
  headers: Record<string, string>
  text: string
}

/** A real SMTP server on a free port of 127.0.0.1 that accepts every message (but rejects `rejected@…`). */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'relay' && auth.password === 'secret') callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('rejected@')) callback(Object.assign(new Error(`<${address.address}>: unknown user`), { responseCode: 550 }))
      else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          user: session.user,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((a) => a.address),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { received, url: `smtp://relay:secret@127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(resolve)) }
}

/** Headers (unfolded, lower-case names) and the text body, quoted-printable decoded. */
function parseMail(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const headers: Record<string, string> = {}
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  let text = raw.slice(split + 4)
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    text = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
  return { headers, text: text.replace(/\r\n$/, '') }
}

export interface SmsRequest {
  method: string | undefined
  path: string | undefined
  authorization: string | undefined
  contentType: string | undefined
  form: Record<string, string>
}

/** Stands in for the SMS API; `answer` decides the status and JSON of each answer. */
export async function startSmsApi(answer: () => { status: number; body: unknown } = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } })) {
  const requests: SmsRequest[] = []
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    requests.push({
      method: req.method,
      path: req.url,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form: Object.fromEntries(new URLSearchParams(body)),
    })
    const { status, body: json } = answer()
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    requests,
    apiBase: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Resolves once the condition holds; throws after the timeout. */
export async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
