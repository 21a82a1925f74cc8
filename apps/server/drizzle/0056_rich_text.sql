ALTER TABLE "material" ADD COLUMN "doc" jsonb;--> statement-breakpoint
-- Each plain text becomes the editor's document as richDocOf (packages/contract/src/rich-text.ts) makes
-- it: a paragraph per block between blank lines, the block's single line breaks kept as hard breaks.
UPDATE "material" AS m SET "doc" = jsonb_build_object('type', 'doc', 'content', coalesce((
  SELECT jsonb_agg(jsonb_build_object('type', 'paragraph', 'content', (
    SELECT coalesce(jsonb_agg(part.node ORDER BY line.n, part.k), '[]'::jsonb)
    FROM regexp_split_to_table(p.block, E'\n') WITH ORDINALITY AS line(text, n),
      LATERAL (VALUES
        (0, CASE WHEN line.n > 1 THEN '{"type":"hardBreak"}'::jsonb END),
        (1, CASE WHEN line.text <> '' THEN jsonb_build_object('type', 'text', 'text', line.text) END)
      ) AS part(k, node)
    WHERE part.node IS NOT NULL
  )) ORDER BY p.ord)
  FROM (
    SELECT regexp_replace(raw.block, E'^\n+|\\s+$', '', 'g') AS block, raw.ord
    FROM regexp_split_to_table(replace(m."text", E'\r\n', E'\n'), E'\n\\s*\n') WITH ORDINALITY AS raw(block, ord)
  ) AS p
  WHERE p.block <> ''
), '[]'::jsonb))
WHERE m."text" IS NOT NULL AND m."doc" IS NULL;
