// The portal's traces (on when an OTLP endpoint is configured; loaded by app/server/tracing.ts only
// then): a span for each page render or server function, the trace's root, and a child span for
// each call it makes to the member API, whose `traceparent` header carries the trace on.
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { startTracer, type RunningTracer } from '#contract/tracer.server'
import type { TracingSettings } from '#contract/tracing.server'
import { setPortalTracing, type PortalTracingHooks } from './tracing-hooks'

/** Starts tracing for this process and sets the hooks the request middleware and the member API's client use. */
export function startPortalTracing(settings: TracingSettings, processor?: SpanProcessor): RunningTracer {
  const running = startTracer(settings, processor)
  setPortalTracing(tracingHooks(running.tracer))
  return {
    tracer: running.tracer,
    shutdown: async () => {
      setPortalTracing(undefined)
      await running.shutdown()
    },
  }
}

export function tracingHooks(tracer: RunningTracer['tracer']): PortalTracingHooks {
  return {
    // A request's trace starts here: a `traceparent` from the browser or the internet is not
    // followed (anyone could join their spans to ours, or choose our trace ids).
    async request(request, handlerType, run) {
      const method = request.method
      const { pathname } = new URL(request.url)
      // A page is named for what it is, not its path (ids would make every name unique); the path is an attribute.
      const kind = handlerType === 'serverFn' ? 'server function' : 'page'
      const span = tracer.startSpan(
        `${method} ${kind}`,
        { kind: SpanKind.SERVER, root: true, attributes: { 'http.request.method': method, 'url.path': pathname, 'portal.handler': handlerType } },
        context.active(),
      )
      try {
        const result = await context.with(trace.setSpan(context.active(), span), run)
        span.setAttribute('http.response.status_code', result.response.status)
        if (result.response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        return result
      } catch (error) {
        // A thrown Response (a redirect, a refusal) is an answer; anything else is a failure.
        if (error instanceof Response) span.setAttribute('http.response.status_code', error.status)
        else span.setStatus({ code: SpanStatusCode.ERROR })
        throw error
      } finally {
        span.end()
      }
    },

    async upstreamCall({ method, route, url }, headers, run, status) {
      const span = tracer.startSpan(
        `${method} ${route}`,
        { kind: SpanKind.CLIENT, attributes: { 'http.request.method': method, 'url.full': `${url.origin}${url.pathname}`, 'http.route': route } },
        context.active(),
      )
      const inCall = trace.setSpan(context.active(), span)
      propagation.inject(inCall, headers)
      try {
        const answer = await context.with(inCall, run)
        const code = status(answer)
        span.setAttribute('http.response.status_code', code)
        if (code >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        return answer
      } catch (error) {
        span.setAttribute('error.type', error instanceof Error ? error.name : 'error')
        span.setStatus({ code: SpanStatusCode.ERROR })
        throw error
      } finally {
        span.end()
      }
    },
  }
}
