import { createFileRoute } from '@tanstack/react-router'

/** A small server-rendered page: a heading, a paragraph and a short list. */
export const Route = createFileRoute('/')({
  component: AnchorPage,
})

const STEPS = ['Apply for a product', 'Test it at home', 'Share an honest review', 'Collect points']

function AnchorPage() {
  return (
    <main>
      <h1>Test products, share honest reviews</h1>
      <p>A bare TanStack Start page: the floor the portal's pages are measured against.</p>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </main>
  )
}
