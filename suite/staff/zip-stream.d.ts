// The part of zip-stream's API the photos' export uses (the package ships no types).
declare module 'zip-stream' {
  import type { Duplex, Readable } from 'node:stream'
  interface EntryData {
    name: string
    date?: Date
    /** Written as it is, not compressed. */
    store?: boolean
  }
  class ZipStream extends Duplex {
    constructor(options?: { store?: boolean; forceZip64?: boolean; zlib?: { level?: number } })
    /** One file; the callback runs once its bytes are written into the archive (not yet read from it). */
    entry(source: Buffer | Readable | string, data: EntryData, callback: (error: Error | null) => void): this
    /** Writes the central directory and ends the archive. */
    finish(): void
  }
  export default ZipStream
}
