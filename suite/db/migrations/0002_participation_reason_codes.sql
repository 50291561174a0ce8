-- Not-eligible participations used to keep their reasons as English sentences; they now keep the
-- reason codes of the eligibility endpoint (contract/campaigns.ts IneligibleReason), which the portal
-- words in the member's language. Sentences written by earlier versions become their codes.
UPDATE "participations" AS p
SET "ineligible_reasons" = coalesce((
  SELECT jsonb_agg(m.reason ORDER BY e.n)
  FROM jsonb_array_elements_text(p."ineligible_reasons") WITH ORDINALITY AS e(sentence, n)
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN e.sentence LIKE 'Add your shipping address%' THEN jsonb_build_object('code', 'address')
      WHEN e.sentence LIKE 'This test ships only to%' THEN jsonb_build_object('code', 'country', 'countries', coalesce(c."eligibility" -> 'countries', '[]'::jsonb))
      WHEN e.sentence LIKE 'Add your birth date%' THEN jsonb_build_object('code', 'birth-date', 'minAge', substring(e.sentence FROM 'aged ([0-9]+)')::int)
      WHEN e.sentence LIKE 'This test is for members aged%' THEN jsonb_build_object('code', 'age', 'minAge', substring(e.sentence FROM 'aged ([0-9]+)')::int)
      WHEN e.sentence LIKE 'Verify your phone%' THEN jsonb_build_object('code', 'phone')
      WHEN e.sentence LIKE 'Connect a social%' THEN jsonb_build_object('code', 'social')
    END AS reason
  ) AS m
  WHERE m.reason IS NOT NULL
), '[]'::jsonb)
FROM "campaigns" AS c
WHERE c."id" = p."campaign_id"
  AND jsonb_typeof(p."ineligible_reasons") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(p."ineligible_reasons") AS r(value) WHERE jsonb_typeof(r.value) = 'string');
