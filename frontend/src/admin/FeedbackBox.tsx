import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { sendFeedback } from '../api/client';
import type { FeedbackBody } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from './fieldErrors';
import { describeSentence, feedbackFieldId, type FeedbackSentence } from './feedbackTarget';

interface FeedbackBoxProps {
  roundId: number;
  annotator: string;
  /** The sentence the note is about, attached from the comparison; null for the whole unit. */
  sentence: FeedbackSentence | null;
  onDetach: () => void;
  /** Called after a note is sent, so the list of sent notes can show it. */
  onSent?: () => void;
}

/** A note to one annotator; they see it on top of their queue until they mark it read. */
export function FeedbackBox({ roundId, annotator, sentence, onDetach, onSent }: FeedbackBoxProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    if (text.trim() === '') {
      setErrors({ fields: { text: 'Write something first.' }, general: null });
      return;
    }
    const body: FeedbackBody = { annotator, text: text.trim() };
    if (sentence !== null) body.sentence = sentence.id;
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await sendFeedback(roundId, body);
      setSent(
        sentence === null
          ? `Sent to ${annotator}.`
          : `Sent to ${annotator}, about ${describeSentence(sentence)}.`,
      );
      setText('');
      onDetach();
      onSent?.();
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="sm" component="form" onSubmit={(event: FormEvent) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Textarea
          id={feedbackFieldId(annotator)}
          label={`Feedback to ${annotator}`}
          autosize
          minRows={3}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setSent(null);
          }}
          error={fieldError(errors, 'text', 'annotator', 'sentence')}
        />
        {sentence !== null && (
          <Group gap="xs" wrap="wrap" align="flex-start">
            <Text size="sm">
              About {describeSentence(sentence)}: “{sentence.text}”
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              onClick={onDetach}
              aria-label={`Remove the sentence from the feedback to ${annotator}`}
              // Never squeezed to "Rem" by a long sentence beside it.
              style={{ flexShrink: 0 }}
            >
              Remove
            </Button>
          </Group>
        )}
        {errors.general !== null && (
          <Alert color="red" title="The feedback was not sent" role="alert" p="xs">
            {errors.general}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" size="xs" loading={busy} aria-label={`Send feedback to ${annotator}`}>
            Send
          </Button>
          {sent !== null && (
            <Text size="sm" c="teal.8" role="status">
              {sent}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
