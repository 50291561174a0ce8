// The bare Hono + PostgreSQL anchor: one route that reads a count/average and 20 rows from
// PostgreSQL (postgres.js) and answers JSON about as large as the member API's public reviews.
// Started by scripts/bench/run.mjs with DATABASE_URL (a throw-away database), PORT and
// BENCH_PAYLOAD_BYTES (the size of the product's answer, to match).
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import postgres from 'postgres'

const port = Number(process.env.PORT)
const payloadBytes = Number(process.env.BENCH_PAYLOAD_BYTES ?? 8000)
const PAGE = 20
// The member API's default pool (suite/runtime.ts opens postgres.js with max 10).
const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} })

const page = (total, averageRating, items) => ({ items, page: 1, pageSize: PAGE, total, averageRating })
const row = (i, body) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  productName: `Product ${i}`,
  rating: 1 + (i % 5),
  title: `Review number ${i}`,
  body,
  authorName: `Tester ${i}`,
  publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
})

// The body text is sized so that a page of 20 rows weighs about payloadBytes.
const emptyPage = JSON.stringify(
  page(
    60,
    3,
    Array.from({ length: PAGE }, (_, i) => row(i, '')),
  ),
)
const bodyLength = Math.max(0, Math.floor((payloadBytes - emptyPage.length) / PAGE))
const rows = Array.from({ length: 60 }, (_, i) => row(i, 'Honest words about the product. '.repeat(bodyLength / 32 + 1).slice(0, bodyLength)))

await sql`create table bench_reviews (
  id uuid primary key, product_name text not null, rating int not null, title text not null,
  body text not null, author_name text not null, published_at timestamptz not null)`
await sql`insert into bench_reviews ${sql(rows.map((r) => ({ id: r.id, product_name: r.productName, rating: r.rating, title: r.title, body: r.body, author_name: r.authorName, published_at: r.publishedAt })))}`
await sql`create index on bench_reviews (published_at desc, id desc)`

const app = new Hono()
app.get('/reviews', async (c) => {
  // Two queries one after the other, as the member API does (totals, then the page).
  const [totals] = await sql`select count(*)::int as n, avg(rating) as avg from bench_reviews`
  const items = await sql`select id, product_name, rating, title, body, author_name, published_at
    from bench_reviews order by published_at desc, id desc limit ${PAGE}`
  return c.json(
    page(
      totals.n,
      Math.round(Number(totals.avg) * 10) / 10,
      items.map((r) => ({
        id: r.id,
        productName: r.product_name,
        rating: r.rating,
        title: r.title,
        body: r.body,
        authorName: r.author_name,
        publishedAt: r.published_at.toISOString(),
      })),
    ),
  )
})

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' })
const stop = () => server.close(() => void sql.end({ timeout: 5 }).finally(() => process.exit(0)))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
