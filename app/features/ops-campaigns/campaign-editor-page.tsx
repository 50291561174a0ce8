import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { CampaignInput, OpsCampaignDetail } from '#contract/campaign-authoring'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { useLocale } from '~/lib/locale'
import { unwrap } from '~/upstream/upstream-result'
import { isStaleEdit, missingForPublishing, stillMissing, type PublishRequirement } from './campaign-edits'
import { CampaignForm, type SelectionModeNoteSlot } from './campaign-form'
import { requirementLabel, statusLabel } from './campaign-labels'
import { useInstantText } from '~/components/ops/instant-text'
import { FlightsSection } from './flights-section'
import { setCampaignStatusFn, updateCampaignFn } from './ops-campaigns.functions'
import { campaignForEditQuery, campaignListQuery, productChoicesQuery } from './ops-campaigns.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * Campaign managers: one campaign's editor. Every change names the version the editor opened (or
 * last saved); when someone else saves in between, the change is refused and the page says who and
 * when, keeping what was typed until the editor is reloaded. Publishing refused says what is missing.
 */
export function CampaignEditorPage({ campaignId, selectionModeNote }: { campaignId: string; selectionModeNote: SelectionModeNoteSlot }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const detailQuery = campaignForEditQuery(campaignId)
  const campaign = useSuspenseQueryData(detailQuery)
  const products = useSuspenseQueryData(productChoicesQuery)
  const instant = useInstantText()
  const heading = useRef<HTMLHeadingElement>(null)
  // The version the form's values were made on, and the form's generation (a reload draws it anew).
  const [opened, setOpened] = useState({ version: campaign.updatedAt, generation: 0 })
  const [refusedFor, setRefusedFor] = useState<PublishRequirement[]>([])
  const missing = stillMissing(refusedFor, campaign, products.find((product) => product.id === campaign.productId)?.hasImage === true)
  const stale = campaign.updatedAt !== opened.version

  const saved = (detail: OpsCampaignDetail) => {
    queryClient.setQueryData(detailQuery.queryKey, detail)
    setOpened((current) => ({ ...current, version: detail.updatedAt }))
    void queryClient.invalidateQueries({ queryKey: campaignListQuery.queryKey, exact: true })
  }
  // A change refused for one made meanwhile: reading the campaign again shows it, and who made it.
  const refused = (error: unknown) => {
    if (isStaleEdit(error)) void queryClient.invalidateQueries({ queryKey: detailQuery.queryKey, exact: true })
  }
  const update = useMutation({
    mutationFn: async (input: CampaignInput) =>
      unwrap(await updateCampaignFn({ data: { campaignId, edit: { campaign: input, editedVersion: opened.version } } })),
    onSuccess: saved,
    onError: refused,
  })
  const changeStatus = useMutation({
    mutationFn: async (status: 'published' | 'archived') => unwrap(await setCampaignStatusFn({ data: { campaignId, change: { status } } })),
    onSuccess: () => setRefusedFor([]),
    onError: (error) => setRefusedFor(missingForPublishing(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignListQuery.queryKey }),
  })

  const title = campaign.title
  const act = (status: 'published' | 'archived') =>
    feedback.confirm({
      header: status === 'published' ? t`Publish this campaign?` : t`Archive this campaign?`,
      message:
        status === 'published'
          ? t`${title} appears on the public pages as it was last saved, and members can sign up while a flight is open.`
          : t`${title} leaves the public lists and takes no more sign-ups. Its records are kept.`,
      acceptLabel: status === 'published' ? t`Publish` : t`Archive`,
      rejectLabel: t`Cancel`,
      closable: true,
      onAccept: async () => {
        const done = await changeStatus.mutateAsync(status).then(
          () => true,
          () => false,
        )
        if (done) feedback.toast({ severity: 'success', summary: status === 'published' ? t`Campaign published` : t`Campaign archived`, detail: title })
      },
    })

  const reload = () => {
    setOpened((current) => ({ version: campaign.updatedAt, generation: current.generation + 1 }))
    requestAnimationFrame(() => heading.current?.focus())
  }
  const savedBy = campaign.updatedBy
  const savedAt = instant(campaign.updatedAt)

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to="/$locale/ops/campaigns" params={{ locale }} className="w-fit text-colbolt underline">
          {t`All campaigns`}
        </Link>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-authentic">
          {title}
        </h1>
        <p className="text-ink">
          <span className="font-semibold">{i18n._(statusLabel[campaign.status])}</span>
          {' · '}
          {savedBy ? t`Last saved by ${savedBy}, ${savedAt}` : t`Last saved ${savedAt}`}
        </p>
        {campaign.status === 'published' && (
          <p className="text-ink">
            {t`Members see this campaign. What applicants were promised stays: its address, kind, selection mode and product, and the dates that have passed.`}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button asChild severity="secondary">
            <Link to="/$locale/ops/campaigns/$campaignId/preview" params={{ locale, campaignId }}>
              {t`Preview as a member`}
            </Link>
          </Button>
          <Button asChild severity="secondary">
            <Link to="/$locale/ops/campaigns/$campaignId/results" params={{ locale, campaignId }}>
              {t`Results`}
            </Link>
          </Button>
          {campaign.status === 'published' ? (
            <Button severity="secondary" onClick={() => act('archived')}>
              {t`Archive`}
            </Button>
          ) : (
            <Button onClick={() => act('published')}>{t`Publish`}</Button>
          )}
        </div>
        {missing.length > 0 && (
          <FormAlert>
            <p className="font-semibold">{t`The campaign cannot be published yet. It still needs:`}</p>
            <ul className="mt-1 list-disc pl-5">
              {missing.map((requirement) => (
                <li key={requirement}>{i18n._(requirementLabel[requirement])}</li>
              ))}
            </ul>
          </FormAlert>
        )}
      </div>

      {stale && (
        <FormAlert>
          <p>
            {savedBy
              ? t`${savedBy} saved this campaign at ${savedAt}, after you opened it: your last change was not saved.`
              : t`Someone else saved this campaign at ${savedAt}, after you opened it: your last change was not saved.`}{' '}
            {t`Reload the campaign to see their change, then make yours again. Reloading replaces what you typed here.`}
          </p>
          <Button className="mt-3" severity="secondary" onClick={reload}>
            {t`Reload the campaign`}
          </Button>
        </FormAlert>
      )}

      <CampaignForm
        key={opened.generation}
        campaign={campaign}
        products={products}
        submitLabel={t`Save the campaign`}
        selectionModeNote={selectionModeNote}
        onSave={async (input) => {
          const detail = await update.mutateAsync(input)
          feedback.toast({ severity: 'success', summary: t`Campaign saved`, detail: detail.title })
          return detail
        }}
      />

      <FlightsSection campaign={campaign} version={opened.version} onSaved={saved} onRefused={refused} />
    </div>
  )
}
