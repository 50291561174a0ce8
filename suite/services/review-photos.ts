// Review photos: a member uploads them for the review of a participation while it can be written,
// at most five; the review takes them in order with a description each; anyone sees them only once
// the review is published. Files are kept through deps.photoStorage, under keys made from the id.
import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import {
  PHOTO_REFUSED,
  PHOTO_UPLOADS_PER_HOUR,
  PHOTOS_PER_REVIEW,
  PHOTO_SIZES,
  type PhotoSize,
  type ReviewPhoto,
  type UploadedPhoto,
} from '../../contract/review-photos'
import type { Executor, Tx } from '../db/client'
import { participations, reviewPhotos, reviews } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { ApiError, badRequest, conflict, notFound } from '../http/errors'
import { hit } from './rate-limit'
import type { MemberRow } from './members'
import { loadParticipations } from './participations'
import { processPhoto, sniffPhotoType, UnreadablePhoto } from './photo-images'
import { reviewBlocker } from './reviews'

export const photoKey = (id: string, size: PhotoSize) => `review-photos/${id}/${size}.jpg`

const refused = (problem: 'type' | 'size' | 'unreadable') =>
  badRequest('The photo was not taken', { photo: [PHOTO_REFUSED[problem]] }, { code: 'image-refused', problem })
const tooMany = () =>
  new ApiError('CONFLICT', `A review has at most ${PHOTOS_PER_REVIEW} photos`, { photo: [PHOTO_REFUSED.count] }, undefined, {
    code: 'image-refused',
    problem: 'count',
  })
export const photoTooLarge = () => refused('size')
const tooManyUploads = (retryAfter: number) =>
  new ApiError('RATE_LIMITED', `At most ${PHOTO_UPLOADS_PER_HOUR} photos an hour; try again later`, undefined, retryAfter, { code: 'too-many-uploads' })
const HOUR_MS = 3600_000

/**
 * Counts one upload of the member's in the current hour, refused past PHOTO_UPLOADS_PER_HOUR. Every
 * file sent for a review that can take it counts, taken or not: each costs a decode.
 */
async function countUpload(deps: SuiteDeps, member: MemberRow): Promise<void> {
  const { count, retryAfter } = await hit(deps.db, `photo-uploads:${member.id}`, HOUR_MS, deps.clock.now())
  if (count > PHOTO_UPLOADS_PER_HOUR) throw tooManyUploads(retryAfter)
}

/** The participation is the member's and its review can be written now (so its photos changed); else 404 or 409. */
async function checkReviewable(ex: Executor, member: MemberRow, participationId: string): Promise<void> {
  const [participation] = await loadParticipations(ex, member.id, { participationId })
  if (!participation) throw notFound('Participation')
  const [review] = await ex.select({ status: reviews.status }).from(reviews).where(eq(reviews.participationId, participationId))
  const blocker = reviewBlocker(participation, review?.status ?? null)
  if (blocker) throw conflict(blocker)
}

async function photoCount(ex: Executor, participationId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(reviewPhotos).where(eq(reviewPhotos.participationId, participationId))
  return row?.n ?? 0
}

/**
 * Takes one photo for the review of a participation: refused (nothing stored) when the review cannot
 * be written now, when five are there already, when the member has uploaded PHOTO_UPLOADS_PER_HOUR
 * this hour, when the bytes are not a JPEG, PNG, WebP or HEIC image whatever the file was
 * called, when the process has as many images to work on as it takes (503), or when its pixels
 * cannot be read. The photo is stored re-encoded, in both sizes, without any of the file's metadata.
 */
export async function uploadReviewPhoto(deps: SuiteDeps, member: MemberRow, participationId: string, bytes: Uint8Array): Promise<UploadedPhoto> {
  await checkReviewable(deps.db, member, participationId)
  // Counted before the costly part, and again under the participation's lock before recording.
  if ((await photoCount(deps.db, participationId)) >= PHOTOS_PER_REVIEW) throw tooMany()
  await countUpload(deps, member)
  const type = sniffPhotoType(bytes)
  if (!type) throw refused('type')
  let processed
  try {
    processed = await deps.imageWork.run(() => processPhoto(bytes, type))
  } catch (error) {
    if (error instanceof UnreadablePhoto) throw refused('unreadable')
    throw error
  }
  const id = randomUUID()
  await Promise.all([
    deps.photoStorage.put(photoKey(id, 'display'), processed.display, 'image/jpeg'),
    deps.photoStorage.put(photoKey(id, 'thumb'), processed.thumb, 'image/jpeg'),
  ])
  try {
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: participations.id })
        .from(participations)
        .where(and(eq(participations.id, participationId), eq(participations.memberId, member.id)))
        .for('update')
      if (!locked) throw notFound('Participation')
      if ((await photoCount(tx, participationId)) >= PHOTOS_PER_REVIEW) throw tooMany()
      await tx.insert(reviewPhotos).values({
        id,
        memberId: member.id,
        participationId,
        width: processed.width,
        height: processed.height,
        createdAt: deps.clock.now(),
      })
    })
  } catch (error) {
    await removePhotoFiles(deps, [id])
    throw error
  }
  return { id, width: processed.width, height: processed.height }
}

