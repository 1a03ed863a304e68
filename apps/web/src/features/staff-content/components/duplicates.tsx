import type { DuplicateMatch, ImportDuplicate } from '@qbank/contract/staff-content';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toPlainText } from '../../../components/question-content';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useDebounce } from 'use-debounce';
import {
  useDraftDuplicates,
  useDuplicateSettings,
  useSaveDuplicateSettings,
} from '../api/duplicates';
import type { QuestionFormValues } from './question-form';
import { NS } from '../i18n';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** Links to the close questions, each with its similarity and status. */
function Matches({ matches }: { matches: DuplicateMatch[] }) {
  const { t } = useTranslation(NS);
  return (
    <ul className="duplicate-matches">
      {matches.map((m) => (
        <li key={m.id}>
          <Link to={`/staff/questions/${m.id}`}>
            {t('duplicates.question', { id: m.id })}: {toPlainText(m.stem) || t('bank.no-text')}
          </Link>{' '}
          <span className="muted">
            {t('duplicates.similar', { share: percent(m.similarity) })} · {t(`status.${m.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A pause in typing before the text is checked (one query per pause, not per key). */
const DRAFT_DEBOUNCE_MS = 600;
/** Shorter stems match too much to say anything. */
const MIN_STEM = 15;

/**
 * The editor's "possible duplicates" of the text being typed, saved or not (nothing shown
 * when none): stem, choices and explanation, checked after each pause in typing.
 */
export function DraftDuplicates({
  questionId,
  values,
}: {
  questionId: number | null;
  values: Pick<QuestionFormValues, 'stem' | 'choices' | 'explanation'>;
}) {
  const { t } = useTranslation(NS);
  const [draft] = useDebounce(
    {
      stem: values.stem ?? '',
      choices: (values.choices ?? []).map((c) => ({ text: c.text ?? '' })),
      explanation: values.explanation ?? '',
      question: questionId,
    },
    DRAFT_DEBOUNCE_MS,
    { equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b) },
  );
  const duplicates = useDraftDuplicates(draft, draft.stem.trim().length >= MIN_STEM);
  const list = draft.stem.trim().length >= MIN_STEM ? (duplicates.data ?? []) : [];
  if (!list.length) return null;
  return (
    <section className="duplicates-panel" aria-labelledby="duplicates-title">
      <h2 id="duplicates-title">{t('duplicates.title', { count: list.length })}</h2>
      <Matches matches={list} />
    </section>
  );
}

/** The dry-run report's part: each question of the file that looks like one in the bank. */
export function ImportDuplicates({
  duplicates,
  threshold,
}: {
  duplicates: ImportDuplicate[];
  threshold: number;
}) {
  const { t } = useTranslation(NS);
  return (
    <section aria-label={t('duplicates.in-file')}>
      <h3>
        {t('duplicates.in-file')} ({duplicates.length})
      </h3>
      <p className="muted">{t('duplicates.threshold-used', { share: percent(threshold) })}</p>
      {duplicates.length ? (
        <ol className="problem-list">
          {duplicates.map((d) => (
            <li key={d.index}>
              <strong>{t('duplicates.file-question', { n: d.index + 1 })}</strong>{' '}
              {d.external_id ? <code>{d.external_id}</code> : null} {toPlainText(d.stem)}
              <Matches matches={d.matches} />
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('duplicates.none')}</p>
      )}
    </section>
  );
}

/** Staff's similarity threshold, in percent (the API keeps a share, 0.1–1). */
export function DuplicateThreshold() {
  const { t } = useTranslation(NS);
  const settings = useDuplicateSettings();
  const save = useSaveDuplicateSettings();
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? (settings.data ? String(Math.round(settings.data.threshold * 100)) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ threshold: Number(shown) / 100 }, { onSuccess: () => setValue(null) });
  };
  return (
    <form className="threshold-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="duplicate-threshold">{t('duplicates.threshold')}</label>
        <input
          id="duplicate-threshold"
          type="number"
          min={10}
          max={100}
          inputMode="numeric"
          value={shown}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="duplicate-threshold-hint"
        />
        <p className="field-hint" id="duplicate-threshold-hint">
          {t('duplicates.threshold-hint')}
        </p>
      </div>
      <Button type="submit" variant="secondary" loading={save.isPending}>
        {t('duplicates.save')}
      </Button>
      {save.isSuccess && value === null ? <span role="status">{t('duplicates.saved')}</span> : null}
      <FormAlert>{save.error?.message}</FormAlert>
    </form>
  );
}
