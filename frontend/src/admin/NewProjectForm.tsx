import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { createProject } from '../api/client';
import type { AdminProject, ProjectOptions } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from './fieldErrors';
import { buildNewProjectBody, slugFromName, type NewProjectValues } from './newProjectBody';
import { SchemeFields } from './SchemeFields';
import { defaultScheme } from './schemeControls';
import { TaxonomyPicker } from './TaxonomyPicker';

interface NewProjectFormProps {
  options: ProjectOptions;
  onCreated: (project: AdminProject) => void;
}

// The fields the form shows beside a control; any other field error joins the general message.
const SHOWN = ['name', 'slug', 'taxonomy', 'scheme'];

function initialValues(options: ProjectOptions): NewProjectValues {
  const fallback = options.taxonomies[0]?.slug ?? '';
  const known = options.taxonomies.some((taxonomy) => taxonomy.slug === options.default_taxonomy);
  return {
    name: '',
    slug: '',
    slugEdited: false,
    taxonomy: known ? options.default_taxonomy : fallback,
    scheme: defaultScheme(options.scheme),
  };
}

/** Creates a project (staff): name, slug, a built-in taxonomy to copy, and its scheme. */
export function NewProjectForm({ options, onCreated }: NewProjectFormProps) {
  const [values, setValues] = useState<NewProjectValues>(() => initialValues(options));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof NewProjectValues>(key: K, value: NewProjectValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildNewProjectBody(values);
    if ('errors' in built) {
      setErrors({ fields: built.errors, general: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onCreated(await createProject(built.body));
    } catch (failure) {
      setErrors(formErrors(failure));
      setBusy(false);
    }
  }

  const error = (...names: string[]) => fieldError(errors, ...names);
  const unshown = Object.entries(errors.fields)
    .filter(([field]) => !SHOWN.some((name) => field === name || field.startsWith(`${name}.`)))
    .map(([field, message]) => `${field}: ${message}`);
  // A scheme error for a question this form has no control for would otherwise be lost.
  const schemeKeys = new Set(options.scheme.map((question) => `scheme.${question.key}`));
  const unknownScheme = Object.entries(errors.fields)
    .filter(([field]) => field.startsWith('scheme.') && !schemeKeys.has(field))
    .map(([field, message]) => `${field}: ${message}`);
  const general = [errors.general, ...unshown, ...unknownScheme].filter((part): part is string => part !== null);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New project">
      <Stack gap="lg" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            description="What members see, e.g. “Meeting summaries, pilot”."
            required
            value={values.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((current) => ({ ...current, name, slug: current.slugEdited ? current.slug : slugFromName(name) }));
            }}
            error={error('name')}
          />
          <TextInput
            label="Slug"
            description="In addresses and exports: lowercase letters, digits, - and _."
            required
            value={values.slug}
            onChange={(event) => {
              const slug = event.currentTarget.value;
              setValues((current) => ({ ...current, slug, slugEdited: slug !== '' }));
            }}
            error={error('slug')}
          />
        </SimpleGrid>
        <TaxonomyPicker
          taxonomies={options.taxonomies}
          value={values.taxonomy}
          onChange={(taxonomy) => set('taxonomy', taxonomy)}
          error={error('taxonomy')}
        />
        <SchemeFields switches={options.scheme} value={values.scheme} onChange={(scheme) => set('scheme', scheme)} errorFor={error} />
        {general.length > 0 && (
          <Alert color="red" role="alert">
            {general.join(' ')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            Create project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
