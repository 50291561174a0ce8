import { createFileRoute } from '@tanstack/react-router'
import { RegisterForm } from '~/features/account/register-form'

export const Route = createFileRoute('/$locale/_guest/user/register')({
  staticData: { layout: 'blank' },
  component: RegisterForm,
})
