// The photo storage adapters: a directory (local mode) and an S3-compatible object store, the
// latter against a recorded stand-in here (and against a real one when TEST_S3_* names one).
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localPhotoStorage, memoryPhotoStorage, s3PhotoStorage, type PhotoStorage } from './photo-storage'

const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250, 251, 252])

/** What any adapter must do: write, read back, replace, delete (twice), and refuse keys that climb out. */
async function behavesAsStorage(storage: PhotoStorage) {
  expect(await storage.get('review-photos/a/display.jpg')).toBeNull()
  await storage.put('review-photos/a/display.jpg', bytes, 'image/jpeg')
  expect(Buffer.from((await storage.get('review-photos/a/display.jpg'))!).equals(Buffer.from(bytes))).toBe(true)
  await storage.put('review-photos/a/display.jpg', bytes.subarray(0, 4), 'image/jpeg')
  expect(await storage.get('review-photos/a/display.jpg')).toEqual(bytes.subarray(0, 4))
  await storage.delete('review-photos/a/display.jpg')
  expect(await storage.get('review-photos/a/display.jpg')).toBeNull()
  await storage.delete('review-photos/a/display.jpg')
  for (const key of ['../escape.jpg', 'review-photos/../../escape.jpg', '/etc/passwd', 'a//b.jpg', '.hidden', 'a b.jpg', '']) {
    await expect(storage.put(key, bytes, 'image/jpeg')).rejects.toThrow(/Not a storage key/)
    await expect(storage.get(key)).rejects.toThrow(/Not a storage key/)
  }
}

describe('the local directory adapter', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photo-storage-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('writes, reads and deletes files under its directory only', async () => {
    const storage = localPhotoStorage(join(dir, 'photos'))
    await behavesAsStorage(storage)
    await storage.put('review-photos/b/thumb.jpg', bytes, 'image/jpeg')
    expect(await readFile(join(dir, 'photos/review-photos/b/thumb.jpg'))).toEqual(Buffer.from(bytes))
    // Nothing was written anywhere else, and no partial file was left behind.
    expect(await readdir(dir, { recursive: true })).toEqual(
      ['photos', 'photos/review-photos', 'photos/review-photos/a', 'photos/review-photos/b', 'photos/review-photos/b/thumb.jpg'].sort(),
    )
  })
})

describe('the in-memory adapter (tests, benchmark)', () => {
  it('behaves as the others do', () => behavesAsStorage(memoryPhotoStorage()))
})

type Recorded = { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer }

describe('the S3 adapter, against a stand-in object store', () => {
  let server: Server
  let endpoint: string
  const requests: Recorded[] = []
  const objects = new Map<string, Buffer>()
  let failNext = 0

  beforeAll(async () => {
    // Keeps what is PUT, answers GET and DELETE as S3 does, and records every request.
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        const path = req.url ?? ''
        requests.push({ method: req.method ?? '', path, headers: req.headers, body })
        if (failNext > 0) {
          failNext--
          res.writeHead(500).end('<Error><Code>InternalError</Code></Error>')
          return
        }
        if (req.method === 'PUT') {
          objects.set(path, body)
          res.writeHead(200, { etag: '"x"' }).end()
        } else if (req.method === 'GET') {
          const object = objects.get(path)
          if (object) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(object)
          else res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>')
        } else if (req.method === 'DELETE') {
          objects.delete(path)
          res.writeHead(204).end()
        } else res.writeHead(405).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const settings = () => ({
    bucket: 'tc-photos',
    region: 'eu-central-1',
    endpoint,
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  })

  it('addresses objects by path in the bucket and signs every request with Signature V4, the upload with its bytes hash', async () => {
    const storage = s3PhotoStorage(settings())
    requests.length = 0
    await behavesAsStorage(storage)

    const [firstGet, put] = requests
    expect(firstGet).toMatchObject({ method: 'GET', path: '/tc-photos/review-photos/a/display.jpg' })
    expect(put).toMatchObject({ method: 'PUT', path: '/tc-photos/review-photos/a/display.jpg' })
    expect(put!.body.equals(Buffer.from(bytes))).toBe(true)
    expect(put!.headers['content-type']).toBe('image/jpeg')
    // The payload's SHA-256 is sent and signed: the store refuses bytes that changed on the way.
    expect(put!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(put!.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/)
    for (const request of requests) {
      expect(request.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      )
      // The secret itself never travels.
      expect(JSON.stringify(request.headers)).not.toContain('wJalrXUtnFEMI')
    }
    expect(requests.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET', 'PUT', 'GET', 'DELETE', 'GET', 'DELETE'])
  })

  it('tries again after a server error, and reports a store that keeps failing', async () => {
    const storage = s3PhotoStorage(settings())
    requests.length = 0
    failNext = 1
    await storage.put('review-photos/c/thumb.jpg', bytes, 'image/jpeg')
    expect(requests.map((r) => r.method)).toEqual(['PUT', 'PUT'])
    failNext = 10
    await expect(storage.get('review-photos/c/thumb.jpg')).rejects.toThrow(/Object store: GET review-photos\/c\/thumb.jpg answered 500/)
    failNext = 0
  }, 20_000)
})

// A real S3-compatible store, when the environment names one (TEST_S3_ENDPOINT, TEST_S3_BUCKET,
// TEST_S3_REGION, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY); none is reachable here.
const real = process.env.TEST_S3_ENDPOINT
describe.skipIf(!real)('the S3 adapter, against the store TEST_S3_ENDPOINT names', () => {
  it('writes, reads and deletes an object', async () => {
    const env = (name: string) => process.env[name] ?? ''
    const storage = s3PhotoStorage({
      endpoint: env('TEST_S3_ENDPOINT'),
      bucket: env('TEST_S3_BUCKET'),
      region: env('TEST_S3_REGION'),
      accessKeyId: env('TEST_S3_ACCESS_KEY_ID'),
      secretAccessKey: env('TEST_S3_SECRET_ACCESS_KEY'),
    })
    const key = `test/${crypto.randomUUID()}/display.jpg`
    await storage.put(key, bytes, 'image/jpeg')
    expect(await storage.get(key)).toEqual(bytes)
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
  })
})
