// Where traces go, read from the standard OpenTelemetry settings. Tracing is off unless an OTLP
// endpoint is configured. Shared by the portal's and the member API's configuration; nothing of
// OpenTelemetry itself is loaded here (contract/tracer.server.ts is, and only when tracing is on).
import * as v from 'valibot'

/** Where one program sends its spans (OTLP over HTTP, JSON), and the name it goes by there. */
export type TracingSettings = { url: string; serviceName: string }

const Endpoint = (name: string) =>
  v.pipe(v.string(), v.trim(), v.url(`${name} must be a URL`), v.regex(/^https?:\/\/[^/?#]+/, `${name} must be an http(s):// URL`))
const ServiceName = v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/, 'OTEL_SERVICE_NAME must be 1 to 64 letters, digits, dots, dashes or underscores'))

export class TracingConfigError extends Error {
  override name = 'TracingConfigError'
}

function read<T>(schema: v.GenericSchema<string, T>, value: string | undefined): T | undefined {
  if (value === undefined || value === '') return undefined
  const result = v.safeParse(schema, value)
  // The value is not echoed: an endpoint may hold a credential.
  if (!result.success) throw new TracingConfigError(result.issues[0].message)
  return result.output
}

/**
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is the address spans are posted to, as it is;
 * OTEL_EXPORTER_OTLP_ENDPOINT is the collector's base address, to which `/v1/traces` is added (as the
 * OpenTelemetry specification reads both). Neither set: no tracing at all.
 */
export function readTracingSettings(env: Record<string, string | undefined>, defaultServiceName: string): TracingSettings | null {
  const traces = read(Endpoint('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'), env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  const base = read(Endpoint('OTEL_EXPORTER_OTLP_ENDPOINT'), env.OTEL_EXPORTER_OTLP_ENDPOINT)
  const url = traces ?? (base === undefined ? undefined : `${base.replace(/\/+$/, '')}/v1/traces`)
  if (url === undefined) return null
  return { url, serviceName: read(ServiceName, env.OTEL_SERVICE_NAME) ?? defaultServiceName }
}
