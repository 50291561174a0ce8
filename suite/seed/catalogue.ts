// The demo catalogue: original products, campaigns across phases and categories, and reviews.
import type { Currency } from '../../contract/authoring'
import { openTo, type CampaignKind, type Eligibility, type ScreenerQuestion, type SelectionMode, type Tasks } from '../../contract/campaigns'
import type { Category, Country } from '../../contract/common'
import type { PETS } from '../../contract/members'

type Pet = (typeof PETS)[number]

export type SeedPhase = 'upcoming' | 'open' | 'testing' | 'completed'

export interface SeedCampaign {
  slug: string
  title: string
  summary: string
  description: string
  kind: CampaignKind
  /** First come first served when left out. */
  selectionMode?: SelectionMode
  phase: SeedPhase
  quota: number
  eligibility: Eligibility
  screener: ScreenerQuestion[]
  tasks: Tasks
  product: { name: string; brand: string; description: string; category: Category; retailValueCents: number; currency: Currency; image: string }
  /** Community members selected in the flight (fills a full campaign) and waitlisted after them. */
  selected?: number
  waitlisted?: number
  reviews?: [rating: number, title: string, body: string][]
}

const EVERYWHERE: Eligibility['countries'] = ['US', 'CA', 'GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'LU', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI', 'PL']
const EUROPE: Eligibility['countries'] = ['GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'LU', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI', 'PL']
// The demo campaigns take one tester per household, as new campaigns do.
const open = (over: Partial<Eligibility> = {}): Eligibility => openTo(EVERYWHERE, { onePerHousehold: true, ...over })
const tasks = (over: Partial<Tasks> = {}): Tasks => ({
  questionnaire: true,
  purchaseIntent: false,
  review: true,
  social: false,
  socialPlatforms: [],
  ...over,
  impressions: over.impressions ?? over.social ?? false,
})

