// The device cookie: a 128-bit random id, HttpOnly, SameSite=Lax, Secure with the session cookie,
// path "/", kept 400 days; set only when the browser has none (or one that is no device id), once
// per request, and the same id handed to the member API as the browser keeps.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isDeviceId } from '#contract/sightings'

const cookies = new Map<string, string>()
const setCookie = vi.fn((name: string, value: string, _options: Record<string, unknown>) => void cookies.set(name, value))
let request: Request | null = new Request('http://localhost:3000/_serverFn/x', { method: 'POST' })
let secure = false
vi.mock('@tanstack/react-start/server', () => ({
  getCookie: (name: string) => cookies.get(name),
  setCookie: (name: string, value: string, options: Record<string, unknown>) => setCookie(name, value, options),
  getRequest: () => {
    if (!request) throw new Error('No request')
    return request
  },
}))
vi.mock('~/config/config.server', () => ({ portalConfig: () => ({ session: { secure } }) }))

const { browserDevice, deviceCookieName, deviceCookieOptions, deviceOf, newDeviceId } = await import('./device.server')

const nextRequest = () => (request = new Request('http://localhost:3000/_serverFn/x', { method: 'POST' }))

beforeEach(() => {
  cookies.clear()
  setCookie.mockClear()
  secure = false
  nextRequest()
})

describe('device ids', () => {
  it('are 128 random bits as 32 hexadecimal digits, never the same twice', () => {
    const ids = new Set(Array.from({ length: 100 }, newDeviceId))
    expect(ids.size).toBe(100)
    for (const id of ids) expect(isDeviceId(id)).toBe(true)
  })

  it('keep the one presented, and replace a missing or malformed one', () => {
    const id = newDeviceId()
    expect(deviceOf(id)).toEqual({ id, fresh: false })
    for (const presented of [undefined, null, '', 'abc', id.toUpperCase(), `${id}0`, "x'; drop table"]) {
      const given = deviceOf(presented)
      expect(given.fresh).toBe(true)
      expect(isDeviceId(given.id)).toBe(true)
    }
  })
})

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Lax, path "/", 400 days, and Secure (with the __Host- prefix) exactly when the session cookie is', () => {
    expect(deviceCookieOptions(true)).toEqual({ httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: 400 * 24 * 60 * 60 })
    expect(deviceCookieOptions(false)).toMatchObject({ httpOnly: true, secure: false })
    expect(deviceCookieName(true)).toBe('__Host-device')
    expect(deviceCookieName(false)).toBe('device')
  })

  it('is set when the browser has none, once per request, with the id forwarded', async () => {
    const first = await browserDevice()
    expect(isDeviceId(first)).toBe(true)
    expect(await browserDevice()).toBe(first)
    expect(setCookie).toHaveBeenCalledTimes(1)
    expect(setCookie).toHaveBeenCalledWith('device', first, deviceCookieOptions(false))
    // The browser sends it back: the same id, nothing set again.
    nextRequest()
    expect(await browserDevice()).toBe(first)
    expect(setCookie).toHaveBeenCalledTimes(1)
  })

  it('is Secure in production, and replaces a malformed one', async () => {
    secure = true
    cookies.set('__Host-device', 'not-a-device-id')
    const id = await browserDevice()
    expect(id).not.toBe('not-a-device-id')
    expect(setCookie).toHaveBeenCalledWith('__Host-device', id, expect.objectContaining({ secure: true, httpOnly: true }))
  })

  it('gives no id outside a request', async () => {
    request = null
    expect(await browserDevice()).toBeUndefined()
    expect(setCookie).not.toHaveBeenCalled()
  })
})
