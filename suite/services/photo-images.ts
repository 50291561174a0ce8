// What a photo file is (from its first bytes, never its name), and its re-encoding: upright, in
// two sizes, as JPEG with no metadata at all (no EXIF and so no GPS position, no XMP, IPTC or ICC).
import sharp, { type Sharp } from 'sharp'
import type { PHOTO_UPLOAD_TYPES } from '../../contract/review-photos'
import { decodeHeicInWorker, UndecodableHeic } from './heic-decoding'

export type PhotoType = (typeof PHOTO_UPLOAD_TYPES)[number]

/** Longest side of the size shown on the review page, and of the thumbnail (lists, previews). */
export const DISPLAY_MAX_PX = 1600
export const THUMB_MAX_PX = 400
/** Pictures larger than this are refused before their pixels are decoded (48 MP phone cameras pass). */
export const MAX_INPUT_PIXELS = 50_000_000
const JPEG_QUALITY = 82

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

/** HEIF brands of HEVC-coded images (iPhones write `heic`); AVIF shares the container but is not taken. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'])
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1'])

/** The type of a photo file by its signature, or null for anything else (whatever its name says). */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp'
  // ISO base media file: a box size, then `ftyp`, the major brand and the compatible ones.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
    const major = ascii(bytes, 8, 12)
    const compatible: string[] = []
    for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length, 256); at += 4) compatible.push(ascii(bytes, at, at + 4))
    if (HEIC_BRANDS.has(major)) return 'image/heic'
    if (HEIF_GENERIC_BRANDS.has(major) && compatible.some((brand) => HEIC_BRANDS.has(brand))) return 'image/heic'
  }
  return null
}

/** The file has a photo's signature but its pixels cannot be read (damaged, cut short, too large). */
export class UnreadablePhoto extends Error {
  override name = 'UnreadablePhoto'
}

export interface ProcessedPhoto {
  display: Buffer
  thumb: Buffer
  /** Of the display size. */
  width: number
  height: number
}

const SHARP_FORMAT: Record<Exclude<PhotoType, 'image/heic'>, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }

/**
 * Decodes the photo and encodes it again, which is what removes its metadata: sharp writes none
 * unless asked to keep it (keepMetadata, withMetadata…), and nothing here asks. The orientation the
 * camera recorded is applied to the pixels first, so the photo stays upright once that tag is gone.
 * Transparent parts become white. HEIC is decoded by libheif (heic-decode) in a worker thread:
 * sharp's own build reads only AVIF from that container, and libheif would hold the event loop.
 * sharp's own work runs on libuv's thread pool. Callers bound how many run at once (deps.imageWork).
 */
export async function processPhoto(bytes: Uint8Array, type: PhotoType): Promise<ProcessedPhoto> {
  let source: Sharp
  try {
    source = type === 'image/heic' ? await heicSource(bytes) : await checkedSource(bytes, type)
  } catch (error) {
    throw error instanceof UnreadablePhoto ? error : new UnreadablePhoto(String(error))
  }
  const upright = source.autoOrient().flatten({ background: '#ffffff' })
  const encode = (maxPx: number) =>
    upright
      .clone()
      .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, progressive: true })
      .toBuffer({ resolveWithObject: true })
  try {
    const [display, thumb] = await Promise.all([encode(DISPLAY_MAX_PX), encode(THUMB_MAX_PX)])
    return { display: display.data, thumb: thumb.data, width: display.info.width, height: display.info.height }
  } catch (error) {
    throw new UnreadablePhoto(String(error))
  }
}

/** A JPEG, PNG or WebP that sharp reads as the type its signature says, within the pixel limit. */
async function checkedSource(bytes: Uint8Array, type: Exclude<PhotoType, 'image/heic'>): Promise<Sharp> {
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
  const meta = await source.metadata()
  if (meta.format !== SHARP_FORMAT[type]) throw new UnreadablePhoto(`Read as ${meta.format}, not ${type}`)
  return source
}

/** The first picture of a HEIC file as raw pixels (no metadata comes along), within the pixel limit. */
async function heicSource(bytes: Uint8Array): Promise<Sharp> {
  let picture
  try {
    picture = await decodeHeicInWorker(bytes, MAX_INPUT_PIXELS)
  } catch (error) {
    throw error instanceof UndecodableHeic ? new UnreadablePhoto(error.message) : error
  }
  const { width, height, data } = picture
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
}
