// @vitest-environment happy-dom
// The date picker as a form uses it: typed mm/dd/yy and HH:mm read in the stated zone and sent in
// UTC, a typed date that does not exist said beside the field and kept, the calendar dialog driven
// by keys only, and the server's render hydrated without a mismatch.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, type ReactNode } from 'react'
import { hydrateRoot, createRoot, type Root } from 'react-dom/client'
import { renderToReadableStream, renderToString } from 'react-dom/server'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { DateTimePicker } from './date-picker'

// The browser's zone in these tests (Node follows TZ when it changes); the fields read in Paris are told so.
const machineZone = process.env.TZ
beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  process.env.TZ = 'America/New_York'
})
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ
  else process.env.TZ = machineZone
})

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.replaceChildren()
})

const Schema = v.strictObject({ opensAt: v.pipe(v.string(), v.isoTimestamp()) })

async function mount(children: ReactNode) {
  const container = document.createElement('div')
  document.body.append(container)
  await act(async () => {
    root = createRoot(container)
    root.render(<I18nProvider i18n={i18n}>{children}</I18nProvider>)
  })
  // The form's field loads the picker on first use (a module read and transformed on first import, slow on a busy machine).
  await vi.waitFor(() => expect(container.querySelector('input[placeholder="mm/dd/yy"]')).not.toBeNull(), { timeout: 15_000 })
  await act(async () => {})
  return container
}

