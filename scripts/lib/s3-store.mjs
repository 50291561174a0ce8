// An S3-compatible object store on this machine for the tests that run several processes: S3rver
// from the npm registry, which checks every request's AWS Signature V4 as a real store does, keeping
// its objects in a directory of its own.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * Starts the store on a free loopback port with one empty bucket and a key pair of this run's own
 * (S3rver's built-in secret is shorter than the member API accepts). `settings` are the member API's
 * S3_* variables for it; `files()` lists what the bucket holds; stop() ends it and removes its files.
 * @param {{ bucket: string }} options
 */
export async function startS3Store({ bucket }) {
  const S3rver = require('@20minutes/s3rver')
  const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account')
  const accessKeyId = `TEST${process.pid}`
  const secretAccessKey = `s3-secret-${process.pid}-${Date.now().toString(36)}`
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey)
  const directory = mkdtempSync(join(tmpdir(), 's3-store-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] })
  /** @type {{ port: number }} */
  const address = await server.run()
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]))
  return {
    settings: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    /** The bucket's files (S3rver keeps each object as files named after its key), relative to the bucket. */
    files: () => walk(join(directory, bucket)).map((path) => path.slice(join(directory, bucket).length + 1)),
    async stop() {
      await server.close()
      DUMMY_ACCOUNT.revokeAccessKey(accessKeyId)
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
