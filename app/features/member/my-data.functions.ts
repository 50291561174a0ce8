import { createServerFn } from '@tanstack/react-start'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** GET downloadPDF/api/download-profile: everything the member API holds about the member, as a PDF file (base64, for the browser to save). */
export const getMyDataPdfFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.downloadProfilePdf, { member: context.member }))
