/** How often an open results page reads a campaign's figures again: they follow the campaign while it runs. */
export const RESULTS_REFRESH_MS = 30_000
