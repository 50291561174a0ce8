import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { SocialPlatform } from '#contract/common'
import type { ImpressionField } from '../features/social/impressions-rules'

export const platformLabel: Record<SocialPlatform, MessageDescriptor> = {
  instagram: msg`Instagram`,
  tiktok: msg`TikTok`,
  youtube: msg`YouTube`,
  facebook: msg`Facebook`,
  x: msg`X`,
  pinterest: msg`Pinterest`,
  blog: msg`Blog`,
}

export const impressionLabel: Record<ImpressionField, MessageDescriptor> = {
  reach: msg`Reach`,
  likes: msg`Likes`,
  comments: msg`Comments`,
  shares: msg`Shares`,
}

export const impressionHint: Record<ImpressionField, MessageDescriptor> = {
  reach: msg`How many people saw the post (accounts reached).`,
  likes: msg`Likes or reactions.`,
  comments: msg`Comments and replies.`,
  shares: msg`Shares, reposts and saves.`,
}
