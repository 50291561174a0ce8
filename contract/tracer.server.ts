// The OpenTelemetry tracer of one program (portal or member API): spans batched and posted as OTLP
// JSON to the configured endpoint, context carried through async calls (AsyncLocalStorage) and across
// HTTP by W3C trace context (`traceparent`). Loaded only when tracing is configured.
import { context, propagation, trace, type Tracer } from '@opentelemetry/api'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { TracingSettings } from './tracing.server'

export interface RunningTracer {
  tracer: Tracer
  /** Sends the spans still waiting, then stops. */
  shutdown(): Promise<void>
}

/**
 * Registers this process's tracer provider. `processor` replaces the exporter (tests hand in an
 * in-memory one). The sampler is OpenTelemetry's default, a span sampled when its parent is (every
 * root sampled), unless OTEL_TRACES_SAMPLER says otherwise.
 */
export function startTracer(settings: TracingSettings, processor?: SpanProcessor): RunningTracer {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [processor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }))],
  })
  // Trace context only: baggage would carry whatever a caller put in it into every call.
  provider.register({ propagator: new W3CTraceContextPropagator() })
  return {
    tracer: provider.getTracer(settings.serviceName),
    shutdown: async () => {
      await provider.shutdown()
      trace.disable()
      propagation.disable()
      context.disable()
    },
  }
}
