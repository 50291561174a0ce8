import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { useLocale } from '~/lib/locale'

/** The next step of an empty list: the campaigns open for applications. */
export function FindATestButton() {
  const locale = useLocale()
  const { t } = useLingui()
  return (
    <Button asChild>
      <Link to="/$locale/ready-to-test" params={{ locale }}>
        {t`Find a test to apply for`}
      </Link>
    </Button>
  )
}
