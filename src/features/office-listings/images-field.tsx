// The property form's images: several chosen at once, each uploaded on its own (the server checks and
// resizes it, docs/product.md §6), then moved up or down (the first is the card's) or removed. The form holds
// their file names; the small pictures are only shown here. 'Please add an image.' is said under it.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Image, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useId, useRef, useState } from 'react'

import { MAX_PROPERTY_IMAGES } from '@/domain/property-rules'
import { errorMessage } from '@/ui/account-messages'

import { uploadImage } from './api'

export interface ImagesFieldProps {
  label: string
  /** The images' file names, in order. */
  value: string[]
  /** A new order, or one image fewer. */
  onChange: (files: string[]) => void
  /** An image uploaded: it goes last (each as it comes, the others kept as they are then). */
  onAdd: (file: string) => void
  /** Each file name's small picture (those the property had and those uploaded here). */
  pictures: Record<string, string>
  onUploaded: (file: string, small: string) => void
  error?: ReactNode
}

export function ImagesField({
  label,
  value,
  onChange,
  onAdd,
  pictures,
  onUploaded,
  error,
}: ImagesFieldProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return
    setFailure(null)
    const chosen = [...files].slice(0, MAX_PROPERTY_IMAGES - value.length)
    setUploading(chosen.length)
    for (const file of chosen) {
      try {
        const uploaded = await uploadImage(file, file.name)
        onUploaded(uploaded.file, uploaded.small)
        onAdd(uploaded.file)
      } catch (cause) {
        setFailure(
          `${file.name}: ${i18n._(errorMessage(cause, msg`This image could not be uploaded. Try another file.`))}`,
        )
      }
      setUploading((left) => left - 1)
    }
    if (input.current) input.current.value = ''
  }
  const move = (from: number, to: number) => {
    const next = [...value]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    onChange(next)
  }

  return (
    <Input.Wrapper
      label={label}
      required
      error={error}
      description={t`The first image is the one search shows. JPEG, PNG or WebP, up to 10 MB each.`}
      labelElement="div"
    >
      <Stack gap="sm" mt={4}>
        {value.length > 0 ? (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="sm"
            component="ol"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {value.map((file, index) => (
              <Paper component="li" key={file} withBorder p="xs" radius="md">
                <Stack gap={6}>
                  <Image src={pictures[file]} alt={t`Image ${index + 1}`} radius="sm" h={120} fit="cover" />
                  <Group gap={4} wrap="wrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={t`Move image ${index + 1} up`}
                    >
                      <Trans>Up</Trans>
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={index === value.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={t`Move image ${index + 1} down`}
                    >
                      <Trans>Down</Trans>
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => onChange(value.filter((each) => each !== file))}
                      aria-label={t`Remove image ${index + 1}`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        ) : null}
        <Group gap="sm">
          <input
            ref={input}
            id={`${id}-files`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            hidden
            aria-invalid={error ? true : undefined}
            onChange={(event) => void add(event.currentTarget.files)}
          />
          <Button
            variant="default"
            loading={uploading > 0}
            disabled={value.length >= MAX_PROPERTY_IMAGES}
            onClick={() => input.current?.click()}
          >
            <Trans>Add images</Trans>
          </Button>
          {uploading > 0 ? (
            <Text size="sm" c="dimmed" role="status">
              <Trans>Uploading…</Trans>
            </Text>
          ) : null}
        </Group>
        {failure ? (
          <Text size="sm" c="red.9" role="alert">
            {failure}
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  )
}