export const CAMPAIGNS: SeedCampaign[] = [
  {
    slug: 'kettle-kiln-cold-brew',
    title: 'Brew less, sip more: cold brew concentrate',
    summary: 'Test a smooth coffee concentrate that turns into iced coffee in ten seconds.',
    description:
      'Kettle & Kiln steep single-origin Colombian beans for 20 hours to make a concentrate you mix one to three with milk or water. We want to know how it tastes in your routine: straight over ice, with oat milk, or in a weekend espresso martini. Testers receive one 500 ml bottle (about 16 drinks) and a short questionnaire after two weeks.',
    kind: 'free-product',
    phase: 'open',
    quota: 60,
    eligibility: open(),
    screener: [
      {
        id: 'coffee-style',
        prompt: 'How do you usually take your coffee?',
        kind: 'single',
        options: ['Black', 'With milk', 'Iced', 'I rarely drink coffee'],
        required: true,
      },
      { id: 'cups', prompt: 'How many cups do you drink on a typical day?', kind: 'single', options: ['0–1', '2–3', '4 or more'], required: true },
    ],
    tasks: tasks({ social: true }),
    product: {
      name: 'Cold Brew Concentrate 500 ml',
      brand: 'Kettle & Kiln',
      description: 'Slow-steeped coffee concentrate from single-origin Colombian beans. Notes of cocoa and dried cherry; mix 1:3 with milk or water.',
      category: 'food-drink',
      retailValueCents: 1490,
      currency: 'EUR',
      image: 'cold-brew.svg',
    },
  },
  {
    slug: 'hushhour-pillow-mist',
    title: 'Sleep test: lavender and vetiver pillow mist',
    summary: 'Two weeks of evening mist: does it help you wind down?',
    description:
      'Hushhour blends lavender, vetiver and a touch of chamomile in a water-based mist for pillows and linen. For fourteen nights, spray it before bed and keep a one-line sleep note. The flight is full; new sign-ups join the waitlist and move up when someone withdraws.',
    kind: 'free-product',
    phase: 'open',
    quota: 6,
    eligibility: open({ countries: EUROPE }),
    screener: [
      { id: 'sleep', prompt: 'How would you rate your sleep lately?', kind: 'single', options: ['Great', 'Fine', 'Restless', 'Poor'], required: true },
    ],
    tasks: tasks(),
    product: {
      name: 'Pillow Mist, Lavender & Vetiver 100 ml',
      brand: 'Hushhour',
      description: 'A light linen and pillow spray with lavender, vetiver and chamomile essential oils. Alcohol-free, dries in under a minute.',
      category: 'home',
      retailValueCents: 2200,
      currency: 'EUR',
      image: 'pillow-mist.svg',
    },
    selected: 6,
    waitlisted: 2,
  },
  {
    slug: 'lumen-vitamin-c-serum',
    title: 'Verified purchase: 15% vitamin C glow serum',
    summary: 'Buy the serum, use it for four weeks, and get the full price back.',
    description:
      'This is a verified-purchase test: selected testers buy the Lumen Skin Vitamin C serum at their usual shop, confirm the purchase here, and are reimbursed in full once their review is published. The serum pairs 15% ascorbic acid with ferulic acid and vitamin E. Testers must be 18 or older.',
    kind: 'verified-purchase',
    phase: 'open',
    quota: 25,
    eligibility: open({ minAge: 18 }),
    screener: [
      { id: 'skin-type', prompt: 'What is your skin type?', kind: 'single', options: ['Dry', 'Oily', 'Combination', 'Sensitive', 'Normal'], required: true },
      {
        id: 'routine',
        prompt: 'Which products are part of your routine?',
        kind: 'multi',
        options: ['Cleanser', 'Toner', 'Serum', 'Moisturiser', 'Sunscreen'],
        required: false,
      },
    ],
    tasks: tasks({ purchaseIntent: true }),
    product: {
      name: 'Vitamin C Glow Serum 30 ml',
      brand: 'Lumen Skin',
      description: 'A brightening serum with 15% L-ascorbic acid, ferulic acid and vitamin E in an amber dropper bottle.',
      category: 'beauty',
      retailValueCents: 3400,
      currency: 'EUR',
      image: 'serum.svg',
    },
  },
  {
    slug: 'whisker-wag-lick-mat',
    title: 'Slow down at dinner: a lick mat for dogs and cats',
    summary: 'For households with a dog or a cat: a mat that turns a meal into a calm quarter of an hour.',
    description:
      "Whisker & Wag's silicone lick mat spreads wet food, yoghurt or paste into grooves that take a dog or a cat 15 to 20 minutes to clear, instead of one gulp. We want to know whether it calms meal times, vet visits and bath days, and how it survives the dishwasher. This test is for households with a dog or a cat: tell us about your pets in your preferences.",
    kind: 'free-product',
    phase: 'open',
    quota: 30,
    eligibility: open({ pets: ['dog', 'cat'] }),
    screener: [{ id: 'pet', prompt: 'Who will use the mat?', kind: 'single', options: ['My dog', 'My cat', 'Both'], required: true }],
    tasks: tasks(),
    product: {
      name: 'Calm Lick Mat 20 × 20 cm',
      brand: 'Whisker & Wag',
      description: 'A food-grade silicone lick mat with suction cups and three groove patterns for wet food, yoghurt or paste. Dishwasher safe.',
      category: 'pets',
      retailValueCents: 1290,
      currency: 'EUR',
      image: 'lick-mat.svg',
    },
  },
  {
    slug: 'northwild-trailmate-daypack',
    title: 'Trail test: the Trailmate 20 L daypack',
    summary: 'Take a light daypack on three hikes and tell us what rubs, rattles or rocks.',
    description:
      "Northwild's Trailmate weighs 640 g, has a ventilated back panel and a hip belt you can tuck away. Testers take it on at least three outings, then write a review and share one photo on social media.",
    kind: 'free-product',
    phase: 'testing',
    quota: 15,
    eligibility: open({ socialProfileRequired: true }),
    screener: [{ id: 'hikes', prompt: 'How often do you hike?', kind: 'single', options: ['Weekly', 'Monthly', 'A few times a year'], required: true }],
    tasks: tasks({ social: true }),
    product: {
      name: 'Trailmate 20 L Daypack',
      brand: 'Northwild',
      description: 'A 640 g daypack with a ventilated back panel, stowable hip belt, rain cover and a hydration sleeve.',
      category: 'outdoors',
      retailValueCents: 8900,
      currency: 'EUR',
      image: 'daypack.svg',
    },
  },
  {
    slug: 'evergreen-bamboo-toothbrush',
    title: 'Switch test: bamboo toothbrushes for the whole family',
    summary: 'Replace your plastic toothbrushes for a month.',
    description:
      'A four-pack of Evergreen Smile bamboo toothbrushes with plant-based bristles in soft and medium. Use them for a month and tell us how they compare with what you used before.',
    kind: 'free-product',
    phase: 'testing',
    quota: 30,
    eligibility: open(),
    screener: [],
    tasks: tasks({ questionnaire: false }),
    product: {
      name: 'Bamboo Toothbrush Family Pack (4)',
      brand: 'Evergreen Smile',
      description: 'Four bamboo toothbrushes with castor-oil-based bristles, two soft and two medium, in a compostable box.',
      category: 'personal-care',
      retailValueCents: 1200,
      currency: 'EUR',
      image: 'toothbrush.svg',
    },
  },
  {
    slug: 'little-meadow-oat-baby-wash',
    title: 'Gentle on little ones: oat baby wash',
    summary: 'A fragrance-free wash for babies with sensitive skin.',
    description: "Little Meadow's baby wash uses colloidal oat and is free of fragrance and sulphates. Parents tested it through bath time for three weeks.",
    kind: 'free-product',
    phase: 'completed',
    quota: 20,
    eligibility: open(),
    screener: [],
    tasks: tasks(),
    product: {
      name: 'Oat Baby Wash 250 ml',
      brand: 'Little Meadow',
      description: 'A tear-free, fragrance-free hair and body wash with colloidal oat for babies and toddlers.',
      category: 'baby',
      retailValueCents: 890,
      currency: 'EUR',
      image: 'baby-wash.svg',
    },
    reviews: [
      [
        5,
        'Finally no red patches',
        'My daughter has eczema on her arms and most washes make it worse. After three weeks with this one her skin looks calm and it rinses off easily.',
      ],
      [
        4,
        'Mild and tear-free as promised',
        'It really does not sting the eyes; my son splashes a lot and there were no tears. It lathers less than what we had, which took a few days to get used to.',
      ],
      [
        5,
        'A pump bottle that works one-handed',
        'Holding a wriggly baby with one hand and pumping soap with the other is the real test. This pump passes it. The wash itself is gentle and smells of nothing.',
      ],
      [
        4,
        'Good, a little runny',
        'Works well and the skin stays soft, but the liquid is thin and I used more than I expected. The bottle lasted about five weeks of daily baths.',
      ],
      [
        5,
        'Our new bath-time staple',
        "We tried it on both kids, four months and three years. No dryness, no irritation, and the little one's cradle cap improved too.",
      ],
      [
        3,
        'Fine, nothing special',
        'It cleans and it is gentle, but I did not notice a difference from the supermarket baby wash we used before. Nice that it is fragrance-free.',
      ],
      [
        5,
        'Gentle enough for a newborn',
        'Our midwife suggested fragrance-free products and this fits. Her skin was flaky in the first weeks and it has stayed soft since we started.',
      ],
      [4, 'Works for hair too', 'I use it as shampoo for my toddler and it rinses out without tangles. Would love a bigger refill size.'],
      [
        5,
        'Recommended it to our nursery',
        'Our nursery asked which wash we use because his skin looks so good. I gave them the name. Simple ingredients, no nonsense.',
      ],
      [
        4,
        'Calm skin, calm baby',
        'Bath time is part of our bedtime routine and this wash did not dry her skin even with a daily bath. Only wish the cap had a lock for travel.',
      ],
    ],
  },
  {
    slug: 'good-boy-salmon-bites',
    title: 'Treat trial: air-dried salmon bites for dogs',
    summary: 'Single-ingredient treats, judged by the toughest critics.',
    description:
      'Good Boy Kitchen air-dries Norwegian salmon into bite-sized treats with nothing added. Dog owners tested them as training rewards for a month.',
    kind: 'free-product',
    phase: 'completed',
    quota: 20,
    eligibility: open(),
    screener: [],
    tasks: tasks(),
    product: {
      name: 'Air-dried Salmon Bites 150 g',
      brand: 'Good Boy Kitchen',
      description: 'Single-ingredient salmon treats, air-dried in small batches. Grain-free and suitable for sensitive stomachs.',
      category: 'pets',
      retailValueCents: 1150,
      currency: 'EUR',
      image: 'salmon-bites.svg',
    },
    reviews: [
      [
        5,
        'Best recall treat we have found',
        'My beagle ignores most treats outdoors, but he comes running for these. They break into small pieces easily, which is perfect for training sessions.',
      ],
      [
        4,
        'Dog loves them, my hands smell of fish',
        'There is no way around it: these smell like salmon. My spaniel thinks they are the best thing ever, so I will live with the smell.',
      ],
      [
        5,
        'Gentle on a sensitive stomach',
        'Our rescue has a delicate stomach and reacts to chicken. No problems at all with these, and her coat looks shinier after a month.',
      ],
      [5, 'Worth every crumb', 'I cut them into tiny cubes for puppy class. A bag lasted the whole six-week course, and the trainer asked where I got them.'],
      [
        3,
        'Good treats, bag hard to reseal',
        'The treats themselves are great quality, but the zip on the bag stopped closing after a week, so I moved them to a jar.',
      ],
      [4, 'Picky eater approved', 'My senior terrier refuses most new food. He took these the first time I offered. Slightly pricey for everyday use.'],
      [5, 'Single ingredient, as it should be', "I like knowing exactly what my dog eats. One ingredient, no fillers, and he can't get enough of them."],
      [4, 'Great for long walks', "They don't crumble in a pocket and don't get greasy. My collie gets one at every stile on our Sunday walk."],
      [5, 'Our cat steals them too', 'Bought for the dog, but the cat now sits next to the dog at treat time. Both seem very happy with them.'],
      [
        4,
        'Nice size, strong smell',
        'The size is right for a medium dog and they are easy to break. Keep them in a sealed tin or the kitchen smells like a harbour.',
      ],
    ],
  },
  {
    slug: 'ember-oak-cast-iron-skillet',
    title: 'Kitchen test: a pre-seasoned 26 cm cast-iron skillet',
    summary: 'Sear, bake and fry for a month with one heavy pan.',
    description:
      "Ember & Oak's skillet comes pre-seasoned with flaxseed oil and has a helper handle. Testers cooked with it for a month and told us about searing, cleaning and weight.",
    kind: 'free-product',
    phase: 'completed',
    quota: 20,
    eligibility: open(),
    screener: [],
    tasks: tasks({ social: true }),
    product: {
      name: 'Cast-Iron Skillet 26 cm',
      brand: 'Ember & Oak',
      description: 'A pre-seasoned 26 cm cast-iron skillet with a pour spout on each side and a helper handle. Oven-safe, induction-ready.',
      category: 'kitchen',
      retailValueCents: 5900,
      currency: 'EUR',
      image: 'skillet.svg',
    },
    reviews: [
      [
        5,
        'Steak like a restaurant',
        'It holds heat brilliantly: the steak had a proper crust and the pan did not cool when the meat went in. The helper handle makes it manageable.',
      ],
      [4, 'Heavy but worth it', 'It weighs almost three kilos, so not for tossing vegetables. For searing and for cornbread in the oven it is excellent.'],
      [
        5,
        'Seasoning held up',
        'I was worried the factory seasoning would flake, but after a month of eggs and potatoes it is only getting better and more non-stick.',
      ],
      [
        4,
        'Great on induction',
        'Works on my induction hob without the buzzing my steel pans make. The heat spreads evenly once it is warmed up for a few minutes.',
      ],
      [
        3,
        'Good pan, learning curve',
        'You have to learn how to care for cast iron: dry it right away and oil it. I got a rusty spot in week one. My fault, but worth knowing.',
      ],
      [
        5,
        'Replaced three pans',
        'I now use this for almost everything: fried eggs, shakshuka, even a skillet pizza. The two pour spouts are a thoughtful detail.',
      ],
      [
        5,
        'Perfect for camping too',
        'Took it camping and cooked over the fire. It came back home black and happy. Not light to carry, but nothing else cooks like it.',
      ],
      [4, 'Even heat, long warm-up', 'Once hot it is wonderful, but it needs five minutes to heat up properly. Plan for that and you will love it.'],
      [5, 'A pan for life', 'Solid, well finished, smooth cooking surface. I expect to hand this down one day. The best kitchen test I have taken part in.'],
      [4, 'Cornbread heaven', 'Baked cornbread in it twice and the crust was perfect. Cleaning is quick with hot water and a brush, no soap needed.'],
    ],
  },
  {
    slug: 'soundgarden-pulse-mini',
    title: 'Pulse Mini speaker: sign-up opens next week',
    summary: 'A palm-sized speaker with 18 hours of battery. Sign-up opens next week.',
    description:
      'The Pulse Mini from Soundgarden Audio is waterproof (IP67), clips onto a bag and pairs with a second one for stereo. Sign-up opens soon; set a reminder in your notification settings.',
    kind: 'free-product',
    phase: 'upcoming',
    quota: 20,
    eligibility: open(),
    screener: [
      {
        id: 'listening',
        prompt: 'Where do you listen to music most?',
        kind: 'single',
        options: ['At home', 'Outdoors', 'In the car', 'At work'],
        required: true,
      },
    ],
    tasks: tasks({ social: true }),
    product: {
      name: 'Pulse Mini Bluetooth Speaker',
      brand: 'Soundgarden Audio',
      description: 'A palm-sized, IP67 waterproof Bluetooth 5.3 speaker with 18 hours of battery and stereo pairing.',
      category: 'tech',
      retailValueCents: 4900,
      currency: 'EUR',
      image: 'speaker.svg',
    },
  },
  {
    slug: 'fieldday-electrolyte-tabs',
    title: 'Sugar-free electrolyte tablets: sign-up opens soon',
    summary: 'For runners, cyclists and anyone who forgets to drink. Verified phone required.',
    description:
      "Fieldday's effervescent tablets add sodium, potassium and magnesium to a bottle of water, with no sugar. Testers will use them for two weeks of workouts. A verified phone number is required so we can text workout reminders.",
    kind: 'free-product',
    phase: 'upcoming',
    quota: 50,
    eligibility: open({ phoneVerifiedRequired: true }),
    screener: [],
    tasks: tasks(),
    product: {
      name: 'Electrolyte Tablets, Lemon (20)',
      brand: 'Fieldday',
      description: 'Sugar-free effervescent electrolyte tablets with sodium, potassium and magnesium. Lemon flavour, 20 per tube.',
      category: 'health',
      retailValueCents: 790,
      currency: 'EUR',
      image: 'electrolyte.svg',
    },
  },
]

