import { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feedback } from '~/components/ui/feedback-store'
import { applyErrorEffect } from './apply-effect'

// Signing out talks to Firebase and the server; here it only has to happen, before the toast.
const signOut = vi.fn(async () => feedback.reset())
vi.mock('~/auth/account-actions', () => ({ signOut: (...args: unknown[]) => signOut(...(args as [])) }))

function fakeRouter(href = '/en/member/missions?tab=open') {
  return { state: { location: { href } }, navigate: vi.fn(async () => undefined) }
}

let queryClient: QueryClient
beforeEach(() => {
  queryClient = new QueryClient()
  feedback.reset()
  signOut.mockClear()
})
afterEach(() => feedback.reset())

const apply = (effect: Parameters<typeof applyErrorEffect>[0], router = fakeRouter()) =>
  applyErrorEffect(effect, { router: router as unknown as AnyRouter, queryClient }).then(() => router)

describe('what the member gets for each row of the catalogue', () => {
  it('400/409: a dialog headed errors.somethingWrongTitle with the server message, closable, with Close', async () => {
    await apply({ kind: 'dialog', message: 'Not enough points for this reward.' })
    expect(feedback.getState().dialog).toMatchObject({
      header: 'Something went wrong',
      message: 'Not enough points for this reward.',
      closable: true,
      rejectLabel: 'Close',
    })
  })

  it('400/409 without a message, and anything else: the generic message', async () => {
    await apply({ kind: 'dialog', message: null })
    expect(feedback.getState().dialog?.message).toBe('Something went wrong please try again later')
    feedback.reset()
    await apply({ kind: 'generic-dialog' })
    expect(feedback.getState().dialog).toMatchObject({
      header: 'Something went wrong',
      message: 'Something went wrong please try again later',
      rejectLabel: 'Close',
    })
  })

  it('a refused bot check: the dialog with the portal’s sentence, nothing about the server’s', async () => {
    await apply({ kind: 'bot-check-dialog' })
    expect(feedback.getState().dialog).toMatchObject({
      header: 'Something went wrong',
      message: 'We could not confirm that this request comes from a person. Please try again.',
      rejectLabel: 'Close',
    })
  })

  it('the same failure twice opens one dialog', async () => {
    await apply({ kind: 'generic-dialog' })
    const first = feedback.getState().dialog?.id
    await apply({ kind: 'generic-dialog' })
    expect(feedback.getState().dialog?.id).toBe(first)
  })

  it('401: signed out, then the 3 s toast errors.error / errors.sessionExpired, and login with the way back', async () => {
    const router = await apply({ kind: 'session-expired' })
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(feedback.getState().toasts).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Error', detail: 'Your session has expired. Please sign in again.', life: 3000 }),
    ])
    expect(router.navigate).toHaveBeenCalledWith({
      to: '/$locale/user/login',
      params: { locale: 'en' },
      search: { redirect: '/en/member/missions?tab=open' },
      replace: true,
    })
  })

  it('several calls failing with 401 together sign out and tell the member once', async () => {
    const router = fakeRouter()
    await Promise.all([apply({ kind: 'session-expired' }, router), apply({ kind: 'session-expired' }, router)])
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(feedback.getState().toasts).toHaveLength(1)
    expect(router.navigate).toHaveBeenCalledTimes(1)
  })

  it('NOT_FOUND body: the locale 404 page; 403 or 404: /404; silent calls: nothing', async () => {
    let router = await apply({ kind: 'redirect-locale-404' })
    expect(router.navigate).toHaveBeenCalledWith({ to: '/$locale/404', params: { locale: 'en' }, replace: true })
    router = await apply({ kind: 'redirect-404' })
    expect(router.navigate).toHaveBeenCalledWith({ to: '/404', replace: true })
    router = await apply({ kind: 'none' })
    expect(router.navigate).not.toHaveBeenCalled()
    expect(feedback.getState()).toEqual({ toasts: [], dialog: null })
  })
})
