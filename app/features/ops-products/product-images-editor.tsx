import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, ImagePlus, Save, Trash2, Upload, X } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import type { OpsProduct } from '#contract/authoring'
import { PRODUCT_IMAGE_ALT_MAX, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX, type OpsProductImage, type OpsProductImages } from '#contract/product-images'
import { productImageFileSrc } from '~/components/catalogue/product-image-src'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { liveRegion } from '~/components/ui/live-region'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { describeProductImageFn, moveProductImageFn, removeProductImageFn, uploadProductImageFn } from './product-images.functions'
import { FINAL_PROBLEMS, IMAGE_ACCEPT, isGoodAlt, pickImageFiles, problemOf, type ImageProblem } from './product-images'
import { productListQuery } from './ops-products.queries'

/** A file picked and not yet one of the product's images: its alt text as typed, and why it was not taken. */
type Waiting = { key: number; file: File; alt: string; preview: string | null; problem: ImageProblem | null; sending: boolean }
const PREVIEWABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])
type FocusTarget = { id: string; control: 'earlier' | 'later' | 'remove' } | 'choose'

/**
 * A product's images on its edit view: files chosen from the picker (keyboard: the Choose button),
 * each given its alt text and then uploaded in the order chosen; the images there shown as their
 * thumbnails, their alt text changed, moved earlier or later, or removed. A file the member API does
 * not take says why beside it, and nothing of it is stored.
 */
