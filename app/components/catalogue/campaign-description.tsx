import { descriptionBlocks } from '~/lib/description-blocks'

/** A campaign's description as paragraphs and lists of text: React escapes every character the author typed. */
export function CampaignDescription({ description }: { description: string }) {
  return (
    <div className="space-y-3 leading-relaxed text-ink">
      {descriptionBlocks(description).map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i}>{block.text}</p>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  )
}
