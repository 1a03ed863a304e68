import { choiceLetter } from '@qbank/contract/constants';
import type { QuestionVersion } from '@qbank/contract/staff-content';
import { diffWords } from 'diff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useVersions } from '../api/get-versions';
import { NS } from '../i18n';

/** One version as text, so that two versions compare word by word. */
function asText(v: QuestionVersion['snapshot'], t: (key: string) => string): string {
  const lines = [
    `${t('fields.type')}: ${v.type}`,
    `${t('fields.stem')}: ${v.stem}`,
    ...v.choices.map(
      (c, i) =>
        `${choiceLetter(i)}${c.is_correct ? ' ✔' : ''}: ${c.text}${c.explanation ? ` — ${c.explanation}` : ''}`,
    ),
    `${t('fields.explanation')}: ${v.explanation}`,
    `${t('fields.key_point')}: ${v.key_point}`,
    `${t('fields.tags')}: ${v.tags.join(', ')}`,
    `${t('fields.year')}: ${v.year ?? ''}`,
  ];
  return lines.join('\n');
}

/** The version history, newest first; each version shows its changes from the one before. */
export function VersionsPanel({ questionId }: { questionId: number }) {
  const { t } = useTranslation(NS);
  const versions = useVersions(questionId, true);
  const [open, setOpen] = useState<number | null>(null);
  if (versions.isPending) return <Spinner label={t('loading')} />;
  const list = versions.data ?? [];
  if (!list.length) return <p className="empty-state">{t('versions.none')}</p>;
  const shown = open ?? list[0]!.number;
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
      {list.map((v, i) => {
        if (v.number !== shown) return null;
        const previous = list[i + 1];
        const parts = diffWords(
          previous ? asText(previous.snapshot, t) : '',
          asText(v.snapshot, t),
        );
        return (
          <section
            key={v.number}
            className="version-diff"
            aria-label={t('versions.diff', { n: v.number })}
          >
            <h2>
              {previous
                ? t('versions.diff-from', { n: v.number, m: previous.number })
                : t('versions.first', { n: v.number })}
            </h2>
            <pre>
              {parts.map((part, k) =>
                part.added ? (
                  <ins key={k}>{part.value}</ins>
                ) : part.removed ? (
                  <del key={k}>{part.value}</del>
                ) : (
                  <span key={k}>{part.value}</span>
                ),
              )}
            </pre>
          </section>
        );
      })}
    </div>
  );
}
