import { useLingui } from '@lingui/react/macro'
import { Check, Circle } from 'lucide-react'
import { cn } from '~/lib/cn'
import { PASSWORD_RULES } from './account-schemas'

/** The password rules as a checklist that follows what the member types. */
export function PasswordRules({ password }: { password: string }) {
  const { i18n } = useLingui()
  return (
    <ul className="flex flex-col gap-1">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password)
        return (
          <li key={rule.id} className={cn('flex items-center gap-2', met ? 'text-verdin' : 'text-muted')}>
            {met ? <Check className="size-4" aria-hidden="true" /> : <Circle className="size-3" aria-hidden="true" />}
            <span>{i18n._(rule.label)}</span>
            <span className="sr-only">
              {met ? i18n._({ id: 'password.rule.met', message: '(met)' }) : i18n._({ id: 'password.rule.notMet', message: '(not met yet)' })}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
