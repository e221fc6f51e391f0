// An administrative act behind a confirmation: its button opens a dialog that says what it will do; confirming
// sends it, and the page is told the outcome (useActOutcome): what was done, or the server's refusal in words.
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'

import { errorMessage } from '@/ui/account-messages'
import { FormNotice } from '@/ui/form'

export interface Outcome {
  ok: boolean
  message: MessageDescriptor
}

/** The last act's outcome on a page, and the notice that tells it. */
export function useActOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  return {
    outcome,
    setOutcome,
    notice: <FormNotice notice={outcome} />,
  }
}

export function ConfirmAct({
  label,
  question,
  done,
  act,
  onOutcome,
  color,
  variant = 'default',
}: {
  label: string
  question: string
  /** What the page says once the act went through. */
  done: MessageDescriptor
  act: () => Promise<unknown>
  onOutcome: (outcome: Outcome) => void
  color?: ButtonProps['color']
  variant?: ButtonProps['variant']
}) {
  const [opened, { open, close }] = useDisclosure(false)
  const [sending, setSending] = useState(false)
  const confirm = async () => {
    setSending(true)
    try {
      await act()
      onOutcome({ ok: true, message: done })
    } catch (error) {
      onOutcome({ ok: false, message: errorMessage(error) })
    } finally {
      setSending(false)
      close()
    }
  }
  return (
    <>
      <Button variant={variant} color={color} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label} centered>
        <Stack gap="md">
          <Text>{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color={color} loading={sending} onClick={() => void confirm()}>
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