export function ProductImagesEditor({ product }: { product: OpsProduct }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const images = product.images
  const [waiting, setWaiting] = useState<Waiting[]>([])
  const [altDrafts, setAltDrafts] = useState<Record<string, string>>({})
  const [problems, setProblems] = useState<Record<string, ImageProblem>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const section = useRef<HTMLElement>(null)
  const focusAfter = useRef<FocusTarget | null>(null)
  const nextKey = useRef(0)

  // After a move or a removal the focus stays with the image that moved, or goes to the next one.
  useEffect(() => {
    const target = focusAfter.current
    if (!target) return
    focusAfter.current = null
    if (target === 'choose') chooseButton.current?.focus()
    else section.current?.querySelector<HTMLElement>(`[data-image-control="${target.id}:${target.control}"]`)?.focus()
  })

  const maxMb = PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)
  const fileSentence = (name: string, problem: ImageProblem): string => {
    switch (problem) {
      case 'type':
        return t`“${name}” is not an image we can take. Choose a JPEG, PNG, WebP or HEIC image.`
      case 'size':
        return t`“${name}” is larger than ${maxMb} MB. Choose a smaller image.`
      case 'count':
        return t`“${name}” was not added: a product can have up to ${PRODUCT_IMAGES_MAX} images. Remove one to add another.`
      case 'unreadable':
        return t`“${name}” could not be read as an image. It may be damaged: try another one.`
      case 'alt':
        return t`Write the alt text for “${name}”: what it shows, in 1 to ${PRODUCT_IMAGE_ALT_MAX} characters.`
      case 'gone':
        return t`“${name}” was not added: this product no longer exists.`
      case 'forbidden':
        return t`“${name}” was not added: your staff roles do not allow this, or no longer do.`
      case 'signed-out':
        return t`“${name}” was not added because you are signed out. Sign in again, then add it once more.`
      case 'busy':
        return t`“${name}” was not added: the server is working on many images just now. Please send it again in a minute.`
      case 'last':
      case 'failed':
        return t`“${name}” could not be uploaded just now. Please try again.`
    }
  }
  const imageSentence = (number: number, problem: ImageProblem): string => {
    switch (problem) {
      case 'alt':
        return t`Write the alt text of image ${number}: what it shows, in 1 to ${PRODUCT_IMAGE_ALT_MAX} characters.`
      case 'last':
        return t`Image ${number} is the product's last one, and a published campaign tests the product: add another image before removing it.`
      case 'gone':
        return t`Image ${number} is no longer there: it was removed meanwhile. The list shows what there is now.`
      case 'forbidden':
        return t`Your staff roles do not allow this, or no longer do. Nothing was changed.`
      case 'signed-out':
        return t`You are signed out. Sign in again, then try once more. Nothing was changed.`
      default:
        return t`Image ${number} could not be changed just now. Please try again.`
    }
  }

  /** The product's images as the member API answered, shown at once. */
  function show(result: OpsProductImages) {
    queryClient.setQueryData(productListQuery.queryKey, (list) =>
      list ? { items: list.items.map((p) => (p.id === result.productId ? { ...p, images: result.images } : p)) } : list,
    )
  }
  const setProblem = (id: string, problem: ImageProblem | null) =>
    setProblems((current) => {
      const { [id]: _dropped, ...rest } = current
      return problem ? { ...rest, [id]: problem } : rest
    })

  /** Runs one change of an image; a refusal is said beside the image, and a vanished image refreshes the list. */
  async function change(image: OpsProductImage, run: () => Promise<UpstreamResult<OpsProductImages>>): Promise<boolean> {
    setBusy(image.id)
    let problem: ImageProblem | null = null
    try {
      const result = await run()
      if (result.ok) show(result.data)
      else problem = problemOf(result.failure)
    } catch {
      problem = 'failed'
    }
    setBusy(null)
    setProblem(image.id, problem)
    if (problem === 'gone') await queryClient.invalidateQueries({ queryKey: productListQuery.queryKey })
    return problem === null
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])]
    // The same file may be chosen again later (after dismissing it, say).
    event.currentTarget.value = ''
    if (files.length === 0) return
    const taken = images.length + waiting.filter((w) => !w.problem || !FINAL_PROBLEMS.has(w.problem)).length
    const picked = pickImageFiles(files, taken).map(({ file, problem }) => ({ key: nextKey.current++, file, alt: '', preview: null, problem, sending: false }))
    setWaiting((current) => [...current, ...picked])
    // Previews as data: addresses, which the page's policy allows for images (blob: ones it does not).
    for (const item of picked) {
      // Browsers draw JPEG, PNG and WebP; a HEIC file is named only.
      if (item.problem || !PREVIEWABLE.has(item.file.type)) continue
      const reader = new FileReader()
      reader.onload = () => {
        if (typeof reader.result === 'string') update(item.key, { preview: reader.result })
      }
      reader.readAsDataURL(item.file)
    }
    const ready = picked.filter((p) => !p.problem).length
    if (ready > 0)
      liveRegion.announce(
        ready === 1 ? t`1 image chosen. Write its alt text, then upload it.` : t`${ready} images chosen. Write their alt text, then upload them.`,
      )
  }

  const dismiss = (key: number) => setWaiting((current) => current.filter((w) => w.key !== key))

  const update = (key: number, patch: Partial<Waiting>) => setWaiting((current) => current.map((w) => (w.key === key ? { ...w, ...patch } : w)))

  async function uploadAll() {
    const toSend = waiting.filter((w) => !w.problem || !FINAL_PROBLEMS.has(w.problem))
    // Every alt text first: nothing is sent while one is missing.
    const missing = toSend.filter((w) => !isGoodAlt(w.alt))
    if (missing.length > 0) {
      setWaiting((current) => current.map((w) => (missing.some((m) => m.key === w.key) ? { ...w, problem: 'alt' } : w)))
      return
    }
    let added = 0
    // One at a time, in the order chosen: the member API decodes each image, and their order is the product's.
    for (const item of toSend) {
      update(item.key, { sending: true, problem: null })
      const data = new FormData()
      data.set('productId', product.id)
      data.set('alt', item.alt.trim())
      data.set('image', item.file)
      let problem: ImageProblem | null = null
      try {
        const result = await uploadProductImageFn({ data })
        if (result.ok) show(result.data)
        else problem = problemOf(result.failure)
      } catch {
        problem = 'failed'
      }
      // A file refused for what it is loses its preview (the browser may not draw it either).
      if (problem) update(item.key, { sending: false, problem, ...(FINAL_PROBLEMS.has(problem) && { preview: null }) })
      else {
        added++
        dismiss(item.key)
      }
    }
    if (added > 0) liveRegion.announce(added === 1 ? t`Image added.` : t`${added} images added.`)
  }

  async function move(index: number, by: -1 | 1) {
    const image = images[index]
    const to = index + by
    if (!image || to < 0 || to >= images.length) return
    if (await change(image, () => moveProductImageFn({ data: { imageId: image.id, position: to } }))) {
      // The focus stays on the button pressed, now at the image's new place.
      focusAfter.current = { id: image.id, control: by === -1 ? 'earlier' : 'later' }
      liveRegion.announce(t`Image moved to place ${to + 1} of ${images.length}.`)
    }
  }

  async function saveAlt(image: OpsProductImage, alt: string) {
    if (!isGoodAlt(alt)) {
      setProblem(image.id, 'alt')
      return
    }
    if (await change(image, () => describeProductImageFn({ data: { imageId: image.id, alt } }))) {
      setAltDrafts(({ [image.id]: _saved, ...rest }) => rest)
      liveRegion.announce(t`Alt text saved.`)
    }
  }

  async function remove(index: number) {
    const image = images[index]
    if (!image) return
    const number = index + 1
    const next = images[index + 1] ?? images[index - 1]
    if (await change(image, () => removeProductImageFn({ data: { imageId: image.id } }))) {
      focusAfter.current = next ? { id: next.id, control: 'remove' } : 'choose'
      liveRegion.announce(t`Image ${number} removed.`)
    }
  }

  const sendable = waiting.filter((w) => !w.problem || !FINAL_PROBLEMS.has(w.problem))
  const sending = waiting.some((w) => w.sending)
  const full = images.length + sendable.length >= PRODUCT_IMAGES_MAX
  return (
    <section
      ref={section}
      aria-labelledby="product-images-heading"
      className="mt-6 flex flex-col gap-4 border-t border-line pt-4"
      data-testid="product-images-editor"
    >
      <h3 id="product-images-heading" className="text-lg font-semibold text-authentic">{t`Images`}</h3>
      <p id="product-images-hint" className="text-sm text-muted">
        {t`Up to ${PRODUCT_IMAGES_MAX} images: JPEG, PNG, WebP or HEIC, at most ${maxMb} MB each. The first one leads the product's pages. Each needs alt text: what it shows, read to people who cannot see it. Location and camera details are removed from every image.`}
      </p>

      {images.length === 0 ? (
        <p className="text-ink">{t`No image yet: a campaign testing this product cannot be published until it has one.`}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="product-image-list">
          {images.map((image, index) => {
            const number = index + 1
            const draft = altDrafts[image.id] ?? image.alt
            const problem = problems[image.id]
            return (
              <li key={image.id} className="flex flex-col gap-3 rounded-lg bg-canvas p-3 sm:flex-row" data-testid="product-image">
                <img
                  src={productImageFileSrc(image.id, 'thumb')}
                  alt={image.alt}
                  width={112}
                  height={112}
                  className="size-28 shrink-0 rounded-lg border border-line bg-white object-contain"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <TextField
                    label={t`Alt text of image ${number}`}
                    name={`image-alt-${number}`}
                    value={draft}
                    maxLength={PRODUCT_IMAGE_ALT_MAX}
                    onChange={(event) => {
                      const alt = event.target.value
                      setAltDrafts((current) => ({ ...current, [image.id]: alt }))
                    }}
                    error={problem ? imageSentence(number, problem) : undefined}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="small"
                      severity="secondary"
                      icon={<Save className="size-4" aria-hidden="true" />}
                      unavailable={draft === image.alt || busy !== null}
                      aria-label={t`Save alt text of image ${number}`}
                      onClick={() => void saveAlt(image, draft)}
                    >
                      {t`Save alt text`}
                    </Button>
                    <Button
                      data-image-control={`${image.id}:earlier`}
                      size="small"
                      severity="secondary"
                      icon={<ArrowUp className="size-4" aria-hidden="true" />}
                      unavailable={index === 0 || busy !== null}
                      aria-label={t`Move image ${number} earlier`}
                      onClick={() => void move(index, -1)}
                    >
                      {t`Earlier`}
                    </Button>
                    <Button
                      data-image-control={`${image.id}:later`}
                      size="small"
                      severity="secondary"
                      icon={<ArrowDown className="size-4" aria-hidden="true" />}
                      unavailable={index === images.length - 1 || busy !== null}
                      aria-label={t`Move image ${number} later`}
                      onClick={() => void move(index, 1)}
                    >
                      {t`Later`}
                    </Button>
                    <Button
                      data-image-control={`${image.id}:remove`}
                      size="small"
                      severity="danger"
                      variant="outlined"
                      icon={<Trash2 className="size-4" aria-hidden="true" />}
                      loading={busy === image.id}
                      unavailable={busy !== null && busy !== image.id}
                      aria-label={t`Remove image ${number}`}
                      onClick={() => void remove(index)}
                    >
                      {t`Remove`}
                    </Button>
                  </div>
                </div>
              </li>
            )
          })}
        </ol>
      )}

      {waiting.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t`Images to upload`} data-testid="product-image-waiting">
          {waiting.map((item) => {
            const name = item.file.name
            const final = item.problem !== null && FINAL_PROBLEMS.has(item.problem)
            return (
              <li key={item.key} className="flex flex-col gap-3 rounded-lg border border-line p-3 sm:flex-row" aria-busy={item.sending || undefined}>
                {/* The file's name is said beside it; the preview adds nothing for a screen reader. */}
                {item.preview ? (
                  <img src={item.preview} alt="" width={112} height={112} className="size-28 shrink-0 rounded-lg border border-line bg-white object-contain" />
                ) : null}
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="font-semibold break-all text-ink">{name}</p>
                  {final ? (
                    <p className="text-sm font-medium text-danger" data-testid="product-image-refusal">
                      {fileSentence(name, item.problem!)}
                    </p>
                  ) : (
                    <TextField
                      label={t`Alt text for “${name}”`}
                      value={item.alt}
                      maxLength={PRODUCT_IMAGE_ALT_MAX}
                      disabled={item.sending}
                      onChange={(event) => update(item.key, { alt: event.target.value })}
                      error={item.problem ? fileSentence(name, item.problem) : undefined}
                      description={t`What does it show? It is read to people who cannot see the image.`}
                    />
                  )}
                  <div>
                    <Button
                      size="small"
                      severity="secondary"
                      variant="outlined"
                      icon={<X className="size-4" aria-hidden="true" />}
                      unavailable={item.sending}
                      aria-label={final ? t`Dismiss “${name}”` : t`Do not upload “${name}”`}
                      onClick={() => dismiss(item.key)}
                    >
                      {final ? t`Dismiss` : t`Do not upload`}
                    </Button>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={chooseButton}
          severity="secondary"
          icon={<ImagePlus className="size-5" aria-hidden="true" />}
          unavailable={full || sending}
          aria-describedby="product-images-hint"
          onClick={() => picker.current?.click()}
        >
          {t`Choose images`}
        </Button>
        {sendable.length > 0 && (
          <Button icon={<Upload className="size-5" aria-hidden="true" />} loading={sending} onClick={() => void uploadAll()}>
            {sendable.length === 1 ? t`Upload 1 image` : t`Upload ${sendable.length} images`}
          </Button>
        )}
        {full && <p className="text-sm text-ink">{t`That is ${PRODUCT_IMAGES_MAX} images, the most a product can have.`}</p>}
      </div>
      <input ref={picker} type="file" accept={IMAGE_ACCEPT} multiple hidden onChange={choose} data-testid="product-image-input" />
    </section>
  )
}