/** The member's photos for the review of a participation, oldest first. */
export async function photosOfParticipation(ex: Executor, participationId: string): Promise<UploadedPhoto[]> {
  return ex
    .select({ id: reviewPhotos.id, width: reviewPhotos.width, height: reviewPhotos.height })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.participationId, participationId))
    .orderBy(asc(reviewPhotos.seq))
}

/**
 * Removes one of the member's photos and its files, while the review can still be changed (a draft,
 * or a review sent back by the moderators, which loses the photo too). Unknown ids are NOT_FOUND.
 */
export async function deleteReviewPhoto(deps: SuiteDeps, member: MemberRow, photoId: string): Promise<void> {
  const [photo] = await deps.db
    .select()
    .from(reviewPhotos)
    .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.memberId, member.id)))
  if (!photo) throw notFound('Photo')
  await checkReviewable(deps.db, member, photo.participationId)
  await deps.db.transaction(async (tx) => {
    await tx.delete(reviewPhotos).where(eq(reviewPhotos.id, photo.id))
    if (photo.reviewId) {
      await tx
        .update(reviews)
        .set({ photos: sql`coalesce((select jsonb_agg(p) from jsonb_array_elements(${reviews.photos}) as p where p ->> 'id' <> ${photo.id}), '[]'::jsonb)` })
        .where(eq(reviews.id, photo.reviewId))
    }
  })
  await removePhotoFiles(deps, [photo.id])
}

/**
 * The review's photos as sent with it: each must be one of this participation's uploads (else a 400
 * naming it). They now belong to the review; the participation's other uploads, left out of it, are
 * deleted, and their ids returned so their files go once the transaction has committed.
 */
export async function attachPhotos(tx: Tx, participationId: string, reviewId: string, photos: ReviewPhoto[]): Promise<string[]> {
  const uploaded = await tx.select({ id: reviewPhotos.id }).from(reviewPhotos).where(eq(reviewPhotos.participationId, participationId))
  const known = new Set(uploaded.map((p) => p.id))
  const unknown = photos.flatMap((p, i) => (known.has(p.id) ? [] : [i]))
  if (unknown.length > 0) {
    throw badRequest(
      'The review names photos that are not uploaded for it',
      Object.fromEntries(unknown.map((i) => [`photos.${i}.id`, ['is not a photo of this review']])),
    )
  }
  const kept = new Set(photos.map((p) => p.id))
  const left = [...known].filter((id) => !kept.has(id))
  if (kept.size > 0)
    await tx
      .update(reviewPhotos)
      .set({ reviewId })
      .where(inArray(reviewPhotos.id, [...kept]))
  if (left.length > 0) await tx.delete(reviewPhotos).where(inArray(reviewPhotos.id, left))
  return left
}

/** One of the member's own photos, whatever its review's state (the form's previews). */
export async function memberPhotoFile(deps: SuiteDeps, member: MemberRow, photoId: string, size: PhotoSize): Promise<Uint8Array> {
  const [photo] = await deps.db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.memberId, member.id)))
  return fileOf(deps, photo?.id, size)
}

/** A photo of a published review; a photo of a draft, a pending or a rejected review is NOT_FOUND. */
export async function publishedPhotoFile(deps: SuiteDeps, photoId: string, size: PhotoSize): Promise<Uint8Array> {
  const [photo] = await deps.db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.id, photoId), eq(reviews.status, 'published')))
  return fileOf(deps, photo?.id, size)
}

async function fileOf(deps: SuiteDeps, photoId: string | undefined, size: PhotoSize): Promise<Uint8Array> {
  if (!photoId) throw notFound('Photo')
  const bytes = await deps.photoStorage.get(photoKey(photoId, size))
  if (!bytes) {
    deps.logger.warn({ photoId, size }, 'a recorded review photo has no file in the photo storage')
    throw notFound('Photo')
  }
  return bytes
}

/**
 * Deletes the files of photos whose rows are gone. A file that cannot be deleted now is logged and
 * left: nothing refers to it any more, so no one is shown it.
 */
export async function removePhotoFiles(deps: Pick<SuiteDeps, 'photoStorage' | 'logger'>, photoIds: string[]): Promise<void> {
  const keys = photoIds.flatMap((id) => PHOTO_SIZES.map((size) => photoKey(id, size)))
  const results = await Promise.allSettled(keys.map((key) => deps.photoStorage.delete(key)))
  results.forEach((result, i) => {
    if (result.status === 'rejected') deps.logger.error({ err: result.reason, key: keys[i] }, 'deleting a review photo file failed; the file is left behind')
  })
}
