import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { DELETION_KEPT, DELETION_REMOVED, type DeletionReceipt } from '#contract/members'
import { finishAccountDeletion } from '~/auth/account-actions'
import { viewerQuery } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { CheckboxField, FormAlert } from '~/components/ui/field'
import { isRecentSignInRefusal, useRecentSignIn } from '~/auth/use-recent-sign-in'
import { DEFAULT_LOCALE } from '~/i18n/i18n'
import { deleteAccountFn } from '~/features/member/deletion.functions'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { KEPT_LABEL, REMOVED_LABEL } from './deletion-receipt'

/**
 * /en/member/delete-account: what a deletion removes and what it keeps (and why), a confirmation
 * that names the consequence (a box to tick, then a dialog), then the deletion. The deletion needs a
 * recent sign-in: the guard asks for the password again when the member API wants it.
 *
 * Once the member API has deleted the account, `onDeleted` puts the receipt in this page's place and
 * the browser signs out; no member data is asked for again, since the member no longer exists.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: (receipt: DeletionReceipt) => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data: viewer } = useQuery(viewerQuery)
  const { guard, dialog } = useRecentSignIn()
  const [understood, setUnderstood] = useState(false)
  const [checkError, setCheckError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const checkboxId = useId()

  const remove = useMutation({
    // Finished inside the call, before the mutation cache's success hook: that hook refreshes the
    // member's balance, which for a deleted member the API refuses (and the catalogue would read
    // that refusal as an expired session). The receipt takes the page first, so nothing on it reads
    // member data; then the browser signs out and the member's cached data goes.
    mutationFn: async () => {
      const { receipt } = unwrap(await guard(() => deleteAccountFn({ data: { confirm: true } })))
      onDeleted(receipt)
      await finishAccountDeletion(queryClient)
      return receipt
    },
    onError: (error) => {
      // The catalogue has shown what went wrong; a cancelled confirmation is said here.
      if (isUpstreamError(error) && isRecentSignInRefusal(error.failure)) setNotice(t`Nothing was changed: your account is still there.`)
    },
  })

  function askToConfirm() {
    if (remove.isPending) return
    setNotice(undefined)
    if (!understood) {
      setCheckError(t`Tick the box to confirm that you understand the deletion cannot be undone.`)
      document.getElementById(checkboxId)?.focus()
      return
    }
    feedback.confirm({
      header: t`Delete your account for good?`,
      message: t`Your personal data is removed and you are signed out everywhere. This cannot be undone.`,
      acceptLabel: t`Delete my account`,
      rejectLabel: t`Keep my account`,
      closable: true,
      onAccept: () => remove.mutate(),
    })
  }

  const email = viewer?.signedIn ? viewer.email : null
  return (
    <div className="space-y-6">
      <section aria-labelledby="deleted-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm">
        <h2 id="deleted-heading" className="text-lg font-bold text-authentic">
          <Trans>What we delete</Trans>
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-ink">
          {DELETION_REMOVED.map((code) => (
            <li key={code}>{i18n._(REMOVED_LABEL[code])}</li>
          ))}
        </ul>
        <p className="mt-3 text-ink">
          <Trans>
            Applications that are still open are withdrawn, and unused points lapse. You can register again later with the same e-mail address, as a new member.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="kept-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm">
        <h2 id="kept-heading" className="text-lg font-bold text-authentic">
          <Trans>What we keep, and why</Trans>
        </h2>
        <ul className="mt-3 space-y-3 text-ink">
          {DELETION_KEPT.map((code) => (
            <li key={code}>
              <span className="font-semibold">{i18n._(KEPT_LABEL[code].what)}</span>
              <br />
              {i18n._(KEPT_LABEL[code].why)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="confirm-heading" className="rounded-2xl border-2 border-danger bg-white p-6 shadow-sm">
        <h2 id="confirm-heading" className="text-lg font-bold text-authentic">
          <Trans>Confirm the deletion</Trans>
        </h2>
        <p className="mt-2 text-ink">
          <Trans>
            Want a copy of your data first?{' '}
            <Link to="/$locale/member/download-data" params={{ locale: DEFAULT_LOCALE }} className="font-semibold text-colbolt underline">
              Download it
            </Link>{' '}
            before you delete your account.
          </Trans>
        </p>
        {email && <p className="mt-2 text-ink">{t`We will send the deletion receipt to ${email}.`}</p>}
        <CheckboxField
          id={checkboxId}
          className="mt-4"
          label={t`I understand that this deletes my account for good and cannot be undone.`}
          checked={understood}
          error={checkError}
          onChange={(event) => {
            setUnderstood(event.currentTarget.checked)
            setCheckError(undefined)
          }}
        />
        {notice && (
          <div className="mt-4">
            <FormAlert tone="info">{notice}</FormAlert>
          </div>
        )}
        <div className="mt-4">
          <Button severity="danger" loading={remove.isPending} onClick={askToConfirm}>
            {t`Delete my account`}
          </Button>
        </div>
      </section>
      {dialog}
    </div>
  )
}
