// What each `:name` segment of the member API's paths may be: every entry of endpoints.ts declares a
// schema for each parameter of its path (`params`), and the member API checks them all before the
// handler runs (suite/http/endpoint.ts). Text a schema refuses cannot name anything: the answer is
// the 404 an unknown one gets, "<what the parameter names> not found", which the schema states
// (pathParamNames).
import * as v from 'valibot'
import { CampaignSlugText } from './campaign-authoring'
import { CategorySchema, Uuid } from './common'
import { DEMO_IMAGE_NAME, PRODUCT_IMAGE_SIZES } from './product-images'
import { PHOTO_SIZES } from './review-photos'

/** A path parameter's schema: the segment's text (decoded) in, the text the handler reads out. */
export type PathParamSchema = v.GenericSchema<string, string>

/** A parameter's schema, with what it names: the thing a 404 says is not found when the schema refuses the text. */
function naming<S extends PathParamSchema>(names: string, schema: S) {
  return v.pipe(schema, v.metadata({ names }))
}

/** What a path parameter names ('Campaign' → "Campaign not found"); undefined when its schema does not say. */
export function pathParamNames(schema: PathParamSchema): string | undefined {
  const { names } = v.getMetadata(schema)
  return typeof names === 'string' ? names : undefined
}

/** A parameter that names a thing by its id. */
const idOf = (names: string) => naming(names, Uuid)

export const CampaignIdParam = idOf('Campaign')
export const FlightIdParam = idOf('Flight')
export const ParticipationIdParam = idOf('Participation')
/** The campaign in a participation's path: the participation is named by both, so either one unknown is it not found. */
export const ParticipationCampaignIdParam = idOf('Participation')
export const ShipmentIdParam = idOf('Shipment')
export const MemberIdParam = idOf('Member')
export const ReviewIdParam = idOf('Review')
export const PhotoIdParam = idOf('Photo')
export const ProductIdParam = idOf('Product')
export const ProductImageIdParam = idOf('Image')
export const BrandIdParam = idOf('Brand')
export const InvitationIdParam = idOf('Invitation')
export const SecondFactorIdParam = idOf('Second factor')

/** A size a review photo is stored in. */
export const PhotoSizeParam = naming('Photo', v.picklist(PHOTO_SIZES))
/** A size a product image is stored in. */
export const ProductImageSizeParam = naming('Image', v.picklist(PRODUCT_IMAGE_SIZES))
/** A campaign's public page is addressed by its id or its slug. */
export const CampaignIdOrSlugParam = naming('Campaign', v.union([Uuid, CampaignSlugText]))
/** A category, by its slug. */
export const CategorySlugParam = naming('Category', CategorySchema)
/** A drawn image of the demo catalogue, by its file name. */
export const DemoImageNameParam = naming('Image', v.pipe(v.string(), v.regex(DEMO_IMAGE_NAME)))
/** A brand user, by their Firebase uid (at most 128 characters). */
export const BrandUserUidParam = naming('Brand user', v.pipe(v.string(), v.minLength(1), v.maxLength(128)))
