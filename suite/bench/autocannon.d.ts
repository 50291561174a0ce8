// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    p99: number
    p50: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    non2xx: number
    timeouts: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
