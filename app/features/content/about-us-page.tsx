import { Trans } from '@lingui/react/macro'

export function AboutUsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-4xl font-bold text-authentic">
        <Trans>AboutUs</Trans>
      </h1>
    </div>
  )
}
