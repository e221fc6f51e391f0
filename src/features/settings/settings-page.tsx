import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { updateUserSchema } from '@/contract/accounts'
import { isLanguage, type Language, LANGUAGES } from '@/domain/enums'
import { type SessionUser, useSessionUser } from '@/entities/session/session'
import { LastUpdated } from '@/offline/read-state'
import { accountMessages, errorMessage } from '@/ui/account-messages'
import { BirthDateInput } from '@/ui/day-input'
import { FormAlert, showFieldErrors, useSchemaForm } from '@/ui/form'
import { Screen } from '@/ui/screen'
import { showToast } from '@/ui/toast'

import { userQueryOptions } from './api'
import { AvatarSection } from './avatar-section'
import { ChangePassword } from './change-password'
import { RenterPushSwitch } from './push-switch'
import {
  useUpdateEmailNotifications,
  useUpdateLanguage,
  useUpdateUser,
  useUserWithPendingWrites,
} from './user-mutation-hooks'

// Each language is named in itself (an autonym), whatever the interface language.
// eslint-disable-next-line lingui/no-unlocalized-strings -- autonyms are never translated
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' }
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({
  value: language,
  label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
}))

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '')

function ProfileForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui()
  const updateUser = useUpdateUser()
  const form = useSchemaForm(updateUserSchema, {
    _id: user._id,
    fullName: user.fullName ?? '',
    phone: user.phone ?? '',
    birthDate: day(user.birthDate),
    bio: user.bio ?? '',
  })
  const [message, setMessage] = useState<MessageDescriptor | null>(null)
  const labels = { fullName: t`Full name`, phone: t`Phone`, birthDate: t`Birth date`, bio: t`Bio` }

  const submit = form.onSubmit((values) => {
    setMessage(null)
    updateUser
      .save({
        ...values,
        fullName: values.fullName.trim(),
        phone: values.phone.trim(),
        bio: values.bio.trim(),
      })
      .then(
        () => showToast({ color: 'green', message: i18n._(accountMessages.settingsUpdated) }),
        (error: Error) => {
          if (!showFieldErrors(form, error)) setMessage(errorMessage(error))
        },
      )
  })

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="profile-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="profile-title">
            <Trans>Profile</Trans>
          </Title>
          <TextInput label={t`E-mail`} value={user.email} readOnly disabled />
          <TextInput
            label={labels.fullName}
            autoComplete="name"
            required
            {...form.getInputProps('fullName')}
          />
          <TextInput label={labels.phone} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <BirthDateInput label={labels.birthDate} required {...form.getInputProps('birthDate')} />
          <Textarea label={labels.bio} rows={3} {...form.getInputProps('bio')} />
          <FormAlert form={form} labels={labels} message={message} />
          {updateUser.waiting ? (
            <Text size="sm" c="amber.9" role="status">
              {i18n._(accountMessages.queued)}
            </Text>
          ) : null}
          <Button
            type="submit"
            loading={updateUser.sending && !updateUser.waiting}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Save</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}

function Preferences({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui()
  const updateLanguage = useUpdateLanguage()
  const updateNotifications = useUpdateEmailNotifications()

  const changeLanguage = (value: string) => {
    if (!isLanguage(value) || value === user.language) return
    // A refusal is told, and undone, by the outbox (src/offline/outbox.ts).
    updateLanguage.save({ id: user._id, language: value }).catch(() => undefined)
  }

  const toggleNotifications = (enableEmailNotifications: boolean) =>
    void updateNotifications.save({ _id: user._id, enableEmailNotifications }).then(
      () => showToast({ color: 'green', message: i18n._(accountMessages.changesMade) }),
      // A refusal is told, and undone, by the outbox (src/offline/outbox.ts).
      () => undefined,
    )

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="preferences-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="preferences-title">
          <Trans>Preferences</Trans>
        </Title>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id="settings-language">
            <Trans>Language</Trans>
          </Text>
          <SegmentedControl
            value={user.language}
            onChange={changeLanguage}
            aria-labelledby="settings-language"
            data={LANGUAGE_OPTIONS}
          />
        </Group>
        <Switch
          label={t`E-mail notifications`}
          description={t`Receive an e-mail when a booking changes.`}
          checked={user.enableEmailNotifications}
          onChange={(event) => toggleNotifications(event.currentTarget.checked)}
        />
        <RenterPushSwitch />
        {updateLanguage.waiting || updateNotifications.waiting ? (
          <Text size="sm" c="amber.9" role="status">
            {i18n._(accountMessages.queued)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}

export function SettingsPage() {
  const sessionUser = useSessionUser()
  const { data, isPlaceholderData, dataUpdatedAt } = useQuery({
    ...userQueryOptions(sessionUser?._id ?? ''),
    enabled: Boolean(sessionUser),
    // The stored user shows at once (and offline); the server's copy replaces it.
    placeholderData: sessionUser ?? undefined,
  })
  // The interface's language is the device's; the changes still on their way are laid over the server's copy.
  const user = useUserWithPendingWrites(
    data && sessionUser ? { ...data, language: sessionUser.language } : (sessionUser ?? undefined),
  )

  return (
    <Screen size="sm" title={<Trans>Settings</Trans>} lead={<Trans>Your profile and preferences.</Trans>}>
      {user ? (
        <Stack gap="lg">
          <LastUpdated at={isPlaceholderData ? 0 : dataUpdatedAt} />
          {/* The form copies the user once: it starts again when the server's copy replaces the stored one
              (online, at once), so what is saved is never the older copy. */}
          <ProfileForm key={`${user._id}:${isPlaceholderData ? 'stored' : 'server'}`} user={user} />
          <AvatarSection user={user} />
          <Preferences user={user} />
          <ChangePassword user={user} />
        </Stack>
      ) : null}
    </Screen>
  )
}
