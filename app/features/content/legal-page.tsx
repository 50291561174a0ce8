import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Building, Cookie, FileText, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { SIGHTING_RETENTION_DAYS } from '#contract/sightings'
import { formatDate } from '~/lib/date-format'
import { ContentCard, PageHeader, Prose } from './content-blocks'
import { useLocale } from '~/lib/locale'

/** The date these texts last changed; update it together with the texts. */
const LAST_UPDATED = '2026-11-27'

const mailLinkClass = 'font-semibold text-colbolt underline underline-offset-2 hover:text-authentic'

function LegalSection({ id, icon, title, children }: { id: string; icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <ContentCard id={id} labelledBy={`${id}-title`}>
      <h2 id={`${id}-title`} className="flex items-center gap-3 text-2xl font-bold text-authentic sm:text-3xl">
        <span className="text-toga">{icon}</span>
        {title}
      </h2>
      <div className="mt-6 space-y-8">{children}</div>
    </ContentCard>
  )
}

function Clause({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-lg font-bold text-authentic">{title}</h3>
      <Prose className="mt-2">{children}</Prose>
    </div>
  )
}

export function LegalPage() {
  const locale = useLocale()
  const { t } = useLingui()
  const lastUpdated = formatDate(LAST_UPDATED)
  const retentionDays = SIGHTING_RETENTION_DAYS

  const contents = [
    { id: 'terms', title: <Trans>Terms of use</Trans>, icon: <FileText className="size-5" aria-hidden="true" /> },
    { id: 'privacy', title: <Trans>Privacy</Trans>, icon: <ShieldCheck className="size-5" aria-hidden="true" /> },
    { id: 'cookies', title: <Trans>Cookies</Trans>, icon: <Cookie className="size-5" aria-hidden="true" /> },
    { id: 'imprint', title: <Trans>Imprint</Trans>, icon: <Building className="size-5" aria-hidden="true" /> },
  ] as const

  return (
    <div className="pb-16">
      <PageHeader
        narrow
        eyebrow={<Trans>Legal</Trans>}
        title={<Trans>Terms, privacy and imprint</Trans>}
        lead={
          <Trans>
            The rules of our community, how we handle your personal data, which cookies we use and who runs Testers Circle – written to be read, not skimmed
            past.
          </Trans>
        }
      >
        <p className="mt-4 text-sm text-ink">
          <Trans>
            Last updated: <time dateTime={LAST_UPDATED}>{lastUpdated}</time>
          </Trans>
        </p>
      </PageHeader>

      <div className="mx-auto max-w-4xl space-y-8 px-4">
        <nav aria-label={t`Contents`} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <h2 className="text-sm font-bold tracking-wide text-authentic uppercase">
            <Trans>Contents</Trans>
          </h2>
          <ol className="mt-3 grid gap-2 sm:grid-cols-4">
            {contents.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  className="flex items-center gap-2 rounded-lg border border-line px-3 py-2.5 font-semibold text-authentic hover:border-authentic hover:bg-authentic-soft"
                >
                  <span className="text-toga">{item.icon}</span>
                  {item.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <LegalSection id="terms" icon={<FileText className="size-7" aria-hidden="true" />} title={contents[0].title}>
          <Clause title={<Trans>1. Membership</Trans>}>
            <p>
              <Trans>
                These terms apply between you and Testers Circle GmbH (“we”, “us”) whenever you use Testers Circle. Membership is free of charge. By creating an
                account you accept these terms. If we change them, we will tell you by e-mail in good time before the changes take effect; if you do not agree,
                you can close your account at any time.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>2. Who can join</Trans>}>
            <p>
              <Trans>
                You must be at least 18 years old to become a member. Individual campaigns may set further conditions – for example the country you live in, a
                minimum age above 18, a verified phone number or a connected social media account. Each campaign states its conditions before you apply.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>3. One account per person</Trans>}>
            <p>
              <Trans>
                Each person may hold one account. Please give true and complete details, keep them up to date and keep your password to yourself. Accounts
                opened under a false name, or second accounts opened to gain extra places or points, will be closed.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>4. What we ask of testers</Trans>}>
            <ul>
              <li>
                <Trans>Only apply for campaigns you intend to take part in, and withdraw before your product ships if your plans change.</Trans>
              </li>
              <li>
                <Trans>Use the product yourself, as described by the manufacturer, and stop using it if it causes you any problem.</Trans>
              </li>
              <li>
                <Trans>Complete the tasks of the campaign – such as the questionnaire, the review and any social posts – by their due dates.</Trans>
              </li>
              <li>
                <Trans>Test products are provided for your own testing; please do not sell them on.</Trans>
              </li>
            </ul>
          </Clause>
          <Clause title={<Trans>5. Honest reviews and disclosure</Trans>}>
            <p>
              <Trans>
                Your review must describe your own experience with the product, in your own words. Nobody – not us and not the brand – may tell you what to
                write, and you are never rewarded for a positive opinion. Every published review states that you received the product for free.
              </Trans>
            </p>
            <p>
              <Trans>
                When a campaign includes social media posts, you must mark them clearly as a free product test, using the labels required by law and by the
                platform, such as a paid-partnership label or #ad.
              </Trans>
            </p>
            <p>
              <Trans>
                By submitting a review you allow us to publish it on Testers Circle under your display name and to share it with the brand whose product you
                tested. We moderate reviews against our community rules and never reject a review because it is critical.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>6. Products, ownership and returns</Trans>}>
            <p>
              <Trans>
                Unless a campaign says otherwise, a test product becomes yours when it is delivered. Where a campaign says that the product must be returned,
                you request the return from your shipments page, receive a prepaid return label and send the product back within the time the campaign states,
                in the condition normal testing leaves it in.
              </Trans>
            </p>
            <p>
              <Trans>
                In campaigns with a verified purchase, you buy the product yourself and we reimburse the purchase price stated in the campaign to the payout
                details you have saved, once you have completed the purchase task.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>7. Points and rewards</Trans>}>
            <p>
              <Trans>
                Points are a thank-you for taking part. They have no cash value, cannot be paid out or transferred to another person, and can only be redeemed
                for the rewards offered on Testers Circle. Discount codes are subject to the conditions shown with them. Points gained by breaking these terms
                may be removed. Unused points lapse when an account is closed.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>8. Ending your membership</Trans>}>
            <p>
              <Trans>
                You can delete your account at any time from your account settings. We may suspend or close an account that seriously or repeatedly breaks these
                terms – for example through false details, several accounts, copied or dishonest reviews, or products sold on. We will tell you the reason, and
                unless the breach is serious we will warn you first.
              </Trans>
            </p>
            <p>
              <Trans>When an account is closed, reviews that were already published remain online under the name “Former member”.</Trans>
            </p>
          </Clause>
          <Clause title={<Trans>9. Applicable law</Trans>}>
            <p>
              <Trans>
                These terms are governed by the law of the Federal Republic of Germany. If you live in another country of the European Union, you keep the
                protection of the mandatory consumer law of that country.
              </Trans>
            </p>
          </Clause>
        </LegalSection>

        <LegalSection id="privacy" icon={<ShieldCheck className="size-7" aria-hidden="true" />} title={contents[1].title}>
          <Clause title={<Trans>Who is responsible</Trans>}>
            <p>
              <Trans>
                Testers Circle GmbH, whose details you find in the imprint below, is responsible for processing your personal data. For any question about your
                data, write to{' '}
                <a href="mailto:privacy@testerscircle.example" className={mailLinkClass}>
                  privacy@testerscircle.example
                </a>
                .
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>What data we use and why</Trans>}>
            <ul>
              <li>
                <Trans>
                  <strong>Account data</strong> – name, display name, e-mail address and date of birth – to run your membership and check that you are at least
                  18. Your password is stored only in hashed form by our sign-in service.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Phone number</strong> – to verify it for campaigns that require it and, if you choose, to send you text messages.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Shipping address</strong> – to deliver test products to you and to handle returns.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Profile and preferences</strong> – languages, interests, household details and, if you give it, your gender – to check your
                  eligibility and show you campaigns that suit you.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Campaign data</strong> – applications, screener and questionnaire answers, tasks, reviews and photos – to run the campaigns you take
                  part in.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Social media profiles</strong> – handles, follower numbers, post links and reported impressions – for campaigns with social media
                  tasks.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Payout details</strong> – your PayPal e-mail address or IBAN – to reimburse verified purchases.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Points, missions, rewards and referrals</strong> – to credit your points and issue your discount codes.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Support conversations</strong> – chat messages and e-mails – to answer your questions.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Technical data</strong> – sign-in sessions, security logs, error reports from the website and a bot-protection check when you sign up
                  or sign in – to keep the service secure and working.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Checks for duplicate accounts</strong> – to find several accounts of one person, and testers of one household, so that places and
                  rewards go round fairly. When you sign up and when you apply for a test, we note the device you use (by our device cookie, see Cookies below)
                  and your network (IP) address; we keep them only as a code made with a secret key, never the device or address itself, for {retentionDays}{' '}
                  days. We also compare verified phone numbers, payout details, e-mail addresses and postal addresses between accounts. Only our staff see which
                  accounts match, never other members, and all of it is deleted with your account.
                </Trans>
              </li>
            </ul>
          </Clause>
          <Clause title={<Trans>Legal bases</Trans>}>
            <p>
              <Trans>We process your data on the following legal bases of the General Data Protection Regulation (GDPR):</Trans>
            </p>
            <ul>
              <li>
                <Trans>
                  <strong>Contract</strong> (Art. 6(1)(b) GDPR) – for your membership, campaigns, shipping, reimbursements, points and rewards.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Consent</strong> (Art. 6(1)(a) GDPR) – for analytics, optional profile details, text messages and newsletters, and for passing your
                  details to a brand. You can withdraw your consent at any time.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Legitimate interests</strong> (Art. 6(1)(f) GDPR) – for security, preventing fraud and duplicate accounts, and improving our service.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Legal obligation</strong> (Art. 6(1)(c) GDPR) – for accounting records of reimbursements and rewards that tax law requires us to keep.
                </Trans>
              </li>
            </ul>
          </Clause>
          <Clause title={<Trans>How long we keep data</Trans>}>
            <p>
              <Trans>
                We keep your data for as long as you are a member. When you delete your account, we replace your personal data with pseudonyms; remove your
                contact details, address, payout details, social media profiles and posts, your answers to application questions, your comments on returns and
                your reviews that were not published and the photos in all your reviews; delete your sign-in account and end all your sessions. You receive a
                deletion receipt on screen and by e-mail. Reviews that were already published stay online, without their photos, under the name “Former member”.
                Records we must keep by law, such as accounting records of reimbursements, are kept for the statutory period and then deleted. Support
                conversations are kept only as long as needed to deal with your request.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>Who we share data with</Trans>}>
            <ul>
              <li>
                <Trans>
                  <strong>Brands</strong> receive campaign results only in aggregate – for example how testers rated the product overall – together with the
                  published reviews. We pass on your personal details to a brand only with your explicit consent.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Carriers and fulfilment partners</strong> receive your name and shipping address to deliver your test products and to handle returns.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Service providers</strong> who host our platform, provide sign-in, send e-mails and text messages, run our support chat and make
                  payments work for us only on our instructions, under data processing agreements.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Bot protection</strong>: when you register, ask for a sign-in link, apply for a test or ask for a one-time code, Google reCAPTCHA
                  checks that the request comes from a person. Google’s Privacy Policy and Terms of Service apply to that check.
                </Trans>
              </li>
            </ul>
            <p>
              <Trans>We never sell your personal data.</Trans>
            </p>
          </Clause>
          <Clause title={<Trans>Your rights</Trans>}>
            <ul>
              <li>
                <Trans>
                  <strong>Access and download</strong> – see what we hold about you and download it as a file or PDF from the{' '}
                  <Link to="/$locale/member/download-data" params={{ locale }}>
                    download page
                  </Link>{' '}
                  of your account.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Correction</strong> – change your details in your profile at any time, or ask us to correct them.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Deletion</strong> – delete your account yourself on the{' '}
                  <Link to="/$locale/member/delete-account" params={{ locale }}>
                    account deletion page
                  </Link>
                  , or ask us to do it for you.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Restriction, objection and portability</strong> – ask us to limit how we use your data, object to processing based on legitimate
                  interests, or receive your data in a machine-readable format.
                </Trans>
              </li>
            </ul>
            <p>
              <Trans>
                To use any of these rights, write to{' '}
                <a href="mailto:privacy@testerscircle.example" className={mailLinkClass}>
                  privacy@testerscircle.example
                </a>
                . You also have the right to complain to a data protection supervisory authority, for example the Berlin Commissioner for Data Protection and
                Freedom of Information.
              </Trans>
            </p>
          </Clause>
        </LegalSection>

        <LegalSection id="cookies" icon={<Cookie className="size-7" aria-hidden="true" />} title={contents[2].title}>
          <Clause title={<Trans>Strictly necessary</Trans>}>
            <p>
              <Trans>These keep the site working and secure. They are always on and need no consent.</Trans>
            </p>
            <div className="overflow-hidden rounded-xl border border-line">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  <Trans>Strictly necessary cookies and storage</Trans>
                </caption>
                <thead className="bg-authentic-soft text-authentic">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-bold">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 font-bold">
                      <Trans>Purpose</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 font-bold">
                      <Trans>Lifetime</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  <tr>
                    <th scope="row" className="px-4 py-3 align-top font-semibold">
                      <Trans>Session cookie</Trans>
                    </th>
                    <td className="px-4 py-3 align-top">
                      <Trans>Keeps you signed in securely while you move between pages.</Trans>
                    </td>
                    <td className="px-4 py-3 align-top">
                      <Trans>Until you sign out or the session ends</Trans>
                    </td>
                  </tr>
                  <tr>
                    <th scope="row" className="px-4 py-3 align-top font-semibold">
                      <Trans>Device cookie</Trans>
                    </th>
                    <td className="px-4 py-3 align-top">
                      <Trans>
                        Recognises the device you sign up or apply for a test with, to find duplicate accounts. Set only then; only our server can read it.
                      </Trans>
                    </td>
                    <td className="px-4 py-3 align-top">
                      <Trans>400 days</Trans>
                    </td>
                  </tr>
                  <tr>
                    <th scope="row" className="px-4 py-3 align-top font-semibold">
                      <code className="break-all sm:break-normal sm:whitespace-nowrap">i18n_redirected</code>
                    </th>
                    <td className="px-4 py-3 align-top">
                      <Trans>Remembers the language version of the site you use.</Trans>
                    </td>
                    <td className="px-4 py-3 align-top">
                      <Trans>365 days</Trans>
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          </Clause>
          <Clause title={<Trans>Analytics, only with your consent</Trans>}>
            <p>
              <Trans>
                We would like to understand which pages are useful and where people get stuck. Analytics is switched on only if you agree to it. Your choice is
                stored in your browser’s local storage as your consent choice (under the name <code>selectedConcent</code>), and analytics storage follows it:
                no consent, no analytics. You can change your mind at any time with the “Cookie settings” button at the bottom of every page.
              </Trans>
            </p>
          </Clause>
          <Clause title={<Trans>No advertising cookies</Trans>}>
            <p>
              <Trans>We do not use advertising or personalisation cookies, and we do not let advertising networks track you on Testers Circle.</Trans>
            </p>
          </Clause>
        </LegalSection>

        <LegalSection id="imprint" icon={<Building className="size-7" aria-hidden="true" />} title={contents[3].title}>
          <div className="grid gap-6 sm:grid-cols-2">
            <div>
              <h3 className="text-lg font-bold text-authentic">
                <Trans>Operator of this website</Trans>
              </h3>
              <address className="mt-2 leading-relaxed text-ink not-italic">
                <Trans>Testers Circle GmbH</Trans>
                <br />
                <Trans>Musterstraße 1</Trans>
                <br />
                <Trans>10115 Berlin</Trans>
                <br />
                <Trans>Germany</Trans>
              </address>
            </div>
            <div>
              <h3 className="text-lg font-bold text-authentic">
                <Trans>Contact</Trans>
              </h3>
              <p className="mt-2 leading-relaxed text-ink">
                <Trans>
                  E-mail:{' '}
                  <a href="mailto:contact@testerscircle.example" className={mailLinkClass}>
                    contact@testerscircle.example
                  </a>
                </Trans>
              </p>
            </div>
          </div>
          <Prose>
            <p>
              <Trans>Testers Circle GmbH is represented by its managing director.</Trans>
            </p>
            <p>
              <Trans>The details of our entry in the commercial register and our VAT identification number are available on request.</Trans>
            </p>
          </Prose>
        </LegalSection>
      </div>
    </div>
  )
}
