// Product pictures of the demo catalogue, drawn as SVG (400×300), served under
// suite/api/public/images/:name.
import sharp from 'sharp'
import { PUBLIC_IMAGE_PATH, fillPath } from '../../contract/paths'

const frame = (background: string, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${label}">` +
  `<rect width="400" height="300" fill="${background}"/>` +
  `<ellipse cx="200" cy="262" rx="120" ry="12" fill="#000" opacity="0.08"/>` +
  body +
  `</svg>`

const IMAGES: Record<string, string> = {
  'cold-brew.svg': frame(
    '#f3e9dc',
    `<rect x="150" y="70" width="100" height="190" rx="18" fill="#3b2418"/>
     <rect x="165" y="40" width="70" height="36" rx="6" fill="#c8a27a"/>
     <rect x="160" y="120" width="80" height="80" rx="8" fill="#f7f1e8"/>
     <text x="200" y="155" font-family="Georgia,serif" font-size="16" text-anchor="middle" fill="#3b2418">COLD</text>
     <text x="200" y="178" font-family="Georgia,serif" font-size="16" text-anchor="middle" fill="#3b2418">BREW</text>
     <circle cx="300" cy="220" r="26" fill="#6f4e37"/><circle cx="300" cy="220" r="18" fill="#8b5e3c"/>`,
    'A dark glass bottle of cold brew concentrate',
  ),
  'pillow-mist.svg': frame(
    '#e6e9f7',
    `<rect x="90" y="150" width="220" height="100" rx="40" fill="#ffffff" stroke="#c9cbe8" stroke-width="4"/>
     <rect x="230" y="60" width="46" height="120" rx="12" fill="#8d8fd6"/>
     <rect x="240" y="40" width="26" height="24" rx="4" fill="#5b5ea6"/>
     <path d="M214 52 q-14 -6 -24 4 M210 66 q-18 0 -28 12" stroke="#8d8fd6" stroke-width="4" fill="none" stroke-linecap="round"/>
     <path d="M120 90 a22 22 0 1 0 30 -26 a28 28 0 1 1 -30 26z" fill="#f5d76e"/>`,
    'A spray bottle of pillow mist beside a pillow and a crescent moon',
  ),
  'daypack.svg': frame(
    '#e3efe3',
    `<rect x="130" y="60" width="140" height="190" rx="40" fill="#2f6b4f"/>
     <rect x="150" y="150" width="100" height="70" rx="16" fill="#3f8a66"/>
     <path d="M160 66 q40 -50 80 0" stroke="#1f4a36" stroke-width="10" fill="none"/>
     <rect x="195" y="150" width="10" height="70" fill="#f0b429"/>
     <circle cx="200" cy="110" r="8" fill="#f0b429"/>`,
    'A green hiking daypack',
  ),
  'baby-wash.svg': frame(
    '#fdf3e7',
    `<rect x="155" y="90" width="90" height="170" rx="30" fill="#fffaf2" stroke="#e8cfa8" stroke-width="4"/>
     <rect x="185" y="50" width="30" height="44" rx="6" fill="#e8cfa8"/>
     <path d="M200 140 c-20 10 -20 40 0 60 c20 -20 20 -50 0 -60z" fill="#b5c99a"/>
     <path d="M200 150 v45" stroke="#7f9a5c" stroke-width="3"/>
     <circle cx="110" cy="120" r="14" fill="#cde7f7"/><circle cx="290" cy="100" r="10" fill="#cde7f7"/><circle cx="300" cy="150" r="6" fill="#cde7f7"/>`,
    'A pump bottle of oat baby wash with soap bubbles',
  ),
  'salmon-bites.svg': frame(
    '#fbe9e4',
    `<path d="M130 80 h140 l-10 175 h-120z" fill="#e07a5f"/>
     <rect x="130" y="70" width="140" height="20" rx="4" fill="#b85c44"/>
     <ellipse cx="200" cy="160" rx="40" ry="22" fill="#f6c1b0"/>
     <path d="M240 160 l22 -16 v32z" fill="#f6c1b0"/>
     <circle cx="180" cy="155" r="4" fill="#3d405b"/>
     <circle cx="165" cy="215" r="8" fill="#f4a261"/><circle cx="235" cy="222" r="9" fill="#f4a261"/>`,
    'A bag of salmon treats for dogs with a fish on the label',
  ),
  'lick-mat.svg': frame(
    '#fdf1e3',
    `<rect x="95" y="75" width="210" height="180" rx="26" fill="#e76f51"/>
     <rect x="115" y="95" width="170" height="140" rx="16" fill="#f4a261"/>
     <path d="M125 120 q15 -12 30 0 t30 0 t30 0 t30 0 t30 0 M125 150 q15 -12 30 0 t30 0 t30 0 t30 0 t30 0" stroke="#e76f51" stroke-width="6" fill="none" stroke-linecap="round"/>
     <circle cx="200" cy="200" r="16" fill="#fdf1e3"/>
     <circle cx="178" cy="176" r="7" fill="#fdf1e3"/><circle cx="194" cy="168" r="7" fill="#fdf1e3"/><circle cx="210" cy="168" r="7" fill="#fdf1e3"/><circle cx="224" cy="178" r="7" fill="#fdf1e3"/>`,
    'An orange silicone lick mat with wavy grooves and a paw print',
  ),
  'speaker.svg': frame(
    '#e8eef3',
    `<rect x="120" y="95" width="160" height="150" rx="36" fill="#1d3557"/>
     <circle cx="200" cy="170" r="48" fill="#457b9d"/><circle cx="200" cy="170" r="30" fill="#1d3557"/><circle cx="200" cy="170" r="10" fill="#a8dadc"/>
     <rect x="160" y="105" width="80" height="8" rx="4" fill="#a8dadc"/>
     <path d="M300 140 q18 30 0 60 M318 124 q30 46 0 92" stroke="#457b9d" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    'A small round Bluetooth speaker',
  ),
  'serum.svg': frame(
    '#fff4e0',
    `<rect x="165" y="110" width="70" height="140" rx="14" fill="#f4a300" opacity="0.85"/>
     <rect x="175" y="80" width="50" height="34" rx="6" fill="#ffffff" stroke="#e0c28a" stroke-width="3"/>
     <ellipse cx="200" cy="62" rx="18" ry="22" fill="#3d3d3d"/>
     <rect x="178" y="160" width="44" height="50" rx="4" fill="#fff8ec"/>
     <text x="200" y="192" font-family="Helvetica,Arial,sans-serif" font-size="18" font-weight="bold" text-anchor="middle" fill="#f4a300">C</text>
     <circle cx="300" cy="110" r="28" fill="#ffb703"/><path d="M300 82 v56 M272 110 h56 M281 91 l38 38 M319 91 l-38 38" stroke="#fb8500" stroke-width="2"/>`,
    'An amber dropper bottle of vitamin C serum and an orange slice',
  ),
  'skillet.svg': frame(
    '#ececec',
    `<circle cx="175" cy="165" r="85" fill="#2b2b2b"/><circle cx="175" cy="165" r="68" fill="#3a3a3a"/>
     <rect x="255" y="152" width="110" height="26" rx="13" fill="#2b2b2b"/>
     <circle cx="350" cy="165" r="6" fill="#ececec"/>
     <ellipse cx="160" cy="160" rx="26" ry="20" fill="#fff"/><circle cx="165" cy="158" r="10" fill="#f6bd60"/>`,
    'A cast-iron skillet with a fried egg',
  ),
  'toothbrush.svg': frame(
    '#e7f4ee',
    `<g transform="rotate(-20 200 150)">
       <rect x="80" y="140" width="220" height="22" rx="11" fill="#c9a66b"/>
       <rect x="290" y="128" width="50" height="16" rx="3" fill="#f1faee"/>
       <rect x="292" y="120" width="46" height="10" fill="#81b29a"/>
     </g>
     <g transform="rotate(-8 200 200)">
       <rect x="90" y="200" width="220" height="22" rx="11" fill="#b08850"/>
       <rect x="300" y="188" width="50" height="16" rx="3" fill="#f1faee"/>
       <rect x="302" y="180" width="46" height="10" fill="#3d405b"/>
     </g>
     <path d="M80 80 c30 -30 60 -10 70 10 c-30 10 -60 10 -70 -10z" fill="#81b29a"/>`,
    'Two bamboo toothbrushes and a leaf',
  ),
  'electrolyte.svg': frame(
    '#e9f5fb',
    `<rect x="150" y="60" width="70" height="190" rx="10" fill="#0077b6"/>
     <rect x="150" y="60" width="70" height="28" rx="6" fill="#023e8a"/>
     <circle cx="280" cy="190" r="34" fill="#90e0ef"/><circle cx="280" cy="190" r="24" fill="#caf0f8"/>
     <path d="M185 120 c-14 22 -14 36 0 44 c14 -8 14 -22 0 -44z" fill="#caf0f8"/>
     <circle cx="268" cy="120" r="5" fill="#90e0ef"/><circle cx="292" cy="104" r="4" fill="#90e0ef"/><circle cx="300" cy="130" r="3" fill="#90e0ef"/>`,
    'A tube of effervescent electrolyte tablets and a fizzing tablet',
  ),
}

export function productImage(name: string): string | undefined {
  return Object.hasOwn(IMAGES, name) ? IMAGES[name] : undefined
}

/** The URL path (relative to the suite's base) of a demo image. */
export function imagePath(name: keyof typeof IMAGES | string): string {
  return `/${fillPath(PUBLIC_IMAGE_PATH, { name })}`
}

/**
 * A demo drawing as a PNG of 1600×1200, for the seed to upload through the product image pipeline
 * (staff/product-images.ts addProductImage), which takes the pixel formats browsers send and never
 * an SVG. Undefined for an unknown name.
 */
export async function demoImagePng(name: string): Promise<Buffer | undefined> {
  const svg = productImage(name)
  if (!svg) return undefined
  // 4 × 72 dpi: the 400×300 drawing rendered at four times its size, as large as the display size.
  return sharp(Buffer.from(svg), { density: 288 }).png().toBuffer()
}

/** The alt text a demo drawing carries (its aria-label), for its upload. Undefined for an unknown name. */
export function demoImageAlt(name: string): string | undefined {
  return productImage(name)?.match(/aria-label="([^"]+)"/)?.[1]
}
