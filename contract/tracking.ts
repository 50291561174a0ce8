// Where a member follows a parcel: the tracking page of the carriers that ship to our countries,
// found from the carrier's name as fulfilment partners write it ("DHL", "dhl express", "Royal Mail").
// An unknown carrier has no link; the member still gets the carrier's name and the number.

/** A carrier's tracking page for one number. */
type TrackingPage = (number: string) => string

const CARRIERS: Array<{ names: RegExp; page: TrackingPage }> = [
  {
    names: /^dhl( (express|paket|parcel|ecommerce))?$/,
    page: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${n}`,
  },
  { names: /^(deutsche post)$/, page: (n) => `https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode=${n}` },
  { names: /^ups$/, page: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { names: /^fedex$/, page: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { names: /^(usps|us postal service|united states postal service)$/, page: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { names: /^(canada post|postes canada)$/, page: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}` },
  { names: /^royal mail$/, page: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { names: /^dpd$/, page: (n) => `https://tracking.dpd.de/status/en_US/parcel/${n}` },
  { names: /^gls$/, page: (n) => `https://gls-group.com/GROUP/en/parcel-tracking?match=${n}` },
  { names: /^(hermes|evri)$/, page: (n) => `https://www.evri.com/track/parcel/${n}` },
  { names: /^(la poste|colissimo)$/, page: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}` },
  { names: /^(an post)$/, page: (n) => `https://www.anpost.com/Post-Parcels/Track/History?item=${n}` },
  { names: /^(postnord)$/, page: (n) => `https://tracking.postnord.com/en/?id=${n}` },
  { names: /^(posten|posten bring|bring)$/, page: (n) => `https://tracking.bring.com/tracking/${n}` },
  { names: /^(poste italiane)$/, page: (n) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${n}` },
  { names: /^(correos)$/, page: (n) => `https://www.correos.es/es/en/tools/tracker/items/details?tracking-number=${n}` },
  { names: /^(ctt)$/, page: (n) => `https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=${n}` },
  { names: /^(österreichische post|austrian post)$/, page: (n) => `https://www.post.at/s/sendungsdetails?snr=${n}` },
  { names: /^(swiss post|la poste suisse)$/, page: (n) => `https://service.post.ch/ekp-web/ui/entry/search/${n}` },
  { names: /^(inpost)$/, page: (n) => `https://inpost.pl/sledzenie-przesylek?number=${n}` },
  { names: /^(poczta polska)$/, page: (n) => `https://emonitoring.poczta-polska.pl/?numer=${n}` },
]

/**
 * The carrier's tracking page for a parcel, or null when the carrier is not one we know. The
 * number is put in the address as it is: tracking numbers are letters, digits and hyphens only.
 */
export function trackingPageUrl(carrier: string, trackingNumber: string): string | null {
  if (!/^[A-Za-z0-9-]+$/.test(trackingNumber)) return null
  const name = carrier.trim().toLowerCase().replace(/\s+/g, ' ')
  const known = CARRIERS.find((c) => c.names.test(name))
  return known ? known.page(trackingNumber) : null
}
