// Bot protection (reCAPTCHA v3): the actions worth protecting, and how their token travels. The
// browser asks the provider for a token naming the action, the portal passes it to the member API
// in a header, and the member API has it verified (score and action) before the endpoint runs.
import * as v from 'valibot'

/** The protected actions, as the provider is told them (letters and underscores only). */
export const BOT_ACTIONS = ['register', 'signin_link', 'campaign_signup', 'otp_send'] as const
export type BotAction = (typeof BOT_ACTIONS)[number]

/** The request header that carries the token from the portal to the member API. */
export const BOT_TOKEN_HEADER = 'x-bot-token'

/**
 * The token local mode uses in place of the provider's: the portal sends it when no site key is
 * configured, and the member API's local adapter accepts it and nothing else.
 */
export const LOCAL_BOT_TOKEN = 'local-bot-check-token'

/**
 * A token as the browser hands it to a server function. Empty when the provider could not be
 * reached: it is then not sent, and the member API refuses the action as unconfirmed.
 */
export const BotTokenSchema = v.pipe(v.string(), v.maxLength(4096))

/** The answer of an endpoint whose only work is the bot check (the sign-in link request). */
export const BotCheckPassedSchema = v.strictObject({ passed: v.literal(true) })

/** A server function's input: the body the member API takes, and beside it the browser's token for the call. */
export function withBotToken<TEntries extends v.ObjectEntries>(body: v.StrictObjectSchema<TEntries, undefined>) {
  return v.strictObject({ ...body.entries, botToken: BotTokenSchema })
}