/** A form with one date-and-time field read in Paris; `send` receives what is submitted. */
async function mountForm(send: (values: { opensAt: string | null }) => void, opensAt: string | null = '') {
  function Harness() {
    const form = useAppForm({
      defaultValues: { opensAt },
      validators: { onSubmit: Schema },
      onSubmit: ({ value }) => send(value),
    })
    return (
      <ContractForm form={form} label="Flight">
        <form.AppField name="opensAt">
          {(field) => <field.DateTimeInput label="Sign-up opens" invalid="Enter when sign-up opens." timeZone="Europe/Paris" defaultTime="09:00" />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton>Save</form.SubmitButton>
        </form.AppForm>
      </ContractForm>
    )
  }
  return mount(<Harness />)
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
const dateInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[placeholder="mm/dd/yy"]')!
const timeInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[placeholder="HH:mm"]')!
const calendarButton = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
const focusedDay = () => (document.activeElement as HTMLElement | null)?.getAttribute('data-date')

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    input.focus()
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function leave(input: HTMLInputElement) {
  await act(async () => input.blur())
}

async function press(key: string, init: KeyboardEventInit = {}) {
  await act(async () => {
    ;(document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))
  })
}

async function submit(container: HTMLElement) {
  await act(async () => container.querySelector('form')!.requestSubmit())
  await act(frame)
}

async function openCalendar(container: HTMLElement) {
  await act(async () => calendarButton(container).click())
  await act(frame)
}

describe('the date picker in a form', () => {
  it('reads mm/dd/yy and HH:mm in the stated zone and sends the instant in UTC', async () => {
    const send = vi.fn()
    const container = await mountForm(send)
    expect(container.textContent).toContain('Times in Europe/Paris (UTC+0')
    await type(dateInput(container), '3/29/26')
    await type(timeInput(container), '9:30')
    await leave(timeInput(container))
    // Written back as mm/dd/yy and HH:mm; 03/29/26 is the day Paris goes to summer time.
    expect(dateInput(container).value).toBe('03/29/26')
    expect(timeInput(container).value).toBe('09:30')
    expect(container.textContent).toContain('Times in Europe/Paris (UTC+02:00)')
    expect(container.querySelector<HTMLInputElement>('input[type="hidden"][name="opensAt"]')!.value).toBe('2026-03-29T07:30:00.000Z')
    await submit(container)
    expect(send).toHaveBeenCalledWith({ opensAt: '2026-03-29T07:30:00.000Z' })
  })

  it('names each part after the field, and states the zone to both', async () => {
    const container = await mountForm(vi.fn())
    const labelled = (input: HTMLInputElement) =>
      input
        .getAttribute('aria-labelledby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)
        .join(' ')
    expect(labelled(dateInput(container))).toBe('Sign-up opens Date (mm/dd/yy)')
    expect(labelled(timeInput(container))).toBe('Sign-up opens Time (HH:mm, 24-hour)')
    for (const input of [dateInput(container), timeInput(container)]) {
      const described = input.getAttribute('aria-describedby')!.split(' ')
      expect(described.map((id) => document.getElementById(id)!.textContent)).toContain(container.querySelector('fieldset p')!.textContent)
    }
    expect(calendarButton(container).getAttribute('aria-label')).toBe('Choose date for Sign-up opens')
  })

  it('says beside the field that 13/40/26 is no date, keeps the text, and stops the submit there', async () => {
    const send = vi.fn()
    const container = await mountForm(send)
    await type(dateInput(container), '13/40/26')
    await type(timeInput(container), '10:00')
    await leave(timeInput(container))
    const error = container.querySelector<HTMLElement>('.text-danger')!
    expect(error.textContent).toContain('There is no date 13/40/26')
    expect(error.textContent).toContain('mm/dd/yy')
    expect(dateInput(container).value).toBe('13/40/26')
    expect(dateInput(container).getAttribute('aria-invalid')).toBe('true')
    expect(dateInput(container).getAttribute('aria-describedby')).toContain(error.id)
    expect(timeInput(container).getAttribute('aria-invalid')).toBeNull()
    await submit(container)
    expect(send).not.toHaveBeenCalled()
    expect(dateInput(container).value).toBe('13/40/26')
    expect(document.activeElement).toBe(dateInput(container))
    // The problem with what was typed, not the page's general sentence.
    expect(container.textContent).toContain('There is no date 13/40/26')
  })

  it('says what is wrong with a time, and the page’s sentence when the field is left empty', async () => {
    const container = await mountForm(vi.fn())
    await submit(container)
    expect(container.textContent).toContain('Enter when sign-up opens.')
    expect(document.activeElement).toBe(dateInput(container))
    await type(dateInput(container), '07/04/26')
    await type(timeInput(container), '25:00')
    await leave(timeInput(container))
    expect(container.textContent).toContain('Enter the time as HH:mm on the 24-hour clock')
    expect(timeInput(container).getAttribute('aria-invalid')).toBe('true')
    expect(timeInput(container).value).toBe('25:00')
  })

  it('says when a time the clocks skip was moved', async () => {
    const send = vi.fn()
    const container = await mountForm(send)
    await type(dateInput(container), '03/29/26')
    await type(timeInput(container), '02:30')
    await leave(timeInput(container))
    expect(timeInput(container).value).toBe('03:30')
    expect(container.textContent).toContain('There is no 02:30 on 03/29/26 in Europe/Paris')
    await submit(container)
    expect(send).toHaveBeenCalledWith({ opensAt: '2026-03-29T01:30:00.000Z' })
  })

  it('leaves a stored instant alone when its fields are only passed through (the second 01:30 of a night the clocks go back)', async () => {
    const onChange = vi.fn()
    const container = await mount(<DateTimePicker label="Review due" value="2026-11-01T06:30:00.000Z" onChange={onChange} timeZone="America/New_York" />)
    expect(timeInput(container).value).toBe('01:30')
    expect(container.textContent).toContain('Times in America/New_York (UTC-05:00)')
    await act(async () => dateInput(container).focus())
    await leave(dateInput(container))
    await act(async () => timeInput(container).focus())
    await leave(timeInput(container))
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows a stored instant on the zone’s clock', async () => {
    const container = await mountForm(vi.fn(), '2026-11-30T23:15:00.000Z')
    expect(dateInput(container).value).toBe('12/01/26')
    expect(timeInput(container).value).toBe('00:15')
    expect(calendarButton(container).getAttribute('aria-label')).toBe('Change date for Sign-up opens, Tuesday, December 1, 2026')
  })
})

describe('the calendar dialog, by keys', () => {
  it('opens on the chosen day, moves by day, week, month and year, and Enter chooses and gives focus back', async () => {
    const send = vi.fn()
    const container = await mountForm(send)
    await type(dateInput(container), '03/31/26')
    await leave(dateInput(container))
    expect(timeInput(container).value).toBe('09:00') // the default time, once a day is given
    await openCalendar(container)
    const opened = dialog()!
    expect(opened.getAttribute('aria-modal')).toBe('true')
    expect(opened.getAttribute('aria-label')).toBe('Choose date for Sign-up opens')
    expect(opened.querySelector('[role="grid"]')).not.toBeNull()
    expect(focusedDay()).toBe('2026-03-31')
    expect(opened.querySelector('[aria-live="polite"]')!.textContent).toBe('March 2026')
    expect([...opened.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'SuSunday',
      'MoMonday',
      'TuTuesday',
      'WeWednesday',
      'ThThursday',
      'FrFriday',
      'SaSaturday',
    ])
    expect(opened.querySelector('[aria-selected="true"] button')!.getAttribute('data-date')).toBe('2026-03-31')

    await press('ArrowRight')
    expect(focusedDay()).toBe('2026-04-01')
    expect(opened.querySelector('[aria-live="polite"]')!.textContent).toBe('April 2026')
    await press('ArrowDown')
    expect(focusedDay()).toBe('2026-04-08')
    await press('Home')
    expect(focusedDay()).toBe('2026-04-05') // Sunday
    await press('End')
    expect(focusedDay()).toBe('2026-04-11') // Saturday
    await press('ArrowUp')
    expect(focusedDay()).toBe('2026-04-04')
    await press('ArrowLeft')
    expect(focusedDay()).toBe('2026-04-03')
    await press('PageDown')
    expect(focusedDay()).toBe('2026-05-03')
    await press('PageUp', { shiftKey: true })
    expect(focusedDay()).toBe('2025-05-03')
    await press('PageUp')
    expect(focusedDay()).toBe('2025-04-03')
    expect(document.activeElement!.getAttribute('aria-label')).toBe('Thursday, April 3, 2025')
    // Only the focused day is in the tab order.
    expect([...dialog()!.querySelectorAll('[role="grid"] button[tabindex="0"]')]).toHaveLength(1)

    await press('Enter')
    await act(frame)
    expect(dialog()).toBeNull()
    expect(dateInput(container).value).toBe('04/03/25')
    expect(timeInput(container).value).toBe('09:00')
    // Focus comes back once the dialog's closing has run (a timer of its own, later than one frame on a busy machine).
    await vi.waitFor(() => expect(document.activeElement).toBe(calendarButton(container)), { timeout: 5000 })
    await submit(container)
    expect(send).toHaveBeenCalledWith({ opensAt: '2025-04-03T07:00:00.000Z' })
  })

  it('opens on today without a date, chooses with Space, and fills the default time', async () => {
    const container = await mountForm(vi.fn())
    await openCalendar(container)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())
    expect(focusedDay()).toBe(today)
    expect(document.activeElement!.getAttribute('aria-current')).toBe('date')
    await press(' ')
    await act(frame)
    expect(dialog()).toBeNull()
    const [year, month, day] = today.split('-')
    expect(dateInput(container).value).toBe(`${month}/${day}/${year!.slice(2)}`)
    expect(timeInput(container).value).toBe('09:00')
  })

  it('closes on Escape without changing anything, focus back on the calendar button', async () => {
    const onChange = vi.fn()
    const container = await mount(<DateTimePicker label="Review due" value="2026-06-15T10:00:00.000Z" onChange={onChange} timeZone="UTC" />)
    await openCalendar(container)
    expect(focusedDay()).toBe('2026-06-15')
    await press('ArrowRight')
    await press('Escape')
    await act(frame)
    expect(dialog()).toBeNull()
    // Focus comes back once the dialog's closing has run (a timer of its own, later than one frame on a busy machine).
    await vi.waitFor(() => expect(document.activeElement).toBe(calendarButton(container)), { timeout: 5000 })
    expect(onChange).not.toHaveBeenCalled()
    expect(dateInput(container).value).toBe('06/15/26')
  })
})

describe('the server render', () => {
  it('states the fallback zone, then the browser’s after hydration, without a mismatch', async () => {
    const element = (
      <I18nProvider i18n={i18n}>
        <DateTimePicker label="Testing starts" value="2026-01-15T12:00:00.000Z" onChange={() => {}} />
      </I18nProvider>
    )
    const html = renderToString(element)
    expect(html).toContain('Times in UTC (UTC+00:00)')
    expect(html).toContain('value="01/15/26"')
    expect(html).toContain('value="12:00"')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const recoverable = vi.fn()
    await act(async () => {
      root = hydrateRoot(container, element, { onRecoverableError: recoverable })
    })
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([])
    expect(recoverable).not.toHaveBeenCalled()
    errors.mockRestore()
    expect(container.textContent).toContain('Times in America/New_York (UTC-05:00)')
    expect(container.querySelector<HTMLInputElement>('input[placeholder="HH:mm"]')!.value).toBe('07:00')
  })

  // Last: a streamed render in the same process as the client's renderer leaves React warning about two renderers.
  it('of a form draws the picker in place (the field loads it lazily)', async () => {
    function Harness() {
      const form = useAppForm({ defaultValues: { opensAt: '2026-07-04T15:00:00.000Z' as string | null } })
      return (
        <ContractForm form={form} label="Flight">
          <form.AppField name="opensAt">{(field) => <field.DateTimeInput label="Sign-up opens" invalid="Enter when sign-up opens." />}</form.AppField>
        </ContractForm>
      )
    }
    const stream = await renderToReadableStream(
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>,
    )
    await stream.allReady
    const html = await new Response(stream).text()
    expect(html).toContain('value="07/04/26"')
    expect(html).toContain('value="15:00"')
    expect(html).toContain('Times in UTC (UTC+00:00)')
  })
})
