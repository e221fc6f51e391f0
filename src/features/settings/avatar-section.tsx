// Settings: the user's picture. A chosen image is checked (type, size), previewed, then sent to
// POST /api/update-avatar/{id}; the server's answer (the user) replaces the stored user, so the header's menu
// shows it at once. "Remove" calls POST /api/delete-avatar/{id}. Not queued offline: a file is not replayable.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'

import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarSource } from '@/domain/avatar'
import { API_ERROR_CODES } from '@/domain/error-codes'
import { patchSessionUser, type SessionUser, userKeys } from '@/entities/session/session'
import { ApiError } from '@/lib/api-client'
import { accountMessages, errorMessage } from '@/ui/account-messages'
import { showToast } from '@/ui/toast'

import { deleteAvatar, uploadAvatar } from './api'
import { type AvatarProblem, checkAvatarFile } from './avatar-file'

export const avatarMessages = {
  noImage: msg`Please add an image.`,
  notAnImage: msg`The file is not an image.`,
} satisfies Record<string, MessageDescriptor>

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

type Problem = { kind: AvatarProblem; size?: number } | { kind: 'other'; message: MessageDescriptor }

/** The server's refusal, by code, → what to show (a 413's message carries the server's limit in MB). */
export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.status === 413) {
      const size = /([\d.]+) MB/.exec(error.message)?.[1]
      return { kind: 'tooLarge', size: size ? Number(size) : megabytes(AVATAR_MAX_BYTES) }
    }
    if (error.code === API_ERROR_CODES.noImage) return { kind: 'noImage' }
    if (error.code === API_ERROR_CODES.notAnImage) return { kind: 'notAnImage' }
  }
  return { kind: 'other', message: errorMessage(error) }
}

export function AvatarSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const fieldId = useId()
  const clearChosenFile = useRef<() => void>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const describe = (value: Problem): string => {
    switch (value.kind) {
      case 'noImage':
        return i18n._(avatarMessages.noImage)
      case 'notAnImage':
        return i18n._(avatarMessages.notAnImage)
      case 'tooLarge': {
        const size = value.size ?? megabytes(AVATAR_MAX_BYTES)
        return t`The image must not be larger than ${size} MB.`
      }
      case 'other':
        return i18n._(value.message)
    }
  }

  const saved = (next: SessionUser) => {
    queryClient.setQueryData(userKeys.detail(user._id), next)
    patchSessionUser(user._id, { avatar: next.avatar ?? null })
    showToast({ color: 'green', message: i18n._(accountMessages.changesMade) })
  }

  const choose = (chosen: File | null) => {
    const found = checkAvatarFile(chosen)
    setFile(found ? null : chosen)
    setPreview(found || !chosen ? null : URL.createObjectURL(chosen))
    setProblem(found && chosen ? { kind: found, size: megabytes(AVATAR_MAX_BYTES) } : null)
  }

  const upload = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!file) {
      setProblem({ kind: 'noImage' })
      return
    }
    setBusy(true)
    try {
      saved(await uploadAvatar(user._id, file, file.name))
      setFile(null)
      setPreview(null)
      setProblem(null)
      clearChosenFile.current?.()
    } catch (error) {
      setProblem(problemOf(error))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    if (busy) return
    setBusy(true)
    try {
      saved(await deleteAvatar(user._id))
      setProblem(null)
    } catch (error) {
      setProblem(problemOf(error))
    } finally {
      setBusy(false)
    }
  }

  const shown = preview ?? avatarSource(user.avatar)
  const name = user.fullName
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="avatar-title">
      <form onSubmit={(event) => void upload(event)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="avatar-title">
            <Trans>Picture</Trans>
          </Title>
          <Group gap="lg" align="center">
            <Avatar
              src={shown}
              size={96}
              radius={48}
              color="petrol"
              alt={preview ? t`Preview of your new picture` : t`Picture of ${name}`}
              data-testid="avatar-preview"
            >
              {user.fullName?.trim().charAt(0).toUpperCase() || '?'}
            </Avatar>
            {/* A button rather than the browser's own file input: its "Choose File" and file name do not fit
                beside the picture on a phone, and made the whole page scroll sideways. */}
            <Stack gap={6} align="flex-start" miw={0} style={{ flex: '1 1 10rem' }}>
              <FileButton onChange={choose} accept={AVATAR_TYPES.join(',')} resetRef={clearChosenFile}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    disabled={busy}
                    aria-describedby={problem ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
                  >
                    <Trans>Choose an image</Trans>
                  </Button>
                )}
              </FileButton>
              {file ? (
                <Text size="sm" maw="100%" truncate="end">
                  {file.name}
                </Text>
              ) : null}
              <Text id={`${fieldId}-hint`} size="xs" c="dimmed">
                <Trans>JPEG, PNG, WebP, GIF or AVIF, up to {megabytes(AVATAR_MAX_BYTES)} MB.</Trans>
              </Text>
            </Stack>
          </Group>
          {problem ? (
            <Text id={`${fieldId}-error`} role="alert" size="sm" c="red.8">
              {describe(problem)}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={busy && Boolean(file)}>
              <Trans>Save picture</Trans>
            </Button>
            {user.avatar ? (
              <Button variant="default" color="red" onClick={() => void remove()} disabled={busy}>
                <Trans>Remove picture</Trans>
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
