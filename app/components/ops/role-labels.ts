import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Role } from '#contract/staff'

export const roleLabel: Record<Role, MessageDescriptor> = {
  admin: msg`Admin`,
  'campaign-manager': msg`Campaign manager`,
  moderator: msg`Moderator`,
  fulfilment: msg`Fulfilment`,
  support: msg`Support`,
}
