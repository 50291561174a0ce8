import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { PHOTO_ALT_MAX, ReviewPhotosInputSchema } from '#contract/review-photos'
import { ReviewBodySchema, type MemberReview, type RcProduct } from '#contract/content'
import { FormAlert } from '~/components/ui/field'
import { submitReviewFn } from '~/features/review-writing/review-submission.functions'
import { cn } from '~/lib/cn'
import { changeFieldValue, ContractForm, fieldErrorText, showRejectedFields, useAppForm, useFieldContext } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { rcProductQuery } from '~/features/review-writing/review-writing.queries'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { RatingField } from './rating-field'
import { draftKey, readDraft, removeDraft, writeDraft, type DraftPhoto } from './review-draft'
import { altProblems, restorePhotos } from './review-photos'
import { ReviewPhotosField } from './review-photos-field'
import { BODY_MAX, BODY_MIN, lengthState, reviewProblems, TITLE_MAX, TITLE_MIN, type ReviewField, type ReviewValues } from './review-rules'
import { participationsQuery } from '~/lib/member-data/member-data.queries'
import { ReviewRejection } from '~/components/member/review-rejection'

const fieldMessage: Record<ReviewField, MessageDescriptor> = {
  rating: msg`Choose a rating from 1 to 5 stars.`,
  title: msg`Give your review a title of ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  body: msg`Write between ${BODY_MIN} and ${BODY_MAX} characters about the product.`,
  receivedForFree: msg`Please confirm the disclosure: it is shown with every review.`,
}

/** The form's values: the review as the member writes it, and its photos in their order with their descriptions. */
type ReviewFormValues = ReviewValues & { photos: DraftPhoto[] }

/**
 * The contract's review body without the participation, which the page adds when it sends the
 * review; the form always holds its list of photos (empty when there are none).
 */
const reviewBody = ReviewBodySchema.entries
const ReviewFormSchema = v.strictObject({
  rating: reviewBody.rating,
  title: reviewBody.title,
  body: reviewBody.body,
  receivedForFree: reviewBody.receivedForFree,
  photos: ReviewPhotosInputSchema,
})

/** The member API's field paths → this form's fields (photo descriptions are read separately, by photo). */
const API_FIELDS: Record<string, ReviewField> = { rating: 'rating', title: 'title', body: 'body', receivedForFree: 'receivedForFree' }

const empty: ReviewFormValues = { rating: null, title: '', body: '', receivedForFree: false, photos: [] }

/**
 * The review form. What the member writes is kept in localStorage as they type and comes back after
 * a reload or an expired session; it is removed only when the member API has accepted the review.
 * Photos are uploaded as they are added; the draft keeps which ones, their order and descriptions.
 */
export function ReviewForm({ page, onSubmitted }: { page: RcProduct; onSubmitted: (review: MemberReview) => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const key = draftKey(page.product.id, page.campaign.id, page.participation?.id ?? null)
  // What the form starts from: empty on the server, then the draft or the review to revise.
  const [start, setStart] = useState<ReviewFormValues>(empty)
  const [restoredAt, setRestoredAt] = useState<string | null>(null)
  /** The description's error, by photo id. */
  const [altErrors, setAltErrors] = useState<Record<string, string>>({})
  const [photoProblem, setPhotoProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const loaded = useRef(false)
  const restoredFor = useRef<string | null>(null)
  const participation = page.participation

  /** One sentence per field, for the schema's refusal and the member API's alike. */
  const invalid: Record<ReviewField, string> = {
    rating: i18n._(fieldMessage.rating),
    title: i18n._(fieldMessage.title),
    body: i18n._(fieldMessage.body),
    receivedForFree: i18n._(fieldMessage.receivedForFree),
  }
  const altMessage = (number: number) => t`Describe photo ${number} in 1 to ${PHOTO_ALT_MAX} characters, for people who cannot see it.`

  const submit = useMutation({
    mutationFn: async (review: v.InferOutput<typeof ReviewFormSchema>) =>
      unwrap(await submitReviewFn({ data: { participationId: participation?.id ?? '', ...review } })),
    onSuccess: async (review) => {
      removeDraft(key)
      queryClient.setQueryData(rcProductQuery(page.product.id, page.campaign.id).queryKey, (current) =>
        current ? { ...current, review, canSubmit: false, reason: null } : current,
      )
      await queryClient.invalidateQueries({ queryKey: participationsQuery.queryKey })
      onSubmitted(review)
    },
  })

  const form = useAppForm({
    defaultValues: start,
    validators: { onSubmit: ReviewFormSchema },
    // The draft is written as the member types (and as photos come and go), never before it was restored.
    listeners: { onChange: ({ formApi }) => saveDraft(formApi.state.values) },
    onSubmitInvalid: ({ value, formApi }) => {
      if (uploading) setPhotoProblem(t`Your photos are still uploading. Send the review once they are all there.`)
      // A photo whose description the schema refused says so beside it, by photo.
      setAltErrors(
        Object.fromEntries(
          value.photos.flatMap((photo, i) => ((formApi.getFieldMeta(`photos[${i}].alt`)?.errors.length ?? 0) > 0 ? [[photo.id, altMessage(i + 1)]] : [])),
        ),
      )
    },
    onSubmit: async ({ value, formApi }) => {
      if (!participation) return
      if (uploading) {
        setPhotoProblem(t`Your photos are still uploading. Send the review once they are all there.`)
        return
      }
      setAltErrors({})
      setPhotoProblem(null)
      try {
        await submit.mutateAsync(v.parse(ReviewFormSchema, value))
      } catch (error) {
        // The draft stays: after a 401 the member signs in again and finds their text here.
        showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as ReviewField])
        if (isUpstreamError(error) && error.failure.kind === 'rejected' && error.failure.fields) {
          const nextAlt: Record<string, string> = {}
          let missing = false
          for (const field of Object.keys(error.failure.fields)) {
            // `photos.2.alt`: that photo's description; `photos.2.id`: a photo the member API no longer holds.
            const photo = /^photos\.(\d+)\.(alt|id)$/.exec(field)
            const sent = photo ? value.photos[Number(photo[1])] : undefined
            if (photo && sent && photo[2] === 'alt') nextAlt[sent.id] = altMessage(Number(photo[1]) + 1)
            if (photo && sent && photo[2] === 'id') missing = true
          }
          setAltErrors(nextAlt)
          if (missing)
            setPhotoProblem(t`One of your photos is no longer with us. Reload the page to see your photos as they are now, then send the review again.`)
        }
      }
      // After success the page shows the review's status in place of the form.
    },
  })

  function saveDraft(values: ReviewFormValues) {
    if (loaded.current) writeDraft(key, values)
  }

  // Restore once, in the browser: the draft first, else the rejected review to revise. The draft
  // lives in the browser's storage, so it is read after hydration. Photos are those the member API
  // holds for the review, in the draft's (or the sent review's) order and with its descriptions.
  useEffect(() => {
    // Once per draft: a later refetch of the page's data must not reset what the member is doing.
    if (restoredFor.current === key) return
    restoredFor.current = key
    const draft = readDraft(key)
    let restored: ReviewFormValues = { ...empty, photos: restorePhotos([], page.photos) }
    if (draft) {
      restored = {
        rating: draft.rating,
        title: draft.title,
        body: draft.body,
        receivedForFree: draft.receivedForFree,
        photos: restorePhotos(draft.photos, page.photos),
      }
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestoredAt(draft.savedAt)
    } else if (page.review?.status === 'rejected') {
      restored = {
        rating: page.review.rating,
        title: page.review.title,
        body: page.review.body,
        receivedForFree: false,
        photos: restorePhotos(page.review.photos, page.photos),
      }
    }
    // The restored values become the form's starting point, so a later render does not put the empty ones back.
    setStart(restored)
    form.reset(restored)
    loaded.current = true
  }, [key, page.review, page.photos, form])

  /** A photo added, moved, described or removed: a description's error goes once it is fixed (or its photo removed). */
  const photosChanged = useCallback((next: DraftPhoto[]) => {
    setPhotoProblem(null)
    setAltErrors((current) => {
      const problems = new Set(altProblems(next))
      return Object.fromEntries(Object.entries(current).filter(([id]) => problems.has(id)))
    })
  }, [])

  /** A message shown after a submit stays while its field still breaks the rule, and goes once it is fixed. */
  const untilFixed = (name: ReviewField) => ({
    onChange: ({ fieldApi }: { fieldApi: { state: { meta: { errors: readonly unknown[] } } } }) =>
      fieldApi.state.meta.errors.length > 0 && reviewProblems(form.state.values).includes(name) ? invalid[name] : undefined,
  })

  const savedOn = restoredAt ? formatDate(restoredAt) : null
  const heading = page.review?.status === 'rejected' ? t`Revise your review` : t`Your review`

  return (
    <ContractForm form={form} label={heading} className="flex flex-col gap-6">
      <h2 className="text-xl font-bold text-authentic">{heading}</h2>
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

      <form.AppField name="rating" validators={untilFixed('rating')}>
        {() => <RatingInput invalid={invalid.rating} />}
      </form.AppField>

      <form.AppField name="title" validators={untilFixed('title')}>
        {(field) => (
          <field.TextInput
            label={t`Title`}
            invalid={invalid.title}
            description={<LengthHint state={lengthState(field.state.value, TITLE_MIN, TITLE_MAX)} min={TITLE_MIN} max={TITLE_MAX} />}
          />
        )}
      </form.AppField>

      <form.AppField name="body" validators={untilFixed('body')}>
        {(field) => (
          <field.TextAreaInput
            label={t`Your experience`}
            invalid={invalid.body}
            rows={9}
            description={
              <>
                <span className="block">{t`How did you use the product? What did you like, and what could be better? Between ${BODY_MIN} and ${BODY_MAX} characters.`}</span>
                <LengthHint state={lengthState(field.state.value, BODY_MIN, BODY_MAX)} min={BODY_MIN} max={BODY_MAX} />
              </>
            }
          />
        )}
      </form.AppField>

      {participation && (
        <form.AppField name="photos">
          {() => <PhotosInput participationId={participation.id} altErrors={altErrors} onPhotosChanged={photosChanged} onBusyChange={setUploading} />}
        </form.AppField>
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
        <form.AppField name="receivedForFree" validators={untilFixed('receivedForFree')}>
          {(field) => (
            <field.CheckboxInput
              className="mt-3"
              invalid={invalid.receivedForFree}
              label={t`I received this product for free and my review is my honest opinion.`}
            />
          )}
        </form.AppField>
      </div>

      <div>
        <form.SubmitButton size="large">{t`Submit my review`}</form.SubmitButton>
        <p className="mt-2 text-sm text-muted">{t`Your draft is saved on this device as you type. A moderator reads every review before it is published.`}</p>
      </div>
    </ContractForm>
  )
}

/** The star rating as the form's `rating` field. */
function RatingInput({ invalid }: { invalid: string }) {
  const field = useFieldContext<number | null>()
  return <RatingField value={field.state.value} onChange={(rating) => changeFieldValue(field, rating)} error={fieldErrorText(field.state.meta, invalid)} />
}

/** The review's photos as the form's `photos` field: uploads in progress stay with the photo field itself. */
function PhotosInput({
  participationId,
  altErrors,
  onPhotosChanged,
  onBusyChange,
}: {
  participationId: string
  altErrors: Record<string, string>
  onPhotosChanged: (next: DraftPhoto[]) => void
  onBusyChange: (busy: boolean) => void
}) {
  const field = useFieldContext<DraftPhoto[]>()
  const change = useCallback(
    (update: (current: DraftPhoto[]) => DraftPhoto[]) => {
      // The form's photos as they are now, not as they were drawn: uploads finish one after another.
      const next = update(field.form.getFieldValue(field.name))
      changeFieldValue(field, next)
      onPhotosChanged(next)
    },
    [field, onPhotosChanged],
  )
  return (
    <ReviewPhotosField participationId={participationId} photos={field.state.value} onPhotosChange={change} altErrors={altErrors} onBusyChange={onBusyChange} />
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
