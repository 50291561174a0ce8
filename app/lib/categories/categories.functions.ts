// The product categories every page names: data an admin extends, so the portal reads them from
// the member API rather than from a list of its own.
import { createServerFn } from '@tanstack/react-start'
import { ENDPOINTS } from '#contract/endpoints'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET suite/api/public/categories (public): every category by name, with its published campaigns. */
export const listCategoriesFn = createServerFn({ method: 'GET' }).handler(() => callEndpoint(ENDPOINTS.publicCategories))
