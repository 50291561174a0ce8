// The member's data export as a PDF document.
import PDFDocument from 'pdfkit'
import type { ProfileExport } from '../../contract/export'
import type { NotificationSettings } from '../../contract/members'
import { SIGHTING_RETENTION_DAYS } from '../../contract/sightings'

/** Renders the export as a PDF document (the layout of /en/member/download-data/profile-pdf). */
export function profilePdf(data: ProfileExport): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Your Testers Circle data', Author: 'Testers Circle' } })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)

    const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1d3557').text(text).moveDown(0.2)
    const line = (label: string, value: string | number | null | undefined) =>
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor('#222')
        .text(`${label}: `, { continued: true })
        .font('Helvetica')
        .text(value === null || value === undefined || value === '' ? '—' : String(value))
    const m = data.member

    doc.font('Helvetica-Bold').fontSize(20).fillColor('#1d3557').text('Your Testers Circle data')
    doc.font('Helvetica').fontSize(9).fillColor('#666').text(`Exported ${data.exportedAt}`)

    heading('Profile')
    line('Name', `${m.firstName} ${m.lastName}`.trim())
    line('Display name', m.displayName)
    line('E-mail', `${m.email ?? '—'}${m.emailVerified ? ' (verified)' : ''}`)
    line('Phone', `${m.phone ?? '—'}${m.phoneVerified ? ' (verified)' : ''}`)
    line('Birth date', m.birthDate)
    line('Gender', m.gender)
    line('Languages', m.languages.join(', '))
    line('Interests', m.preferences.interests.join(', '))
    line('Children', m.preferences.children)
    line('Pets', m.preferences.pets.join(', '))
    line('Payout', m.payout ? (m.payout.method === 'paypal' ? `PayPal ${m.payout.email}` : `IBAN ${m.payout.iban} (${m.payout.accountHolder})`) : null)
    line('Referral code', m.referralCode)
    line('Member since', m.createdAt.slice(0, 10))
    line('Points balance', m.pointsBalance)

    heading('Shipping address')
    const a = data.address
    if (a)
      doc
        .font('Helvetica')
        .fontSize(10)
        .text([a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`, a.region, a.country].filter(Boolean).join('\n'))
    else doc.font('Helvetica').fontSize(10).text('No address saved.')

    heading('Notification settings')
    for (const channel of ['email', 'sms'] as const) {
      const s: NotificationSettings['email'] = data.notifications[channel]
      const on = Object.entries(s)
        .filter(([, v]) => v)
        .map(([k]) => k)
      line(channel === 'email' ? 'E-mail' : 'SMS', on.length ? on.join(', ') : 'off')
    }

    heading('Social profiles')
    if (data.socialProfiles.length === 0) doc.font('Helvetica').fontSize(10).text('None.')
    for (const p of data.socialProfiles) line(p.platform, `${p.handle} (${p.followers} followers)`)

    heading('Product tests')
    if (data.participations.length === 0) doc.font('Helvetica').fontSize(10).text('None yet.')
    for (const p of data.participations) {
      line(
        p.campaign.productName,
        `${p.status}, applied ${p.appliedAt.slice(0, 10)}${p.shipment?.trackingNumber ? `, tracking ${p.shipment.carrier} ${p.shipment.trackingNumber}` : ''}`,
      )
    }

    heading('Reviews')
    if (data.reviews.length === 0) doc.font('Helvetica').fontSize(10).text('None yet.')
    for (const r of data.reviews) {
      doc.font('Helvetica-Bold').fontSize(10).text(`${r.rating}/5 ${r.title} (${r.status})`)
      doc.font('Helvetica').fontSize(9).fillColor('#333').text(r.body).fillColor('#222').moveDown(0.3)
    }

    heading('Points')
    for (const e of data.ledger) line(e.createdAt.slice(0, 10), `${e.kind === 'credit' ? '+' : '−'}${e.points} ${e.reason}`)
    if (data.redemptions.length) {
      heading('Rewards redeemed')
      for (const r of data.redemptions) line(r.createdAt.slice(0, 10), `${r.rewardId}: code ${r.code}`)
    }
    heading('Referrals')
    line('Friends referred', data.referrals.length)
    line('Accepted', data.referrals.filter((r) => r.status === 'accepted').length)
    if (data.sightings.length) {
      heading('Devices and network addresses seen')
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#333')
        .text(`Kept as a keyed hash only, to find duplicate accounts; deleted after ${SIGHTING_RETENTION_DAYS} days.`)
        .fillColor('#222')
      for (const s of data.sightings) {
        line(
          s.seenAt.slice(0, 10),
          `${s.kind === 'device' ? 'device' : 'network address'} when you ${s.event === 'sign-up' ? 'signed up' : 'applied for a test'}`,
        )
      }
    }
    doc.end()
  })
}
