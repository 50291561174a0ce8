// Impressions as the member types them: whole numbers from 0, the member API's limits.
export const IMPRESSION_FIELDS = ['reach', 'likes', 'comments', 'shares'] as const
export type ImpressionField = (typeof IMPRESSION_FIELDS)[number]
export const MAX_COUNT = 1_000_000_000

export type ImpressionsCheck = { ok: true; data: Record<ImpressionField, number> } | { ok: false; fields: ImpressionField[] }

/** Reads "1,200" or "1 200" as 1200; anything else that is not a whole number from 0 is a problem. */
export function parseCount(raw: unknown): number | null {
  if (typeof raw !== 'string') return null
  const cleaned = raw.trim().replace(/[\s,]/g, '')
  if (!/^\d{1,10}$/.test(cleaned)) return null
  const value = Number(cleaned)
  return value <= MAX_COUNT ? value : null
}

export function checkImpressions(values: Record<string, unknown>): ImpressionsCheck {
  const data = {} as Record<ImpressionField, number>
  const fields: ImpressionField[] = []
  for (const field of IMPRESSION_FIELDS) {
    const value = parseCount(values[field])
    if (value === null) fields.push(field)
    else data[field] = value
  }
  return fields.length > 0 ? { ok: false, fields } : { ok: true, data }
}
