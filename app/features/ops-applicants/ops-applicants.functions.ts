// Applicants and selection: the member API checks the applicants:select capability on each call.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ENDPOINTS } from '#contract/endpoints'
import { APPLICANT_VIEWS, SelectionBodySchema } from '#contract/ops-applicants'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

export const ApplicantsInputSchema = v.strictObject({
  flightId: Uuid,
  view: v.picklist(APPLICANT_VIEWS),
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  /** Only applicants with links that count. */
  linked: v.optional(v.literal('yes')),
})
export type ApplicantsInput = v.InferOutput<typeof ApplicantsInputSchema>

/** Applicants on one page of the table. */
export const APPLICANTS_PAGE_SIZE = 25

/** GET ops/v1/campaigns: every campaign with its flights and how full each is. */
export const getOpsCampaignsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsCampaigns, { member: context.member }))

/** GET ops/v1/flights/:id/applicants: one page of a flight's applicants in one view (the waiting ones in serving order). */
export const getApplicantsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(ApplicantsInputSchema)
  .handler(({ context, data }) =>
    callEndpoint(ENDPOINTS.opsApplicants, {
      member: context.member,
      params: { id: data.flightId },
      query: { page: String(data.page), pageSize: String(APPLICANTS_PAGE_SIZE), view: data.view, ...(data.linked && { linked: data.linked }) },
    }),
  )

/**
 * POST ops/v1/flights/:id/selection: select the chosen applicants, all or none (409 past the quota,
 * and for linked applicants until `confirmLinked`); audited.
 */
export const selectApplicantsFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(
    v.strictObject({
      flightId: Uuid,
      participationIds: SelectionBodySchema.entries.participationIds,
      confirmLinked: SelectionBodySchema.entries.confirmLinked,
    }),
  )
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsSelect, {
      member: context.member,
      params: { id: data.flightId },
      body: { participationIds: data.participationIds, ...(data.confirmLinked && { confirmLinked: true }) },
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
