// Where the portal's request handling and its calls to the member API meet its traces, without
// loading anything of OpenTelemetry (so app/start.ts, shared with the browser, may import it): the hooks are set at start-up by the tracing plugin
// (app/server/tracing.ts) when an OTLP endpoint is configured, and are absent otherwise, so a portal
// without traces does no tracing work at all. Kept on globalThis under a registered symbol: the
// server plugins and the routes are bundled apart, and both must see the one set of hooks.
const KEY = Symbol.for('tester-portal.tracing')

export interface PortalTracingHooks {
  /** Runs one request (a page or a server function) in its span, the root of the request's trace. */
  request<T extends { response: Response }>(request: Request, handlerType: string, run: () => T | Promise<T>): Promise<T>
  /**
   * Runs one call to the member API in its span, a child of the request's, and adds the span's W3C
   * trace context (`traceparent`) to the call's headers, so the member API's spans join the trace.
   */
  upstreamCall<T>(
    call: { method: string; route: string; url: URL },
    headers: Record<string, string>,
    run: () => Promise<T>,
    status: (answer: T) => number,
  ): Promise<T>
}

type Holder = typeof globalThis & { [KEY]?: PortalTracingHooks }

/** The hooks, when tracing is on. */
export function portalTracing(): PortalTracingHooks | undefined {
  return (globalThis as Holder)[KEY]
}

export function setPortalTracing(hooks: PortalTracingHooks | undefined): void {
  ;(globalThis as Holder)[KEY] = hooks
}
