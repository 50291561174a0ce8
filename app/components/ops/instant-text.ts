import { useLingui } from '@lingui/react/macro'
import { useBrowserTimeZone } from '~/components/ui/date-picker'

/** An instant as the console shows it: date and time in the browser's time zone, the zone named. */
export function useInstantText(): (iso: string) => string {
  const { i18n } = useLingui()
  const timeZone = useBrowserTimeZone()
  // dateStyle and timeStyle do not mix with timeZoneName: the parts are named one by one.
  const format = new Intl.DateTimeFormat(i18n.locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  })
  return (iso) => format.format(new Date(iso))
}