/**
 * The community who took part in the seeded tests, as each registered: names, birth date, profile,
 * one saved address each (their own household, in the countries the campaigns serve) and, for two
 * in three, an Instagram profile. They have an account at the identity provider but no published
 * password: nobody signs in as them.
 */
export interface SeedCommunityMember {
  firstName: string
  lastName: string
  birthDate: string
  interests: Category[]
  pets: Pet[]
  children: number
  languages: string[]
  address: { line1: string; line2?: string; postalCode: string; city: string; region?: string; country: Country }
}

const member = (
  [firstName, lastName]: [string, string],
  birthDate: string,
  profile: { interests: Category[]; pets?: Pet[]; children?: number; languages?: string[] },
  address: SeedCommunityMember['address'],
): SeedCommunityMember => ({
  firstName,
  lastName,
  birthDate,
  interests: profile.interests,
  pets: profile.pets ?? [],
  children: profile.children ?? 0,
  languages: profile.languages ?? ['en'],
  address,
})

export const COMMUNITY: SeedCommunityMember[] = [
  member(
    ['Maya', 'Reyes'],
    '1988-03-12',
    { interests: ['kitchen', 'food-drink'], pets: ['dog'], children: 1, languages: ['en', 'es'] },
    { line1: '418 Alder Street', postalCode: '97205', city: 'Portland', region: 'OR', country: 'US' },
  ),
  member(
    ['Jonas', 'Berg'],
    '1979-11-02',
    { interests: ['outdoors', 'tech'], languages: ['sv', 'en'] },
    { line1: 'Söder Mälarstrand 21', postalCode: '118 25', city: 'Stockholm', country: 'SE' },
  ),
  member(['Priya', 'Nair'], '1993-06-25', { interests: ['beauty', 'health'] }, { line1: '14 Mill Lane', postalCode: 'LS6 2AB', city: 'Leeds', country: 'GB' }),
  member(
    ['Tom', 'Okafor'],
    '1985-01-30',
    { interests: ['tech', 'outdoors'], children: 2 },
    { line1: '9 Castle Road', postalCode: 'BS1 4QA', city: 'Bristol', country: 'GB' },
  ),
  member(
    ['Lena', 'Hofmann'],
    '1990-09-14',
    { interests: ['baby', 'personal-care'], children: 1, languages: ['de', 'en'] },
    { line1: 'Lindenstraße 12', postalCode: '20095', city: 'Hamburg', country: 'DE' },
  ),
  member(
    ['Chloé', 'Martin'],
    '1996-04-08',
    { interests: ['beauty', 'food-drink'], pets: ['cat'], languages: ['fr', 'en'] },
    { line1: '8 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'FR' },
  ),
  member(
    ['Sven', 'Lund'],
    '1975-12-19',
    { interests: ['outdoors', 'home'], pets: ['dog'], languages: ['da', 'en'] },
    { line1: 'Nørregade 7', postalCode: '8000', city: 'Aarhus', country: 'DK' },
  ),
  member(
    ['Aisha', 'Bello'],
    '1992-07-03',
    { interests: ['health', 'beauty'], children: 2 },
    { line1: '22 Harbour View', postalCode: 'T12 X70A', city: 'Cork', country: 'IE' },
  ),
  member(
    ['Marco', 'Rossi'],
    '1983-02-21',
    { interests: ['kitchen', 'food-drink'], languages: ['it', 'en'] },
    { line1: 'Via Garibaldi 18', postalCode: '10122', city: 'Torino', country: 'IT' },
  ),
  member(
    ['Emma', 'Walsh'],
    '1998-10-11',
    { interests: ['personal-care', 'home'], pets: ['cat'] },
    { line1: '5 Seaview Terrace', postalCode: 'H91 E2K3', city: 'Galway', country: 'IE' },
  ),
  member(
    ['Yuki', 'Tanaka'],
    '1987-05-27',
    { interests: ['tech', 'kitchen'], languages: ['en', 'ja'] },
    { line1: '77 Maple Avenue', postalCode: 'M4E 1Z8', city: 'Toronto', region: 'ON', country: 'CA' },
  ),
  member(
    ['Noah', 'Fischer'],
    '1991-08-16',
    { interests: ['outdoors', 'health'], pets: ['dog'], languages: ['de', 'en'] },
    { line1: 'Mariahilfer Straße 40', line2: 'Top 12', postalCode: '1070', city: 'Wien', country: 'AT' },
  ),
  member(
    ['Sofia', 'Costa'],
    '1994-01-05',
    { interests: ['baby', 'food-drink'], children: 1, languages: ['pt', 'en'] },
    { line1: 'Rua das Flores 33', postalCode: '4050-262', city: 'Porto', country: 'PT' },
  ),
  member(
    ['Liam', 'Murphy'],
    '1989-03-29',
    { interests: ['tech', 'home'], pets: ['dog', 'cat'] },
    { line1: '3 Elm Close', postalCode: 'M20 2RN', city: 'Manchester', country: 'GB' },
  ),
  member(
    ['Ines', 'García'],
    '1986-11-23',
    { interests: ['beauty', 'kitchen'], children: 2, languages: ['es', 'en'] },
    { line1: 'Calle Mayor 25', line2: '3º B', postalCode: '28013', city: 'Madrid', country: 'ES' },
  ),
  member(
    ['Oskar', 'Nowak'],
    '1981-06-09',
    { interests: ['outdoors', 'tech'], languages: ['pl', 'en'] },
    { line1: 'ul. Długa 8', postalCode: '80-827', city: 'Gdańsk', country: 'PL' },
  ),
  member(
    ['Hannah', 'Klein'],
    '1997-02-17',
    { interests: ['personal-care', 'health'], pets: ['small-animal'], languages: ['de', 'en'] },
    { line1: 'Bergstraße 3', postalCode: '80331', city: 'München', country: 'DE' },
  ),
  member(
    ['Ravi', 'Patel'],
    '1984-09-01',
    { interests: ['kitchen', 'tech'], children: 3 },
    { line1: '1520 Oak Ridge Drive', postalCode: '78704', city: 'Austin', region: 'TX', country: 'US' },
  ),
  member(
    ['Elena', 'Popescu'],
    '1990-12-04',
    { interests: ['home', 'beauty'], pets: ['cat'], languages: ['nl', 'en', 'ro'] },
    { line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' },
  ),
  member(
    ['Finn', 'Jensen'],
    '1995-07-22',
    { interests: ['outdoors', 'food-drink'], languages: ['no', 'en'] },
    { line1: 'Storgata 15', postalCode: '0184', city: 'Oslo', country: 'NO' },
  ),
  member(
    ['Zoe', 'Laurent'],
    '1993-04-30',
    { interests: ['baby', 'home'], children: 1, languages: ['fr', 'nl', 'en'] },
    { line1: 'Rue de la Loi 16', postalCode: '1000', city: 'Bruxelles', country: 'BE' },
  ),
  member(
    ['Mateo', 'Silva'],
    '1988-08-08',
    { interests: ['food-drink', 'outdoors'], pets: ['dog'], languages: ['es', 'ca', 'en'] },
    { line1: 'Carrer de Mallorca 120', postalCode: '08036', city: 'Barcelona', country: 'ES' },
  ),
  member(
    ['Grace', 'Kim'],
    '1999-05-15',
    { interests: ['beauty', 'tech'] },
    { line1: '210 Robson Street', postalCode: 'V6B 2B7', city: 'Vancouver', region: 'BC', country: 'CA' },
  ),
  member(
    ['Ali', 'Hassan'],
    '1982-10-26',
    { interests: ['health', 'kitchen'], children: 2, languages: ['nl', 'en', 'ar'] },
    { line1: 'Mariaplaats 4', postalCode: '3511 LH', city: 'Utrecht', country: 'NL' },
  ),
]

/** Friends who joined with the demo member's referral code (local mode's demo member only). */
export const DEMO_FRIENDS = {
  /** Joined months ago, took part in a completed test and reviewed it: the referral counted. */
  finished: member(
    ['Nadia', 'Quinn'],
    '1992-09-09',
    { interests: ['pets', 'home'], pets: ['dog'] },
    { line1: '40 Kingsland Road', postalCode: 'E2 8DA', city: 'London', country: 'GB' },
  ),
  /** Joined a few days ago and has not finished a test yet. */
  recent: member(
    ['Nora', 'Vidal'],
    '1996-03-03',
    { interests: ['beauty', 'outdoors'], languages: ['es', 'en'] },
    { line1: 'Carrer de Verdi 71', postalCode: '08012', city: 'Barcelona', country: 'ES' },
  ),
}

export const DEMO_MEMBER = {
  email: 'demo@testerscircle.example',
  password: 'demo-tester-2026',
  firstName: 'Sam',
  lastName: 'Rivera',
  displayName: 'Sam R.',
  birthDate: '1991-04-18',
  address: { name: 'Sam Rivera', line1: '221 Baker Street', line2: 'Flat 2', postalCode: 'NW1 6XE', city: 'London', region: null, country: 'GB' },
} as const

/** Local mode's staff account: every console role, and no member record of its own. */
export const DEMO_STAFF = {
  email: 'staff@testerscircle.example',
  password: 'demo-staff-2026',
  displayName: 'Robin Okafor',
  /**
   * The setup key of its authenticator app (TOTP): published, so local mode's console opens straight
   * after `npm start` (add it to an app, or `npm run suite:ops -- second-factor-code <e-mail>`).
   */
  authenticatorKey: 'DEMOSTAFFTESTERSCIRCLELOCALONLYA',
} as const

/** A user of one demo brand, as an accepted invitation makes one: the brand's pages at /en/brand. */
export const DEMO_BRAND_VIEWER = {
  email: 'brand@testerscircle.example',
  password: 'demo-brand-2026',
  displayName: 'Noor Haddad',
  brand: 'Little Meadow',
  /** Its authenticator's setup key, as the demo staff account's. */
  authenticatorKey: 'DEMOBRANDTESTERSCIRCLELOCALONLYB',
} as const
