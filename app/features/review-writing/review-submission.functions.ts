import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ReviewBodySchema } from '#contract/content'
import { PHOTO_MAX_BYTES, PHOTO_REFUSED, type UploadedPhoto } from '#contract/review-photos'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint, refusedBeforeSending } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'
import type { UpstreamResult } from '~/upstream/upstream-result'

/** POST logistics/v1/content/flight/review: one review per participation (a rejected one may be sent again). */
export const submitReviewFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(ReviewBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.submitReview, { member: context.member, body: data }))

/** An upload as the review form sends it: the participation, and one file from the picker or the camera. */
const PhotoUploadFormSchema = v.strictObject({ participationId: Uuid, photo: v.file() })

/** Photos take longer than other calls: the member API decodes and encodes each one twice. */
const PHOTO_UPLOAD_TIMEOUT_MS = 30_000

/**
 * POST logistics/v1/content/flight/review/photos: one photo for the participation's review, its
 * bytes passed on as they are. A file over the size limit is refused here with the member API's own
 * refusal, before its bytes go anywhere. Silent: the form shows every refusal beside the file.
 */
export const uploadReviewPhotoFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator((data: FormData) => v.parse(PhotoUploadFormSchema, { participationId: data.get('participationId'), photo: data.get('photo') }))
  .handler(async ({ context, data }): Promise<UpstreamResult<UploadedPhoto>> => {
    if (data.photo.size > PHOTO_MAX_BYTES) {
      return refusedBeforeSending(ENDPOINTS.uploadReviewPhoto, { fields: { photo: [PHOTO_REFUSED.size] }, reason: { code: 'image-refused', problem: 'size' } })
    }
    return callEndpoint(ENDPOINTS.uploadReviewPhoto, {
      member: context.member,
      query: { participationId: data.participationId },
      upload: new Uint8Array(await data.photo.arrayBuffer()),
      timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
    })
  })

/** DELETE logistics/v1/content/flight/review/photos/:id: the member removes a photo from the review. Silent, like the upload. */
export const deleteReviewPhotoFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ id: Uuid }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.deleteReviewPhoto, { member: context.member, params: { id: data.id } }))
