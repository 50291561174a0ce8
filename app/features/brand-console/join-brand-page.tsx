import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { BrandInvitation } from '#contract/brands'
import type { ENDPOINTS } from '#contract/endpoints'
import { Button } from '~/components/ui/button'
import { SignOutButton } from '~/layouts/default-layout'
import { formatDate } from '~/lib/date-format'
import { useLocale } from '~/lib/locale'
import { forgetSecretAddress } from '~/lib/address-secrets'
import { isUpstreamError, refusalOf, unwrap } from '~/upstream/upstream-result'
import { acceptInvitationFn } from './brand-console.functions'
import { invitationQuery } from './invitation.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * An invitation link, opened signed in: which brand it is for, and joining it. Only the account
 * signing in with the invited address can join; anyone else is told which address it was sent to.
 * Without a token (the page opened on its own, or in another tab than the link), the person is
 * told to open the link from the e-mail again.
 */
export function JoinBrandPage({ token }: { token: string | undefined }) {
  const { t } = useLingui()
  if (token === undefined) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
        <h1 className="text-3xl font-bold text-authentic">{t`Open your invitation link again`}</h1>
        <p className="text-ink">
          {t`This page accepts the invitation whose link you open from your e-mail. For your safety the link is kept only in the browser tab where it was opened: open it again from the e-mail.`}
        </p>
      </div>
    )
  }
  return <InvitationOfToken token={token} />
}

function InvitationOfToken({ token }: { token: string }) {
  const { t } = useLingui()
  const invitation = useSuspenseQueryData(invitationQuery(token))
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      {invitation ? (
        <Invitation token={token} invitation={invitation} />
      ) : (
        <h1 className="text-3xl font-bold text-authentic">{t`This invitation link is not valid`}</h1>
      )}
      {!invitation && <p className="text-ink">{t`Check that the whole link was opened, or ask the person who invited you for a new one.`}</p>}
    </div>
  )
}

function Invitation({ token, invitation }: { token: string; invitation: BrandInvitation }) {
  const { t } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const brand = invitation.brand.name
  const email = invitation.email
  const accept = useMutation({
    mutationFn: async () => unwrap(await acceptInvitationFn({ data: { token } })),
    onSuccess: async () => {
      // The invitation is used up: this tab keeps it no longer.
      forgetSecretAddress()
      await queryClient.invalidateQueries({ queryKey: ['member', 'brand-self'] })
      await navigate({ to: '/$locale/brand', params: { locale } })
    },
  })
  // A refusal is said here, by its reason: a staff account, an unconfirmed address, or an invitation
  // this account can no longer accept (used, expired, withdrawn, or the account follows another brand).
  const refused = isUpstreamError(accept.error) && accept.error.failure.kind === 'rejected'
  const reason = refusalOf<typeof ENDPOINTS.acceptBrandInvitation>(accept.error)
  const refusal = !refused
    ? null
    : reason?.code === 'staff-account'
      ? t`Staff accounts see every brand's results in the console already: accept the invitation with an account that holds no staff role.`
      : reason?.code === 'email-unconfirmed'
        ? t`Confirm your e-mail address first, then accept the invitation.`
        : t`This invitation can no longer be accepted with this account: it was used, has expired or was withdrawn, or the account follows another brand. Ask for a new invitation.`
  if (invitation.state === 'accepted') {
    return (
      <>
        <h1 className="text-3xl font-bold text-authentic">{t`This invitation was accepted`}</h1>
        <p className="text-ink">{t`If it was you, your brand's campaigns are one click away.`}</p>
        <Button asChild>
          <Link to="/$locale/brand" params={{ locale }}>{t`Go to ${brand}'s campaigns`}</Link>
        </Button>
      </>
    )
  }
  if (invitation.state !== 'open') {
    return (
      <>
        <h1 className="text-3xl font-bold text-authentic">
          {invitation.state === 'expired' ? t`This invitation has expired` : t`This invitation was withdrawn`}
        </h1>
        <p className="text-ink">{t`Ask the person at Testers Circle who invited you to follow ${brand} for a new invitation.`}</p>
      </>
    )
  }
  const expires = formatDate(invitation.expiresAt)
  return (
    <>
      <h1 className="text-3xl font-bold text-authentic">{t`Follow ${brand} on Testers Circle`}</h1>
      <p className="text-ink">
        {t`You are invited to follow ${brand}'s product tests: how many testers applied, received and reviewed, their ratings, and the published reviews to download. Nothing about a tester that the public pages do not show.`}
      </p>
      {invitation.forYou && !invitation.emailVerified ? (
        <>
          <p className="text-ink">{t`Confirm your e-mail address first: open the link in the e-mail we sent when you signed up, then come back to this invitation.`}</p>
          <Button asChild>
            {/* Back to this page, whose tab keeps the token: no address carries it. */}
            <Link to="/$locale/member/verifications/EmailVerification" params={{ locale }} search={{ redirect: `/${locale}/join-brand` }}>
              {t`Confirm my e-mail address`}
            </Link>
          </Button>
        </>
      ) : invitation.forYou ? (
        <>
          <p className="text-ink">{t`The invitation can be accepted until ${expires}.`}</p>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {t`Accept and follow ${brand}`}
          </Button>
          {refusal && (
            <p role="alert" className="text-danger">
              {refusal}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="text-ink">{t`This invitation was sent to ${email}. Sign out, then sign in or create an account with that address and open the link again.`}</p>
          <SignOutButton inverted={false} align="start" />
        </>
      )}
    </>
  )
}

/**
 * An invitation link opened signed out: signing in, or signing up with the invited address, comes
 * back to this page, which this tab keeps the invitation for.
 */
export function JoinBrandSignIn({ hasToken }: { hasToken: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const back = `/${locale}/join-brand`
  if (!hasToken) return <JoinBrandPage token={undefined} />
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-3xl font-bold text-authentic">{t`Sign in to accept your invitation`}</h1>
      <p className="text-ink">
        {t`Sign in with the e-mail address the invitation was sent to, or create an account with it, and you come back here to accept it. Keep this browser tab open: the invitation is kept in it.`}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/$locale/user/login" params={{ locale }} search={{ redirect: back }}>
            {t`Sign in`}
          </Link>
        </Button>
        <Button asChild severity="secondary">
          <Link to="/$locale/user/register" params={{ locale }} search={{ redirect: back }}>
            {t`Create an account`}
          </Link>
        </Button>
      </div>
    </div>
  )
}
