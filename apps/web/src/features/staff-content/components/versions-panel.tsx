import { choiceLetter } from '@qbank/contract/constants';
import type { QuestionVersion, StaffQuestionSaved } from '@qbank/contract/staff-content';
import { diffWords } from 'diff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useVersions } from '../api/get-versions';
import { useRevertVersion } from '../api/revert-version';
import { NS } from '../i18n';

type Snapshot = QuestionVersion['snapshot'];
type Translate = ReturnType<typeof useTranslation<typeof NS>>['t'];
type Choice = Snapshot['choices'][number];

/** The key as letters (A, C), in the version's own choice order. */
const keyOf = (v: Snapshot) =>
  v.choices
    .map((c, i) => (c.is_correct ? choiceLetter(i) : null))
    .filter(Boolean)
    .join(', ');

const choiceText = (c: Choice) => (c.explanation ? `${c.text}\n— ${c.explanation}` : c.text);

interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/**
 * What changed from one version to the next, field by field: stem, each choice (matched by its
 * id, so a reordered or edited choice reads as itself), explanation, key point, tags, year,
 * type. The key is compared apart: its change is the one that re-scores learners.
 */
function fieldChanges(previous: Snapshot | null, next: Snapshot, t: Translate) {
  const base: Snapshot = previous ?? {
    ...next,
    stem: '',
    explanation: '',
    key_point: '',
    tags: [],
    year: null,
    choices: [],
  };
  const changes: FieldChange[] = [];
  const push = (label: string, before: string, after: string) => {
    if (before !== after) changes.push({ label, before, after });
  };
  push(t('fields.type'), previous ? base.type : '', next.type);
  push(t('fields.stem'), base.stem, next.stem);
  const beforeById = new Map(base.choices.map((c, i) => [c.id, { c, i }]));
  next.choices.forEach((c, i) => {
    const old = beforeById.get(c.id);
    beforeById.delete(c.id);
    const label = t('versions.choice', { letter: choiceLetter(i) });
    push(
      old ? label : `${label} (${t('versions.added')})`,
      old ? choiceText(old.c) : '',
      choiceText(c),
    );
  });
  for (const { c, i } of beforeById.values()) {
    push(
      `${t('versions.choice', { letter: choiceLetter(i) })} (${t('versions.removed')})`,
      choiceText(c),
      '',
    );
  }
  push(t('fields.explanation'), base.explanation, next.explanation);
  push(t('fields.key_point'), base.key_point, next.key_point);
  push(t('fields.tags'), base.tags.join(', '), next.tags.join(', '));
  push(t('fields.year'), String(base.year ?? ''), String(next.year ?? ''));
  return changes;
}

function Words({ before, after }: { before: string; after: string }) {
  return (
    <pre>
      {diffWords(before, after).map((part, k) =>
        part.added ? (
          <ins key={k}>{part.value}</ins>
        ) : part.removed ? (
          <del key={k}>{part.value}</del>
        ) : (
          <span key={k}>{part.value}</span>
        ),
      )}
    </pre>
  );
}

/**
 * The version history, newest first; each version shows its changes from the one before, field
 * by field, a key change in a banner of its own; an older version can be reverted to (which
 * saves it as a new version).
 */
export function VersionsPanel({
  questionId,
  unsaved,
  onReverted,
}: {
  questionId: number;
  /** The editor holds unsaved edits: a revert would replace them, the confirmation says so. */
  unsaved: boolean;
  onReverted: (saved: StaffQuestionSaved) => void;
}) {
  const { t } = useTranslation(NS);
  const versions = useVersions(questionId, true);
  const revert = useRevertVersion();
  const [open, setOpen] = useState<number | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  if (versions.isPending) return <Spinner label={t('loading')} />;
  const list = versions.data ?? [];
  if (!list.length) return <p className="empty-state">{t('versions.none')}</p>;
  const shown = open ?? list[0]!.number;
  const latest = list[0]!.number;
  return (
    <div className="versions">
      <ol className="version-list">
        {list.map((v) => (
          <li key={v.number}>
            <button
              type="button"
              className={v.number === shown ? 'version is-active' : 'version'}
              aria-pressed={v.number === shown}
              onClick={() => setOpen(v.number)}
            >
              <strong>{t('versions.number', { n: v.number })}</strong>
              <span className="muted">
                {new Date(v.created_at).toLocaleString()} · {v.author ?? '–'}
              </span>
              {v.rescored ? (
                <span className="flag">{t('versions.rescored', { count: v.rescored })}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
      <FormAlert>{revert.error?.message}</FormAlert>
      {list.map((v, i) => {
        if (v.number !== shown) return null;
        const previous = list[i + 1]?.snapshot ?? null;
        const changes = fieldChanges(previous, v.snapshot, t);
        const keyBefore = previous ? keyOf(previous) : null;
        const keyAfter = keyOf(v.snapshot);
        return (
          <section
            key={v.number}
            className="version-diff"
            aria-label={t('versions.diff', { n: v.number })}
          >
            <h2>
              {previous
                ? t('versions.diff-from', { n: v.number, m: list[i + 1]!.number })
                : t('versions.first', { n: v.number })}
            </h2>
            {keyBefore !== null && keyBefore !== keyAfter ? (
              <p className="key-change">
                <strong>{t('versions.key-changed')}</strong>{' '}
                {t('versions.key-from-to', { before: keyBefore || '–', after: keyAfter || '–' })}
              </p>
            ) : (
              <p className="muted">{t('versions.key', { key: keyAfter || '–' })}</p>
            )}
            {changes.length ? (
              <dl className="field-diff">
                {changes.map((c) => (
                  <div key={c.label}>
                    <dt>{c.label}</dt>
                    <dd>
                      <Words before={c.before} after={c.after} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="muted">{t('versions.same-content')}</p>
            )}
            {v.number !== latest ? (
              <Button variant="secondary" onClick={() => setAsking(v.number)}>
                {t('versions.revert', { n: v.number })}
              </Button>
            ) : null}
          </section>
        );
      })}
      {asking !== null ? (
        <ConfirmDialog
          title={t('versions.revert-title', { n: asking })}
          text={`${t('versions.revert-text', { n: asking, next: latest + 1 })}${unsaved ? ` ${t('versions.revert-unsaved')}` : ''}`}
          confirmLabel={t('versions.revert', { n: asking })}
          busy={revert.isPending}
          onConfirm={() =>
            revert.mutate(
              { id: questionId, number: asking },
              {
                onSuccess: (saved) => {
                  setAsking(null);
                  setOpen(null);
                  onReverted(saved);
                },
                onError: () => setAsking(null),
              },
            )
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
