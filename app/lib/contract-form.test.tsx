// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import * as v from 'valibot'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { UpstreamError } from '~/upstream/upstream-result'
import { blankAs, ContractForm, fieldErrorText, showFieldMessage, showRejectedFields, useAppForm } from './contract-form'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const Schema = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(2)),
  children: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)),
  pets: v.array(v.picklist(['dog', 'cat'])),
})
type Values = { name: string; children: number | null; pets: ('dog' | 'cat')[] }

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.replaceChildren()
})

/** A form as a page would write it; `send` stands for the server function behind the mutation. */
function mount(send: (values: Values) => Promise<void>) {
  function Harness() {
    const form = useAppForm({
      defaultValues: { name: '', children: 0, pets: [] } as Values,
      validators: { onSubmit: Schema },
      onSubmit: async ({ value, formApi }) => {
        try {
          await send(value)
        } catch (error) {
          showRejectedFields(formApi, error, { name: 'name' }, () => 'The API says: choose another name.')
        }
      },
    })
    return (
      <ContractForm form={form} label="Test form">
        <form.AppField name="name">{(field) => <field.TextInput label="Name" invalid="Enter at least two letters." />}</form.AppField>
        <form.AppField name="children">{(field) => <field.NumberInput label="Children" invalid="Enter a number from 0 to 20." />}</form.AppField>
        <form.AppField name="pets">
          {(field) => (
            <field.CheckboxGroupInput
              legend="Pets"
              invalid="Choose from the list."
              options={[
                { value: 'dog', label: 'Dog' },
                { value: 'cat', label: 'Cat' },
              ]}
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton>Save</form.SubmitButton>
        </form.AppForm>
      </ContractForm>
    )
  }
  const container = document.createElement('div')
  document.body.append(container)
  act(() => {
    root = createRoot(container)
    root.render(<Harness />)
  })
  return container
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function submit(container: HTMLElement) {
  await act(async () => {
    container.querySelector('form')!.requestSubmit()
  })
  await act(frame)
}

describe('a form built on the contract schema', () => {
  it('refuses bad values with the page’s sentence under the field, sends nothing, and focuses the field', async () => {
    const send = vi.fn(async () => {})
    const container = mount(send)
    await submit(container)
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
    expect(send).not.toHaveBeenCalled()
    expect(container.textContent).toContain('Enter at least two letters.')
    expect(container.textContent).not.toContain('Invalid length')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(name)
  })

  it('keeps the message when the member leaves the field, and clears it when the value changes', async () => {
    const container = mount(vi.fn(async () => {}))
    await submit(container)
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
    await act(async () => name.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    expect(container.textContent).toContain('Enter at least two letters.')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    await type(name, 'A')
    expect(container.textContent).not.toContain('Enter at least two letters.')
  })

  it('checks every field again at each submit, also while another still shows its message', async () => {
    const send = vi.fn(async () => {})
    const container = mount(send)
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
    const children = container.querySelector<HTMLInputElement>('input[name="children"]')!
    await type(children, '')
    await submit(container)
    expect(container.textContent).toContain('Enter at least two letters.')
    expect(container.textContent).toContain('Enter a number from 0 to 20.')
    // The number changes to another wrong one; the name stays wrong and keeps its message.
    await type(children, '30')
    expect(container.textContent).not.toContain('Enter a number from 0 to 20.')
    await submit(container)
    expect(send).not.toHaveBeenCalled()
    expect(container.textContent).toContain('Enter at least two letters.')
    expect(container.textContent).toContain('Enter a number from 0 to 20.')
    expect(document.activeElement).toBe(name)
  })

  it('sends the typed values once, even when submitted twice while busy', async () => {
    let finish: () => void = () => {}
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const container = mount(send)
    await type(container.querySelector<HTMLInputElement>('input[name="name"]')!, 'Ada')
    await type(container.querySelector<HTMLInputElement>('input[name="children"]')!, '2')
    await act(async () => container.querySelector<HTMLInputElement>('input[value="cat"]')!.click())
    await submit(container)
    await submit(container)
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenCalledWith({ name: 'Ada', children: 2, pets: ['cat'] })
    expect(container.querySelector('button[type="submit"]')!.getAttribute('aria-busy')).toBe('true')
    await act(async () => finish())
  })

  it('shows the member API’s refusal on the field it names, keeps the values, and clears it when the value changes', async () => {
    const send = vi.fn(async () => {
      throw new UpstreamError({ kind: 'rejected', path: 'x', httpStatus: 400, message: null, fields: { name: ['taken'] } })
    })
    const container = mount(send)
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
    await type(name, 'Ada')
    await submit(container)
    expect(container.textContent).toContain('The API says: choose another name.')
    expect(name.value).toBe('Ada')
    expect(document.activeElement).toBe(name)
    await type(name, 'Ade')
    expect(container.textContent).not.toContain('The API says')
    // And it can be sent again without a change, after a refusal.
    await type(name, 'Ada')
    await submit(container)
    expect(send).toHaveBeenCalledTimes(2)
  })
})

describe('leaving a field', () => {
  it('keeps its verdict, the schema’s and the member API’s, until the value changes (Save below it stays where it was)', async () => {
    let refuse = false
    const send = vi.fn(async () => {
      if (refuse) throw new UpstreamError({ kind: 'rejected', path: 'x', httpStatus: 400, message: null, fields: { name: ['taken'] } })
    })
    const container = mount(send)
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
    await submit(container)
    expect(document.activeElement).toBe(name)
    await act(async () => name.blur())
    expect(container.textContent).toContain('Enter at least two letters.')
    await type(name, 'Ada')
    refuse = true
    await submit(container)
    expect(container.textContent).toContain('The API says: choose another name.')
    await act(async () => name.focus())
    await act(async () => name.blur())
    expect(container.textContent).toContain('The API says: choose another name.')
  })
})

describe('a field’s blur listener', () => {
  it('still runs when the member leaves the field (the payout form formats the IBAN then)', async () => {
    function Harness() {
      const form = useAppForm({ defaultValues: { iban: '' }, onSubmit: async () => {} })
      return (
        <ContractForm form={form} label="IBAN form">
          <form.AppField name="iban" listeners={{ onBlur: ({ value, fieldApi }) => fieldApi.setValue(value.toUpperCase()) }}>
            {(field) => <field.TextInput label="IBAN" invalid="Enter an IBAN." />}
          </form.AppField>
        </ContractForm>
      )
    }
    const container = document.createElement('div')
    document.body.append(container)
    act(() => {
      root = createRoot(container)
      root.render(<Harness />)
    })
    const iban = container.querySelector<HTMLInputElement>('input[name="iban"]')!
    await act(async () => iban.focus())
    await type(iban, 'de89')
    await act(async () => iban.blur())
    expect(iban.value).toBe('DE89')
  })
})

describe('the next submit', () => {
  it('checks every field again, also one the member left as it was (a postal code checked against the country changed since)', async () => {
    const Shipping = v.pipe(
      v.strictObject({ country: v.picklist(['DE', 'NL']), postalCode: v.string() }),
      v.forward(
        v.check((value) => (value.country === 'DE' ? /^\d{5}$/ : /^\d{4} ?[A-Z]{2}$/).test(value.postalCode)),
        ['postalCode'],
      ),
    )
    const send = vi.fn(async (_values: unknown) => {})
    function Harness() {
      const form = useAppForm({
        defaultValues: { country: 'DE', postalCode: '1012 AB' },
        validators: { onSubmit: Shipping },
        onSubmit: async ({ value }) => send(value),
      })
      return (
        <ContractForm form={form} label="Shipping form">
          <form.AppField name="country">
            {(field) => (
              <field.SelectInput
                label="Country"
                invalid="Choose a country."
                options={[
                  { value: 'DE', label: 'Germany' },
                  { value: 'NL', label: 'Netherlands' },
                ]}
              />
            )}
          </form.AppField>
          <form.AppField name="postalCode">{(field) => <field.TextInput label="Postal code" invalid="Enter a postal code of the country." />}</form.AppField>
        </ContractForm>
      )
    }
    const container = document.createElement('div')
    document.body.append(container)
    act(() => {
      root = createRoot(container)
      root.render(<Harness />)
    })
    await submit(container)
    expect(container.textContent).toContain('Enter a postal code of the country.')
    const country = container.querySelector<HTMLSelectElement>('select[name="country"]')!
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!
      setter.call(country, 'NL')
      country.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await submit(container)
    expect(send).toHaveBeenCalledWith({ country: 'NL', postalCode: '1012 AB' })
    expect(container.textContent).not.toContain('Enter a postal code of the country.')
  })
})

describe('showRejectedFields', () => {
  it('marks a list field when the member API names one of its items, and leaves unmapped paths to the catalogue', async () => {
    let refusal: unknown
    const send = vi.fn(async () => {
      throw refusal
    })
    function Harness() {
      const form = useAppForm({
        defaultValues: { pets: ['dog'] as string[] },
        onSubmit: async ({ formApi }) => {
          try {
            await send()
          } catch (error) {
            marked.push(showRejectedFields(formApi, error, { 'preferences.pets': 'pets' }, () => 'Choose your pets from the list.'))
          }
        },
      })
      return (
        <ContractForm form={form} label="Pets form">
          <form.AppField name="pets">
            {(field) => <field.CheckboxGroupInput legend="Pets" invalid="unused" options={[{ value: 'dog', label: 'Dog' }]} />}
          </form.AppField>
        </ContractForm>
      )
    }
    const marked: boolean[] = []
    const container = document.createElement('div')
    document.body.append(container)
    act(() => {
      root = createRoot(container)
      root.render(<Harness />)
    })
    refusal = new UpstreamError({
      kind: 'rejected',
      path: 'x',
      httpStatus: 400,
      message: null,
      fields: { 'preferences.petsitter': ['no'], preferences: ['no'] },
    })
    await submit(container)
    expect(container.textContent).not.toContain('Choose your pets from the list.')
    refusal = new UpstreamError({ kind: 'rejected', path: 'x', httpStatus: 400, message: null, fields: { 'preferences.pets.1': ['Invalid type'] } })
    await submit(container)
    expect(container.textContent).toContain('Choose your pets from the list.')
    expect(container.querySelector('fieldset')!.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(container.querySelector('input[value="dog"]'))
    expect(marked).toEqual([false, true])
    expect(container.querySelector<HTMLInputElement>('input[value="dog"]')!.checked).toBe(true)
  })
})

describe('fieldErrorText', () => {
  it('prefers a sentence we set over the page’s general one, and says nothing without errors', () => {
    expect(fieldErrorText({ errors: [] }, 'general')).toBeUndefined()
    expect(fieldErrorText({ errors: [{ message: 'schema text' }] }, 'general')).toBe('general')
    expect(fieldErrorText({ errors: [{ message: 'schema text' }, 'ours'] }, 'general')).toBe('ours')
  })
})

describe('showFieldMessage', () => {
  it('puts a silent call’s outcome on its field, focuses it, and takes it away when the member changes the value', async () => {
    const check = vi.fn(async (code: string) => (code === '123456' ? undefined : 'That code is not right.'))
    function Harness() {
      const form = useAppForm({
        defaultValues: { code: '', remember: false },
        onSubmit: async ({ value, formApi }) => showFieldMessage(formApi, 'code', await check(value.code)),
      })
      return (
        <ContractForm form={form} label="Code form">
          <form.AppField name="code">{(field) => <field.TextInput label="Code" invalid="Enter the 6 digits." />}</form.AppField>
          <form.AppField name="remember">{(field) => <field.CheckboxInput label="Remember" invalid="unused" disabled />}</form.AppField>
        </ContractForm>
      )
    }
    const container = document.createElement('div')
    document.body.append(container)
    act(() => {
      root = createRoot(container)
      root.render(<Harness />)
    })
    const code = container.querySelector<HTMLInputElement>('input[name="code"]')!
    await type(code, '654321')
    await submit(container)
    expect(container.textContent).toContain('That code is not right.')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(code)
    await type(code, '123456')
    expect(container.textContent).not.toContain('That code is not right.')
    await submit(container)
    expect(check).toHaveBeenLastCalledWith('123456')
    expect(code.getAttribute('aria-invalid')).toBeNull()
    // A choice that cannot be made for now is shown, and cannot be changed.
    expect(container.querySelector<HTMLInputElement>('input[name="remember"]')!.disabled).toBe(true)
  })
})

describe('blankAs', () => {
  const Schema = v.strictObject({
    born: blankAs(null, v.optional(v.nullable(v.pipe(v.string(), v.isoDate())))),
    url: blankAs(undefined, v.optional(v.pipe(v.string(), v.trim(), v.url()))),
  })

  it('gives the contract its empty value for an empty or blank field', () => {
    expect(v.parse(Schema, { born: '', url: '  ' })).toEqual({ born: null, url: undefined })
  })

  it('checks anything typed with the contract’s schema, on its field', () => {
    expect(v.parse(Schema, { born: '1990-05-17', url: ' https://example.com/me ' })).toEqual({ born: '1990-05-17', url: 'https://example.com/me' })
    const result = v.safeParse(Schema, { born: '17/05/1990', url: 'example' })
    expect(result.success).toBe(false)
    expect(result.issues?.map((issue) => v.getDotPath(issue))).toEqual(['born', 'url'])
  })
})
