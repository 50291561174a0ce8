import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getApplicantsFn, getOpsCampaignsFn, type ApplicantsInput } from './ops-applicants.functions'

/** Campaigns with their flights and places: under ['member', 'ops', 'applicants'], so a selection refreshes it with the table. */
export const opsCampaignsQuery = queryOptions({
  queryKey: ['member', 'ops', 'applicants', 'campaigns'],
  queryFn: async () => unwrap(await getOpsCampaignsFn()),
})

/** A page of one flight's applicants in one view. */
export const applicantsQuery = (input: ApplicantsInput) =>
  queryOptions({
    queryKey: ['member', 'ops', 'applicants', 'flight', input],
    queryFn: async () => unwrap(await getApplicantsFn({ data: input })),
  })
