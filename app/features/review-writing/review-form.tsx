import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { PHOTO_ALT_MAX } from '#contract/review-photos'
import type { MemberReview, RcProduct } from '#contract/content'
import { Button } from '~/components/ui/button'
import { CheckboxField, FormAlert, TextField } from '~/components/ui/field'
import { TextAreaField } from '~/components/ui/text-area-field'
import { submitReviewFn } from '~/features/review-writing/review-submission.functions'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/date-format'
import type { FieldErrors } from '~/lib/form'
import { rcProductQuery } from '~/features/review-writing/review-writing.queries'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { RatingField } from './rating-field'
import { draftKey, readDraft, removeDraft, writeDraft, type DraftPhoto } from './review-draft'
import { altProblems, restorePhotos } from './review-photos'
import { ReviewPhotosField } from './review-photos-field'
import { BODY_MAX, BODY_MIN, lengthState, REVIEW_FIELDS, reviewProblems, TITLE_MAX, TITLE_MIN, type ReviewField, type ReviewValues } from './review-rules'
import { participationsQuery } from '~/lib/member-data/member-data.queries'
import { ReviewRejection } from '~/components/member/review-rejection'

const fieldMessage: Record<ReviewField, MessageDescriptor> = {
  rating: msg`Choose a rating from 1 to 5 stars.`,
  title: msg`Give your review a title of ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  body: msg`Write between ${BODY_MIN} and ${BODY_MAX} characters about the product.`,
  receivedForFree: msg`Please confirm the disclosure: it is shown with every review.`,
}

const empty: ReviewValues = { rating: null, title: '', body: '', receivedForFree: false }

/**
 * The review form. What the member writes is kept in localStorage as they type and comes back after
 * a reload or an expired session; it is removed only when the member API has accepted the review.
 * Photos are uploaded as they are added; the draft keeps which ones, their order and descriptions.
 */
export function ReviewForm({ page, onSubmitted }: { page: RcProduct; onSubmitted: (review: MemberReview) => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const key = draftKey(page.product.id, page.campaign.id, page.participation?.id ?? null)
  const [values, setValues] = useState<ReviewValues>(empty)
  const [restoredAt, setRestoredAt] = useState<string | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [photos, setPhotos] = useState<DraftPhoto[]>([])
  /** The description's error, by photo id. */
  const [altErrors, setAltErrors] = useState<Record<string, string>>({})
  const [photoProblem, setPhotoProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const loaded = useRef(false)
  const restoredFor = useRef<string | null>(null)
  // What the draft is written from: the latest text and photos, whichever of them changed.
  const content = useRef<{ values: ReviewValues; photos: DraftPhoto[] }>({ values: empty, photos: [] })
  const participation = page.participation

  // Restore once, in the browser: the draft first, else the rejected review to revise. The draft
  // lives in the browser's storage, so it is read after hydration. Photos are those the member API
  // holds for the review, in the draft's (or the sent review's) order and with its descriptions.
  useEffect(() => {
    // Once per draft: a later refetch of the page's data must not reset what the member is doing.
    if (restoredFor.current === key) return
    restoredFor.current = key
    const draft = readDraft(key)
    let restored: { values: ReviewValues; photos: DraftPhoto[] } = { values: empty, photos: restorePhotos([], page.photos) }
    if (draft) {
      restored = {
        values: { rating: draft.rating, title: draft.title, body: draft.body, receivedForFree: draft.receivedForFree },
        photos: restorePhotos(draft.photos, page.photos),
      }
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestoredAt(draft.savedAt)
    } else if (page.review?.status === 'rejected') {
      restored = {
        values: { rating: page.review.rating, title: page.review.title, body: page.review.body, receivedForFree: false },
        photos: restorePhotos(page.review.photos, page.photos),
      }
    }
    content.current = restored
    setValues(restored.values)
    setPhotos(restored.photos)
    loaded.current = true
  }, [key, page.review, page.photos])

  const saveDraft = useCallback(() => {
    if (loaded.current) writeDraft(key, { ...content.current.values, photos: content.current.photos })
  }, [key])

  const changePhotos = useCallback(
    (update: (current: DraftPhoto[]) => DraftPhoto[]) => {
      const next = update(content.current.photos)
      content.current = { ...content.current, photos: next }
      setPhotos(next)
      saveDraft()
      setPhotoProblem(null)
      // A description's error goes away once it is fixed (or its photo removed).
      setAltErrors((current) => {
        const problems = new Set(altProblems(next))
        return Object.fromEntries(Object.entries(current).filter(([id]) => problems.has(id)))
      })
    },
    [saveDraft],
  )

  function change(next: Partial<ReviewValues>) {
    const updated = { ...content.current.values, ...next }
    content.current = { ...content.current, values: updated }
    setValues(updated)
    saveDraft()
    // An error goes away as soon as its field is fixed.
    setErrors((current) => {
      const problems = reviewProblems(updated)
      return Object.fromEntries(Object.entries(current).filter(([field]) => problems.includes(field as ReviewField)))
    })
  }

  const submit = useMutation({
    mutationFn: async (input: ReviewValues & { rating: number; photos: DraftPhoto[] }) =>
      unwrap(
        await submitReviewFn({
          data: {
            participationId: participation?.id ?? '',
            rating: input.rating,
            title: input.title.trim(),
            body: input.body.trim(),
            receivedForFree: true,
            photos: input.photos.map((photo) => ({ id: photo.id, alt: photo.alt.trim() })),
          },
        }),
      ),
    onSuccess: async (review) => {
      removeDraft(key)
      queryClient.setQueryData(rcProductQuery(page.product.id, page.campaign.id).queryKey, (current) =>
        current ? { ...current, review, canSubmit: false, reason: null } : current,
      )
      await queryClient.invalidateQueries({ queryKey: participationsQuery.queryKey })
      onSubmitted(review)
    },
    onError: (error) => {
      // The draft stays: after a 401 the member signs in again and finds their text here.
      if (isUpstreamError(error) && error.failure.kind === 'rejected' && error.failure.fields) {
        const next: FieldErrors = {}
        const sentPhotos = content.current.photos
        const nextAlt: Record<string, string> = {}
        let missing = false
        for (const field of Object.keys(error.failure.fields)) {
          if ((REVIEW_FIELDS as readonly string[]).includes(field)) next[field] = i18n._(fieldMessage[field as ReviewField])
          // `photos.2.alt`: that photo's description; `photos.2.id`: a photo the member API no longer holds.
          const photo = /^photos\.(\d+)\.(alt|id)$/.exec(field)
          const sent = photo ? sentPhotos[Number(photo[1])] : undefined
          if (photo && sent && photo[2] === 'alt') nextAlt[sent.id] = altMessage(Number(photo[1]) + 1)
          if (photo && sent && photo[2] === 'id') missing = true
        }
        setErrors(next)
        setAltErrors(nextAlt)
        if (missing)
          setPhotoProblem(t`One of your photos is no longer with us. Reload the page to see your photos as they are now, then send the review again.`)
      }
    },
  })

  const altMessage = (number: number) => t`Describe photo ${number} in 1 to ${PHOTO_ALT_MAX} characters, for people who cannot see it.`

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submit.isPending || !participation) return
    if (uploading) {
      setPhotoProblem(t`Your photos are still uploading. Send the review once they are all there.`)
      return
    }
    const problems = reviewProblems(values)
    const undescribed = new Set(altProblems(photos))
    if (problems.length > 0 || values.rating === null || undescribed.size > 0) {
      setErrors(Object.fromEntries(problems.map((field) => [field, i18n._(fieldMessage[field])])))
      setAltErrors(Object.fromEntries(photos.flatMap((photo, i) => (undescribed.has(photo.id) ? [[photo.id, altMessage(i + 1)]] : []))))
      const first = problems[0]
      const firstPhoto = photos.findIndex((photo) => undescribed.has(photo.id))
      const selector = first ? (first === 'rating' ? 'input[type=radio]' : `[name=${first}]`) : `[name=photo-alt-${firstPhoto + 1}]`
      event.currentTarget.querySelector<HTMLElement>(selector)?.focus()
      return
    }
    setErrors({})
    setAltErrors({})
    setPhotoProblem(null)
    submit.mutate({ ...values, rating: values.rating, photos })
  }

  const title = lengthState(values.title, TITLE_MIN, TITLE_MAX)
  const body = lengthState(values.body, BODY_MIN, BODY_MAX)
  const savedOn = restoredAt ? formatDate(restoredAt) : null

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-6" aria-labelledby="review-form-heading">
      <h2 id="review-form-heading" className="text-xl font-bold text-authentic">
        {page.review?.status === 'rejected' ? t`Revise your review` : t`Your review`}
      </h2>
      {page.review?.status === 'rejected' && (
        <FormAlert tone="info">
          <p className="font-semibold">{t`Your review needs a change before we can publish it.`}</p>
          <ReviewRejection code={page.review.rejectionCode} note={page.review.rejectionReason} />
        </FormAlert>
      )}
      {savedOn && (
        <FormAlert tone="info">
          <span data-testid="draft-restored">{t`We kept the draft you started on ${savedOn}. Carry on where you left off.`}</span>
        </FormAlert>
      )}

      <RatingField value={values.rating} onChange={(rating) => change({ rating })} error={errors.rating} />

      <TextField
        label={t`Title`}
        name="title"
        value={values.title}
        onChange={(event) => change({ title: event.target.value })}
        error={errors.title}
        description={<LengthHint state={title} min={TITLE_MIN} max={TITLE_MAX} />}
      />

      <TextAreaField
        label={t`Your experience`}
        name="body"
        rows={9}
        value={values.body}
        onChange={(event) => change({ body: event.target.value })}
        error={errors.body}
        description={
          <>
            <span className="block">{t`How did you use the product? What did you like, and what could be better? Between ${BODY_MIN} and ${BODY_MAX} characters.`}</span>
            <LengthHint state={body} min={BODY_MIN} max={BODY_MAX} />
          </>
        }
      />

      {participation && (
        <ReviewPhotosField participationId={participation.id} photos={photos} onPhotosChange={changePhotos} altErrors={altErrors} onBusyChange={setUploading} />
      )}
      {photoProblem && <FormAlert>{photoProblem}</FormAlert>}

      <div className="rounded-xl border border-line bg-canvas p-4">
        <h3 className="font-semibold text-ink">{t`Disclosure`}</h3>
        <p className="mt-1 text-ink">
          <Trans>
            Reviews of products received for free say so. This line is shown with your review:{' '}
            <em>“This reviewer received the product for free in exchange for an honest review.”</em>
          </Trans>
        </p>
        <CheckboxField
          className="mt-3"
          name="receivedForFree"
          checked={values.receivedForFree}
          onChange={(event) => change({ receivedForFree: event.target.checked })}
          error={errors.receivedForFree}
          label={t`I received this product for free and my review is my honest opinion.`}
        />
      </div>

      <div>
        <Button type="submit" size="large" loading={submit.isPending}>
          {t`Submit my review`}
        </Button>
        <p className="mt-2 text-sm text-muted">{t`Your draft is saved on this device as you type. A moderator reads every review before it is published.`}</p>
      </div>
    </form>
  )
}

/**
 * "37 characters: 13 more needed (at least 50)", updated as the member types. Screen readers hear
 * only when the length becomes right or wrong, not every keystroke.
 */
function LengthHint({ state, min, max }: { state: ReturnType<typeof lengthState>; min: number; max: number }) {
  const { t } = useLingui()
  const { length, missing, over } = state
  const text =
    state.state === 'too-short'
      ? t`${length} characters: ${missing} more needed (at least ${min}).`
      : state.state === 'too-long'
        ? t`${length} characters: ${over} too many (at most ${max}).`
        : t`${length} characters: good (${min} to ${max}).`
  const announcement = state.state === 'too-short' ? t`Still too short.` : state.state === 'too-long' ? t`Now too long.` : t`Length is fine.`
  return (
    <>
      <span className={cn('block font-medium', state.state === 'ok' ? 'text-[#12402f]' : 'text-ink')} data-testid="length-hint">
        {text}
      </span>
      <span className="sr-only" aria-live="polite">
        {length > 0 ? announcement : ''}
      </span>
    </>
  )
}
