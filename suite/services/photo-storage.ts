// Where review photos' files live, behind one small interface: a directory on this machine in local
// mode, any S3-compatible object store in production (requests signed with AWS Signature V4).
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { AwsClient } from 'aws4fetch'

export interface PhotoStorage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>
  /** Removes the key; a key that is not there is not an error. */
  delete(key: string): Promise<void>
}

/**
 * Keys are paths of plain names (`review-photos/<id>/thumb.jpg`): letters, digits, dots, dashes and
 * underscores, no segment starting with a dot. Anything else is refused before it reaches a file
 * system or a URL, so a key can never climb out of the directory or the bucket.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/
function checkedKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Not a storage key: ${JSON.stringify(key)}`)
  return key
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT'

/** Files under a directory (local mode: `.data/photos`). A file is written whole or not at all. */
export function localPhotoStorage(directory: string): PhotoStorage {
  const pathOf = (key: string) => join(directory, checkedKey(key))
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written beside, then renamed into place: a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.partial`
      await writeFile(partial, bytes)
      await rename(partial, path)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

/** Kept in memory: for tests and the benchmark, which need no files. */
export function memoryPhotoStorage(): PhotoStorage & { keys(): string[] } {
  const objects = new Map<string, Uint8Array>()
  return {
    async put(key, bytes) {
      objects.set(checkedKey(key), new Uint8Array(bytes))
    },
    async get(key) {
      return objects.get(checkedKey(key)) ?? null
    },
    async delete(key) {
      objects.delete(checkedKey(key))
    },
    keys: () => [...objects.keys()].sort(),
  }
}

export interface S3Settings {
  bucket: string
  region: string
  /** The store's address (`https://s3.eu-central-1.amazonaws.com`, a MinIO or R2 address…); objects are addressed by path: `<endpoint>/<bucket>/<key>`. */
  endpoint: string
  accessKeyId: string
  secretAccessKey: string
}

/** How long one request to the object store may take. */
const S3_TIMEOUT_MS = 20_000

/**
 * An S3-compatible object store. Every request is signed (Signature V4); an upload also signs the
 * SHA-256 of its bytes, so the store refuses bytes changed on the way.
 */
export function s3PhotoStorage(settings: S3Settings): PhotoStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    // A failed request is tried twice more (5xx and throttling); the member's request waits for it.
    retries: 2,
  })
  const base = settings.endpoint.replace(/\/+$/, '')
  const urlOf = (key: string) => `${base}/${encodeURIComponent(settings.bucket)}/${checkedKey(key).split('/').map(encodeURIComponent).join('/')}`
  const failed = async (what: string, key: string, response: Response) =>
    new Error(`Object store: ${what} ${key} answered ${response.status} ${(await response.text().catch(() => '')).slice(0, 300)}`)
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        signal: AbortSignal.timeout(S3_TIMEOUT_MS),
      })
      if (!response.ok) throw await failed('PUT', key, response)
      await response.body?.cancel()
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET', signal: AbortSignal.timeout(S3_TIMEOUT_MS) })
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok) throw await failed('GET', key, response)
      return new Uint8Array(await response.arrayBuffer())
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE', signal: AbortSignal.timeout(S3_TIMEOUT_MS) })
      // S3 answers 204 whether or not the key was there; some compatible stores say 404.
      if (!response.ok && response.status !== 404) throw await failed('DELETE', key, response)
      await response.body?.cancel()
    },
  }
}
