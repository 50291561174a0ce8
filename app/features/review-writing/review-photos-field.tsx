import { useLingui } from '@lingui/react/macro'
import { ArrowDown, ArrowUp, Camera, ImagePlus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { PHOTO_ALT_MAX, PHOTO_MAX_BYTES, PHOTO_UPLOADS_PER_HOUR, PHOTOS_PER_REVIEW } from '#contract/review-photos'
import { myReviewPhotoSrc } from '~/components/catalogue/review-photo-src'
import { Button } from '~/components/ui/button'
import { FormAlert, TextField } from '~/components/ui/field'
import { liveRegion } from '~/components/ui/live-region'
import { Spinner } from '~/components/ui/spinner'
import type { DraftPhoto } from './review-draft'
import { deleteReviewPhotoFn, uploadReviewPhotoFn } from './review-submission.functions'
import { movePhoto, PHOTO_ACCEPT, pickFiles, refusalOf, type PhotoRefusal } from './review-photos'

type Upload = { key: number; name: string }
type FocusTarget = { id: string; control: 'earlier' | 'later' | 'remove' } | 'add'

/**
 * The review's photos: added from the file picker (or, on a phone, the camera), uploaded at once,
 * shown as the portal's thumbnails, each with its description, moved earlier or later, or removed.
 * A file that is not taken says why beside the others; nothing else on the form changes.
 */
export function ReviewPhotosField({
  participationId,
  photos,
  onPhotosChange,
  altErrors,
  onBusyChange,
}: {
  participationId: string
  photos: DraftPhoto[]
  onPhotosChange: (update: (current: DraftPhoto[]) => DraftPhoto[]) => void
  /** The description's error, by photo id. */
  altErrors: Record<string, string>
  /** True while files are on their way: the review waits for them. */
  onBusyChange: (busy: boolean) => void
}) {
  const { t } = useLingui()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const picker = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const field = useRef<HTMLFieldSetElement>(null)
  const focusAfter = useRef<FocusTarget | null>(null)
  const nextKey = useRef(0)

  useEffect(() => onBusyChange(uploads.length > 0), [uploads.length, onBusyChange])

  // After a move or a removal the focus stays with the photo that moved, or goes to the next one.
  useEffect(() => {
    const target = focusAfter.current
    if (!target) return
    focusAfter.current = null
    if (target === 'add') addButton.current?.focus()
    else field.current?.querySelector<HTMLElement>(`[data-photo-control="${target.id}:${target.control}"]`)?.focus()
  })

  const maxMb = PHOTO_MAX_BYTES / (1024 * 1024)
  const sentence = (name: string, reason: PhotoRefusal): string => {
    switch (reason) {
      case 'type':
        return t`“${name}” is not a photo we can take. Choose a JPEG, PNG, WebP or HEIC image.`
      case 'size':
        return t`“${name}” is larger than ${maxMb} MB. Choose a smaller photo.`
      case 'count':
        return t`“${name}” was not added: a review can have up to ${PHOTOS_PER_REVIEW} photos. Remove one to add another.`
      case 'unreadable':
        return t`“${name}” could not be read as a photo. It may be damaged: try another one.`
      case 'too-many-uploads':
        return t`“${name}” was not added: you have added ${PHOTO_UPLOADS_PER_HOUR} photos in the last hour, the most we take. Please add it again later.`
      case 'busy':
        return t`“${name}” was not added: we are working on many photos just now. Please add it again in a minute.`
      case 'closed':
        return t`“${name}” was not added: this review can no longer be changed.`
      case 'signed-out':
        return t`“${name}” was not added because you are signed out. Sign in again, then add it once more.`
      case 'failed':
        return t`“${name}” could not be uploaded just now. Please try again.`
    }
  }

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])]
    // The same file may be picked again later (after removing it, say).
    event.currentTarget.value = ''
    if (files.length === 0) return
    // What is taken: the photos there and those on their way, as this pick finds them.
    const { upload, refused } = pickFiles(files, photos.length + uploads.length)
    setProblems(refused.map(({ file, reason }) => sentence(file.name, reason)))
    const queued = upload.map((file) => ({ file, key: nextKey.current++ }))
    setUploads((current) => [...current, ...queued.map(({ file, key }) => ({ key, name: file.name }))])
    let added = 0
    // One at a time: the member API decodes each photo, and their order is the member's order.
    for (const { file, key } of queued) {
      const data = new FormData()
      data.set('participationId', participationId)
      data.set('photo', file)
      let reason: PhotoRefusal | null = null
      try {
        const result = await uploadReviewPhotoFn({ data })
        if (result.ok) {
          onPhotosChange((current) => [...current, { id: result.data.id, alt: '' }])
          added++
        } else reason = refusalOf(result.failure)
      } catch {
        reason = 'failed'
      }
      setUploads((current) => current.filter((u) => u.key !== key))
      if (reason) {
        const problem = sentence(file.name, reason)
        setProblems((current) => [...current, problem])
      }
    }
    if (added > 0) liveRegion.announce(added === 1 ? t`Photo added. Describe it below.` : t`${added} photos added. Describe each one below.`)
  }

  function move(index: number, by: -1 | 1) {
    const photo = photos[index]
    if (!photo) return
    const to = index + by
    if (to < 0 || to >= photos.length) return
    onPhotosChange((current) => movePhoto(current, index, by))
    // The focus stays on the button pressed, now at the photo's new place (at either end it cannot
    // move further and says so, but keeps the focus).
    focusAfter.current = { id: photo.id, control: by === -1 ? 'earlier' : 'later' }
    liveRegion.announce(t`Photo moved to place ${to + 1} of ${photos.length}.`)
  }

  async function remove(index: number) {
    const photo = photos[index]
    if (!photo) return
    const number = index + 1
    let gone = false
    try {
      const result = await deleteReviewPhotoFn({ data: { id: photo.id } })
      gone = result.ok || result.failure.kind === 'not-found'
    } catch {
      gone = false
    }
    if (!gone) {
      setProblems([t`Photo ${number} could not be removed just now. Please try again.`])
      return
    }
    const next = photos[index + 1] ?? photos[index - 1]
    focusAfter.current = next ? { id: next.id, control: 'remove' } : 'add'
    onPhotosChange((current) => current.filter((p) => p.id !== photo.id))
    liveRegion.announce(t`Photo ${number} removed.`)
  }

  const full = photos.length + uploads.length >= PHOTOS_PER_REVIEW
  return (
    <fieldset ref={field} className="flex flex-col gap-4 rounded-xl border border-line p-4" aria-describedby="review-photos-hint">
      <legend className="px-1 font-semibold text-ink">{t`Photos (optional)`}</legend>
      <p id="review-photos-hint" className="text-sm text-muted">
        {t`Up to ${PHOTOS_PER_REVIEW} photos of the product in use: JPEG, PNG, WebP or HEIC, at most ${maxMb} MB each. We remove the location and camera details from every photo before anyone sees it.`}
      </p>

      {(photos.length > 0 || uploads.length > 0) && (
        <ol className="flex flex-col gap-4" data-testid="review-photo-list">
          {photos.map((photo, index) => {
            const number = index + 1
            return (
              <li key={photo.id} className="flex flex-col gap-3 rounded-lg bg-canvas p-3 sm:flex-row" data-testid="review-photo">
                {/* Described by what the member writes beside it; until then the field's label says which one it is. */}
                <img
                  src={myReviewPhotoSrc(photo.id, 'thumb')}
                  alt={photo.alt.trim()}
                  width={112}
                  height={112}
                  className="size-28 shrink-0 rounded-lg border border-line bg-white object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <TextField
                    label={t`Describe photo ${number}`}
                    name={`photo-alt-${number}`}
                    value={photo.alt}
                    maxLength={PHOTO_ALT_MAX}
                    onChange={(event) => {
                      const alt = event.target.value
                      onPhotosChange((current) => current.map((p) => (p.id === photo.id ? { ...p, alt } : p)))
                    }}
                    error={altErrors[photo.id]}
                    description={t`What does it show? It is read to people who cannot see the photo.`}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button
                      data-photo-control={`${photo.id}:earlier`}
                      size="small"
                      severity="secondary"
                      icon={<ArrowUp className="size-4" aria-hidden="true" />}
                      unavailable={index === 0}
                      aria-label={t`Move photo ${number} earlier`}
                      onClick={() => move(index, -1)}
                    >
                      {t`Earlier`}
                    </Button>
                    <Button
                      data-photo-control={`${photo.id}:later`}
                      size="small"
                      severity="secondary"
                      icon={<ArrowDown className="size-4" aria-hidden="true" />}
                      unavailable={index === photos.length - 1}
                      aria-label={t`Move photo ${number} later`}
                      onClick={() => move(index, 1)}
                    >
                      {t`Later`}
                    </Button>
                    <Button
                      data-photo-control={`${photo.id}:remove`}
                      size="small"
                      severity="danger"
                      variant="outlined"
                      icon={<Trash2 className="size-4" aria-hidden="true" />}
                      aria-label={t`Remove photo ${number}`}
                      onClick={() => void remove(index)}
                    >
                      {t`Remove`}
                    </Button>
                  </div>
                </div>
              </li>
            )
          })}
          {uploads.map((upload) => (
            <li key={`upload-${upload.key}`} className="flex items-center gap-3 rounded-lg bg-canvas p-3 text-ink" aria-busy="true">
              <Spinner />
              <span>{t`Uploading “${upload.name}”…`}</span>
            </li>
          ))}
        </ol>
      )}

      {problems.length > 0 && (
        <FormAlert>
          <ul className="list-disc space-y-1 pl-5" data-testid="review-photo-problems">
            {problems.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        </FormAlert>
      )}

      <div className="flex flex-wrap gap-3">
        <Button
          ref={addButton}
          severity="secondary"
          icon={<ImagePlus className="size-5" aria-hidden="true" />}
          unavailable={full}
          aria-describedby="review-photos-hint"
          onClick={() => picker.current?.click()}
        >
          {t`Add photos`}
        </Button>
        {/* Phones and tablets (a coarse pointer) can take the photo with the camera there and then. */}
        <div className="hidden pointer-coarse:block">
          <Button severity="secondary" icon={<Camera className="size-5" aria-hidden="true" />} unavailable={full} onClick={() => camera.current?.click()}>
            {t`Take a photo`}
          </Button>
        </div>
        {full && <p className="self-center text-sm text-ink">{t`That is ${PHOTOS_PER_REVIEW} photos, the most a review can have.`}</p>}
      </div>
      <input ref={picker} type="file" accept={PHOTO_ACCEPT} multiple hidden onChange={(event) => void add(event)} data-testid="review-photo-input" />
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(event) => void add(event)} />
    </fieldset>
  )
}
